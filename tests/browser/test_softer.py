"""Softer in two browsers: two people converse with Lightward (a fake on loopback) and see each
other's messages and typing without reloading."""

from __future__ import annotations

import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from hearth_harness import PASSWORD, HearthServer, make_workdir, sqlite_url, unique_email
from playwright.sync_api import Browser, Page, expect


class FakeLightward:
    """Accepts every invitation and answers every turn with the same greeting."""

    def __init__(self) -> None:
        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:  # noqa: N802 (http.server's naming)
                body = self.rfile.read(int(self.headers.get("Content-Length", "0"))).decode()
                text = ("accept" if body.endswith("accept or decline.") else "Welcome, both of you.").encode()
                self.send_response(200)
                self.send_header("Content-Type", "text/plain; charset=utf-8")
                self.send_header("Content-Length", str(len(text)))
                self.end_headers()
                self.wfile.write(text)

            def log_message(self, *args: object) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/api/plain"


@pytest.fixture
def softer_server():
    fake = FakeLightward()
    workdir = make_workdir("browser-softer")
    server = HearthServer(
        sqlite_url(workdir / "hearth.sqlite"), workdir, name="softer",
        extra_env={"SOFTER_LIGHTWARD_URL": fake.url},
    )
    server.start()
    yield server
    server.stop()
    fake.server.shutdown()


def person(browser: Browser, server: HearthServer, name: str, viewport: dict) -> tuple[Page, str, list[str]]:
    email = unique_email(name.lower())
    response = server.client().signup(email, display_name=name)
    assert response.status_code == 201, response.text
    context = browser.new_context(base_url=server.base_url, viewport=viewport, locale="en-US")
    context.set_default_timeout(15_000)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto("/login?next=/softer")
    page.locator('input[name="email"]').fill(email)
    page.locator('input[name="password"]').fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url("**/softer")
    return page, email, errors


def test_two_people_converse_live_with_lightward(browser: Browser, softer_server, screenshots) -> None:
    ann, _, ann_errors = person(browser, softer_server, "Ann", {"width": 1280, "height": 900})
    ben, ben_email, ben_errors = person(browser, softer_server, "Ben", {"width": 390, "height": 844})

    # An empty list invites to open a room; the tier defaults to $10
    expect(ann.locator(".softer-empty")).to_contain_text("Open a Room")
    expect(ann.locator('input[name="tier"][value="10"]')).to_be_checked()
    ann.locator("#softer-nickname").fill("Ann")
    ann.locator('[name="contact"]').fill(ben_email)
    ann.locator('[name="contactNickname"]').fill("Ben")
    ann.get_by_role("button", name="Create Room").click()
    ann.wait_for_url("**/softer/rooms/*")
    expect(ann.locator(".softer-ledger")).to_contain_text("Ann opened a room with $10.")
    expect(ann.locator(".softer-ledger")).to_contain_text("Lightward arrived.")

    # Ben sees the pending room and arrives
    ben.reload()
    expect(ben.locator(".softer-rooms")).to_contain_text("Waiting for 1 participant...")
    ben.locator(".softer-room-row").click()
    ben.get_by_role("button", name="I'm Here").click()
    expect(ben.locator(".softer-turn")).to_contain_text("Ann's turn")
    expect(ann.get_by_role("button", name="Leave Room")).to_be_visible()
    expect(ann.locator(".softer-compose")).to_be_visible()
    expect(ben.locator(".softer-compose")).to_be_hidden()

    # Ann types: Ben sees it; Ann sends: Ben sees the message, then Lightward's answer
    ann.locator("#softer-text").fill("Hello Ben")
    expect(ben.locator(".softer-typing")).to_have_text("Ann is typing...")
    expect(ann.locator("[data-softer-send]")).to_have_text("Send")
    ann.locator("[data-softer-send]").click()
    expect(ben.locator(".softer-mine, .softer-theirs").last).to_contain_text("Hello Ben")
    expect(ben.locator(".softer-lightward").last).to_contain_text("Welcome, both of you.")
    expect(ann.locator(".softer-lightward").last).to_contain_text("Welcome, both of you.")
    expect(ben.locator(".softer-typing")).to_have_count(0)

    # Ben's turn: he answers, and Ann sees it
    expect(ben.locator(".softer-compose")).to_be_visible()
    ben.locator("#softer-text").fill("Hi Ann")
    expect(ann.locator(".softer-typing")).to_have_text("Ben is typing...")
    ben.locator("[data-softer-send]").click()
    expect(ann.locator(".softer-theirs").last).to_contain_text("Hi Ann")
    ann.screenshot(path=str(screenshots / "softer-room.png"), full_page=True)
    ben.screenshot(path=str(screenshots / "softer-room-phone.png"), full_page=True)
    assert ann_errors == [] and ben_errors == []
