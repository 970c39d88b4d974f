"""Softer in two browsers: two people converse with Lightward (a fake on loopback) and see each
other's messages and typing without reloading."""

from __future__ import annotations

import re

import pytest
from fake_lightward import FakeLightward
from hearth_harness import PASSWORD, HearthServer, make_workdir, sqlite_url, unique_email
from playwright.sync_api import Browser, Page, expect


def reply(body: str) -> str:
    """Markdown, as Lightward writes it: the page shows it formatted, never the asterisks."""
    if "write its cenotaph" in body:
        return "Here rests **our** room."
    return "Welcome, both of you.\n\n**Gently** now:\n\n- breathe\n- listen"


@pytest.fixture
def softer_server():
    fake = FakeLightward(reply)
    workdir = make_workdir("browser-softer")
    server = HearthServer(sqlite_url(workdir / "hearth.sqlite"), workdir, name="softer", extra_env=fake.env)
    server.start()
    yield server
    server.stop()
    fake.close()


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
    ann.locator("#softer-turn-limit label", has_text="3 days").click()
    ann.get_by_role("button", name="Create Room").click()
    ann.wait_for_url("**/softer/rooms/*")
    room_id = ann.url.rsplit("/", 1)[-1]
    assert ann.request.get(f"/api/softer/rooms/{room_id}").json()["room"]["turnLimitDays"] == 3
    expect(ann.locator(".softer-ledger")).to_contain_text("Ann opened a room with $10.")
    expect(ann.locator(".softer-ledger")).to_contain_text("Lightward arrived.")

    # Ben sees the pending room and arrives
    ben.reload()
    expect(ben.locator(".softer-rooms")).to_contain_text("Invited")
    ben.locator(".softer-room-title").click()
    ben.get_by_role("button", name="I'm Here").click()
    expect(ben.locator(".softer-turn")).to_contain_text("Ann's turn")
    expect(ann.locator("summary", has_text="Room options")).to_be_visible()
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

    # Ben's list follows the room as it goes, one row at a time: Ann speaks, Lightward answers,
    # and the row and the tab say it is Ben's turn
    ben.goto("/softer")
    row = ben.locator(".softer-room-row")
    expect(row.locator(".softer-status")).to_have_text("Ann's turn")
    expect(ben).not_to_have_title(re.compile(r"^Your turn"))
    ann.locator("#softer-text").fill("One more thing")
    ann.locator("[data-softer-send]").click()
    expect(row.locator(".softer-your-turn-tag")).to_have_text("Your turn")
    expect(row.locator(".softer-last")).to_contain_text("Lightward: Welcome, both of you.")
    expect(ben).to_have_title(re.compile(r"^Your turn · "))
    expect(row).to_have_count(1)
    assert ann_errors == [] and ben_errors == []


def test_softer_is_made_for_people(browser: Browser, softer_server, screenshots) -> None:
    """Issue 16's Softer points: the create form, the list, whose turn it is, the composer,
    raised hands, Lightward's markdown, the room menu, typing in an ended room, the cenotaph."""
    ann, _, ann_errors = person(browser, softer_server, "Ann", {"width": 1280, "height": 900})
    ben, ben_email, ben_errors = person(browser, softer_server, "Ben", {"width": 390, "height": 600})

    # The create form: one button to open a room, and Ann's own nickname filled in
    expect(ann.get_by_role("button", name="Create Room")).to_have_count(1)
    expect(ann.get_by_role("link", name="Create Room")).to_have_count(0)
    expect(ann.locator("#softer-nickname")).to_have_value("Ann")
    # Mistakes are told in plain words, in the browser and by the server alike
    ann.locator('[name="contact"]').fill(ben_email)
    ann.get_by_role("button", name="Create Room").click()
    expect(ann.locator(".softer-form-error")).to_have_text(f"Give {ben_email} a nickname.")
    signed_in = softer_server.client().login(ben_email)
    assert signed_in.status_code == 200
    api = softer_server.client().with_token(signed_in.json()["accessToken"])
    refused = api.post("/api/softer/rooms", json={"nickname": "Ben", "participants": [{"contact": "x@example.com"}]})
    assert refused.status_code == 400
    assert refused.json()["error"] == {
        "code": "missing_field", "field": "participants[0].nickname", "message": "Give x@example.com a nickname."}
    ann.locator('[name="contactNickname"]').fill("Ben")
    ann.get_by_role("button", name="Create Room").click()
    ann.wait_for_url("**/softer/rooms/*")

    # Ben's list: the room is named by the others, with its last words, their time, and the
    # answers in the row. He is invited, so there is Decline and no Delete.
    ben.reload()
    row = ben.locator(".softer-room-row")
    expect(row.locator(".softer-room-title")).to_have_text("Ann, Lightward")
    expect(row.locator(".softer-last")).to_contain_text("Lightward arrived.")
    expect(row.locator(".softer-last time")).to_have_count(1)
    expect(row.get_by_role("button", name="Decline")).to_be_visible()
    expect(ben.get_by_role("button", name="Delete")).to_have_count(0)
    assert ben.title().startswith("Your turn"), ben.title()
    # I'm Here takes him into the room
    row.get_by_role("button", name="I'm Here").click()
    ben.wait_for_url("**/softer/rooms/*")

    # Ann's turn: the room's header and the tab title say so; Ben's screen does not
    expect(ann.locator(".softer-room-bar .softer-your-turn")).to_have_text("Your turn")
    expect(ann).to_have_title(re.compile(r"^Your turn · "))
    expect(ben.locator(".softer-turn")).to_contain_text("Ann's turn")
    expect(ben.locator(".softer-your-turn")).to_have_count(0)
    assert not ben.title().startswith("Your turn")

    # Ben raises a hand: Ann, who holds the turn, sees it
    ben.get_by_role("button", name="Raise hand").click()
    expect(ann.locator(".softer-hands")).to_have_text("✋ Ben raised a hand and would like to speak.")

    # Leave and Delete wait in the room's menu, at the top, away from the message box
    expect(ann.get_by_role("button", name="Leave room")).to_be_hidden()
    ann.locator("summary", has_text="Room options").click()
    expect(ann.get_by_role("button", name="Leave room")).to_be_visible()
    expect(ann.locator(".softer-compose [data-softer-action]")).to_have_count(0)
    ann.keyboard.press("Escape")
    expect(ann.get_by_role("button", name="Leave room")).to_be_hidden()

    # Shift+Enter is a new line; Enter sends
    ann.locator("#softer-text").fill("Hello Ben")
    ann.locator("#softer-text").press("Shift+Enter")
    ann.locator("#softer-text").press_sequentially("How are you?")
    expect(ann.locator("#softer-text")).to_have_value("Hello Ben\nHow are you?")
    ann.locator("#softer-text").press("Enter")
    expect(ben.locator(".softer-theirs").last).to_contain_text("How are you?")

    # Lightward's markdown is formatted, not shown as asterisks
    reply = ben.locator(".softer-lightward").last
    expect(reply.locator("strong")).to_have_text("Gently")
    expect(reply.locator("li")).to_have_text(["breathe", "listen"])
    expect(reply).not_to_contain_text("**")
    # and the room list previews it as words, without the marks
    rows = ben.request.get("/softer?live=1").text()
    assert "Gently now: breathe listen" in rows and "**" not in rows, rows

    # Ben's turn on a short phone screen: the message box stays at the bottom of the screen
    expect(ben.locator(".softer-compose")).to_be_visible()
    assert ben.evaluate("document.scrollingElement.scrollHeight") > 900
    ben.evaluate("window.scrollTo(0, 0)")
    box = ben.locator(".softer-compose").bounding_box()
    assert box is not None and abs(box["y"] + box["height"] - 600) <= 2, box
    ben.screenshot(path=str(screenshots / "softer-your-turn-phone.png"))

    # Ben starts typing; Ann leaves: an ended room shows nobody typing
    ben.locator("#softer-text").fill("Well, I")
    expect(ann.locator(".softer-typing")).to_have_text("Ben is typing...")
    ann.locator("summary", has_text="Room options").click()
    ann.get_by_role("button", name="Leave room").click()
    dialog = ann.locator("dialog.dialog")
    expect(dialog).to_contain_text("The room will end for everyone.")
    dialog.get_by_role("button", name="Leave Room").click()
    expect(ann.locator(".softer-status").first).to_have_text("Ended")
    expect(ann.locator(".softer-typing")).to_have_count(0)

    # The cenotaph is labelled as what it is
    ann.get_by_role("button", name="Request Cenotaph").click()
    cenotaph = ann.locator(".softer-cenotaph")
    expect(cenotaph.locator(".softer-cenotaph-label")).to_contain_text("Cenotaph")
    expect(cenotaph.locator("strong")).to_have_text("our")
    ann.screenshot(path=str(screenshots / "softer-ended.png"), full_page=True)
    assert ann_errors == [] and ben_errors == []
