"""Fixtures for the system tests: real `hearth serve` processes on loopback ports."""

from __future__ import annotations

import json
import os
import shutil
import sys
from pathlib import Path
from typing import Callable, Iterator

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from hearth_harness import (  # noqa: E402
    FIGURES,
    HarnessError,
    REPO,
    HearthServer,
    make_workdir,
    postgres_required,
    postgres_url,
    reset_postgres,
    sqlite_url,
)

BACKENDS = ["sqlite", "postgres"]


FIGURES_DIR = REPO / ".tmp" / "system" / "figures"


def pytest_sessionstart(session) -> None:
    if not os.environ.get("PYTEST_XDIST_WORKER"):
        shutil.rmtree(FIGURES_DIR, ignore_errors=True)


def pytest_sessionfinish(session) -> None:
    """A pytest-xdist worker leaves its figures in a file for the summary of the whole run."""
    worker = os.environ.get("PYTEST_XDIST_WORKER")
    if worker and FIGURES:
        FIGURES_DIR.mkdir(parents=True, exist_ok=True)
        (FIGURES_DIR / f"{worker}.json").write_text(json.dumps(FIGURES))


def pytest_terminal_summary(terminalreporter) -> None:
    figures = list(FIGURES)
    for path in sorted(FIGURES_DIR.glob("*.json")):
        figures += json.loads(path.read_text())
    if figures:
        terminalreporter.section("figures")
        for text in figures:
            for line in text.splitlines():
                terminalreporter.write_line(line)


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item, call):
    report = yield
    setattr(item, f"rep_{report.when}", report)
    return report


def _require_postgres() -> str:
    url = postgres_url()
    if url is None:
        message = "HEARTH_TEST_DATABASE_URL is not set (make test starts a throwaway PostgreSQL)"
        if postgres_required():
            pytest.fail(message + "; it is required under CI=true or HEARTH_REQUIRE_POSTGRES=1")
        pytest.skip(message)
    return url


@pytest.fixture
def pg_url() -> str:
    """The test PostgreSQL URL; fails (not skips) when required and missing."""
    return _require_postgres()


ServerFactory = Callable[..., HearthServer]


@pytest.fixture
def start_server(request: pytest.FixtureRequest) -> Iterator[ServerFactory]:
    """Starts servers for one test and stops them all afterwards, printing their logs on failure.

    `start_server("sqlite")` uses a fresh SQLite file; `start_server("postgres")` drops and
    recreates schema public first, unless `reset=False` (a second process on the same database).
    `start_server(database_url=...)` reuses a database as it is.
    """
    started: list[HearthServer] = []
    workdir = make_workdir(request.node.name.replace("/", "_")[:60])

    def start(
        backend: str | None = None,
        *,
        database_url: str | None = None,
        reset: bool = True,
        name: str | None = None,
        secret: str | None = None,
        extra_env: dict[str, str] | None = None,
    ) -> HearthServer:
        name = name or f"hearth{len(started) + 1}"
        if database_url is None:
            if backend == "sqlite":
                database_url = sqlite_url(workdir / f"{name}.sqlite")
            elif backend == "postgres":
                database_url = _require_postgres()
                if reset:
                    reset_postgres(database_url)
            else:
                raise ValueError(f"unknown backend {backend!r}")
        server = HearthServer(
            database_url, workdir, name=name, secret=secret, extra_env=extra_env
        )
        started.append(server)
        try:
            server.start()
        except HarnessError as exc:
            pytest.fail(str(exc), pytrace=False)
        return server

    yield start

    for server in started:
        server.stop()
    failed = any(
        getattr(request.node, f"rep_{when}", None) is not None
        and getattr(request.node, f"rep_{when}").failed
        for when in ("setup", "call")
    )
    if failed:
        for server in started:
            print(server.log_tail(80))


@pytest.fixture(params=BACKENDS)
def backend(request: pytest.FixtureRequest) -> str:
    return request.param


@pytest.fixture
def server(backend: str, start_server: ServerFactory) -> HearthServer:
    """One live server, once on SQLite and once on PostgreSQL."""
    return start_server(backend)
