"""Fixtures for the browser tests: one live SQLite-backed server and Debian's headless chromium."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Iterator

import pytest

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "tests" / "system"))

from hearth_harness import HarnessError, HearthServer, make_workdir, sqlite_url  # noqa: E402
from playwright.sync_api import Browser, Page, expect, sync_playwright  # noqa: E402

CHROMIUM = os.environ.get("HEARTH_CHROMIUM", "/usr/bin/chromium")
SCREENSHOTS = REPO / ".tmp" / "screenshots"
TIMEOUT_MS = 15_000

expect.set_options(timeout=TIMEOUT_MS)


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item, call):
    report = yield
    setattr(item, f"rep_{report.when}", report)
    return report


@pytest.fixture(scope="session")
def live_server() -> Iterator[HearthServer]:
    workdir = make_workdir("browser")
    server = HearthServer(sqlite_url(workdir / "hearth.sqlite"), workdir, name="browser")
    try:
        server.start()
    except HarnessError as exc:
        pytest.fail(str(exc), pytrace=False)
    yield server
    server.stop()
    print(server.log_tail(40))


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    if not Path(CHROMIUM).exists():
        pytest.fail(f"no chromium at {CHROMIUM}: run scripts/setup", pytrace=False)
    with sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path=CHROMIUM,
            headless=True,
            # --no-sandbox: CI runs as root, where chromium's sandbox cannot start.
            # --no-proxy-server: pages come from 127.0.0.1 only.
            args=["--no-sandbox", "--no-proxy-server"],
        )
        yield browser
        browser.close()


@pytest.fixture
def screenshots() -> Path:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    return SCREENSHOTS


@pytest.fixture
def page(browser: Browser, live_server: HearthServer, request: pytest.FixtureRequest) -> Iterator[Page]:
    """A fresh desktop-sized page with its own cookies; JavaScript errors fail the test."""
    context = browser.new_context(
        base_url=live_server.base_url,
        viewport={"width": 1280, "height": 900},
        timezone_id="Asia/Tokyo",
        locale="en-US",
    )
    context.set_default_timeout(TIMEOUT_MS)
    # Every Content-Security-Policy violation fails the test, as a script error does.
    context.add_init_script(
        "document.addEventListener('securitypolicyviolation', (e) =>"
        " console.error('CSP violation: ' + e.violatedDirective + ' blocked ' + e.blockedURI));"
    )
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.on(
        "console",
        lambda message: errors.append(message.text)
        if message.type == "error" and ("CSP violation" in message.text or "Content Security Policy" in message.text)
        else None,
    )
    page.js_errors = errors  # type: ignore[attr-defined]
    yield page
    call = getattr(request.node, "rep_call", None)
    if call is not None and call.failed:
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        shot = SCREENSHOTS / f"failed-{request.node.name}.png"
        try:
            page.screenshot(path=str(shot), full_page=True)
            print(f"screenshot of the failing page: {shot} (at {page.url})")
        except Exception as exc:  # noqa: BLE001 - a diagnostic only
            print(f"no screenshot: {exc}")
    context.close()
    assert not errors, f"JavaScript errors on the page: {errors}"
