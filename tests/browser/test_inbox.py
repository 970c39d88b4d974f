"""Issue 41's header and inbox, at a phone's width and a desk's: the bell is in the bar (not behind
the menu) with one badge for unread notices and invitations that appears live; the inbox shows
notices about the same thing as one line with its count; an invitation notice opens the room
itself, before and after it is accepted."""

from __future__ import annotations

import pytest
from axe_playwright_python.sync_playwright import Axe
from fake_lightward import FakeLightward
from hearth_harness import PASSWORD, Client, HearthServer, make_workdir, sqlite_url
from playwright.sync_api import Browser, Page, expect
from test_softer_room import signed_up


@pytest.fixture(scope="module")
def inbox_server():
    fake = FakeLightward()
    workdir = make_workdir("browser-inbox")
    server = HearthServer(sqlite_url(workdir / "hearth.sqlite"), workdir, name="inbox", extra_env=fake.env)
    server.start()
    yield server
    server.stop()
    fake.close()


def signed_in_page(browser: Browser, server: HearthServer, email: str, width: int) -> tuple[Page, list[str]]:
    context = browser.new_context(
        base_url=server.base_url, viewport={"width": width, "height": 844}, locale="en-US",
        color_scheme="dark" if width < 600 else "light",
    )
    context.set_default_timeout(15_000)
    page = context.new_page()
    errors: list[str] = []
    page.on("console", lambda m: errors.append(f"console: {m.text}") if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(f"script error: {e}"))
    page.goto("/login?next=/")
    page.locator('input[name="email"]').fill(email)
    page.locator('input[name="password"]').fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url(server.base_url + "/")
    return page, errors


def waiting(client: Client) -> int:
    invitations = client.get("/api/invitations").json()["invitations"]
    return len(invitations) + client.get("/api/notifications?limit=1").json()["unread"]


@pytest.mark.parametrize("width", [390, 1280])
def test_the_bell_shows_what_waits_and_the_inbox_opens_the_things(browser: Browser, inbox_server, width: int) -> None:
    server = inbox_server
    _, isaac = signed_up(server, "Isaac")
    abe_email, abe = signed_up(server, "Abe")
    page, errors = signed_in_page(browser, server, abe_email, width)

    bell = page.get_by_role("link", name="Notifications")
    badge = bell.locator(".badge")
    expect(bell).to_be_visible()
    expect(badge).to_be_hidden()
    assert page.locator(".badge:visible").count() == 0

    # An invitation to a room arrives while the page is open: one badge counts it
    r = isaac.post("/api/softer/rooms", json={"nickname": "Isaac", "participants": [{"contact": abe_email, "nickname": "Abe"}]})
    assert r.status_code == 201, r.text
    room_id = r.json()["room"]["id"]
    expect(badge).to_be_visible()
    expect(badge.locator(".count")).to_have_text(str(waiting(abe)))
    assert page.locator(".badge:visible").count() == 1, "one badge, on the bell"

    # Three notices about the same thing are one line of the inbox
    for _ in range(3):
        assert abe.post("/api/push/test").status_code == 202
    expect(badge.locator(".count")).to_have_text(str(waiting(abe)))
    bell.click()
    page.wait_for_url("**/notifications")
    tests = page.locator("#notification-list > li", has_text="Notifications work")
    expect(tests).to_have_count(1)
    expect(tests.locator(".notice-count")).to_have_text("· 3 notices")
    expect(tests).to_contain_text("3 unread")
    expect(tests.locator("time")).to_have_text("Just now")
    violations = [v["id"] for v in Axe().run(page).response["violations"] if v["impact"] in ("serious", "critical")]
    assert not violations, violations

    # The invitation notice opens the room, which asks Abe to join
    invitation = page.get_by_role("link", name="Isaac invited you to a room")
    invitation.click()
    page.wait_for_url(f"**/softer/rooms/{room_id}")
    expect(page.get_by_text("You are invited to this room.")).to_be_visible()
    page.get_by_role("button", name="I'm Here").click()
    expect(page.get_by_text("You are invited to this room.")).to_have_count(0)

    # Once accepted, the same notice still opens the room
    page.goto("/notifications")
    page.get_by_role("link", name="Isaac invited you to a room").click()
    page.wait_for_url(f"**/softer/rooms/{room_id}")
    expect(page.locator("h1")).to_be_visible()
    expect(page.get_by_text("You are invited to this room.")).to_have_count(0)
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    assert not errors, errors
    page.context.close()
