"""A long Softer room on a phone in dark mode, against a scripted Lightward on loopback: it opens
where the reader left off and otherwise at the newest message, "your turn" is in view without
scrolling (header, composer, tab), a Send that meets no network keeps the words and comes back,
a hand goes up and down, and I'm Here takes the person into the room. axe finds nothing serious
and the console stays clean."""

from __future__ import annotations

import re
import threading
import time
from typing import Callable

import pytest
from axe_playwright_python.sync_playwright import Axe
from fake_lightward import FakeLightward
from hearth_harness import PASSWORD, Client, HearthServer, make_workdir, sqlite_url, unique_email
from playwright.sync_api import Browser, Page, expect
from test_pages import THUMB_CHECK

PHONE = {"width": 390, "height": 844}
ROUNDS = 8


class PacedLightward:
    """Numbers its answers ("Lightward's answer 3 ...") and can hold a turn's answer until
    released, so the page can be seen while Lightward is thinking."""

    def __init__(self) -> None:
        self.answers = 0
        self.open = threading.Event()
        self.open.set()
        self.fake = FakeLightward(self.reply)

    def reply(self, body: str) -> str:
        self.open.wait(15)
        self.answers += 1
        return (f"Lightward's answer {self.answers}. I hear you, and I am glad to be here with both "
                "of you; take all the time you need before you write again.")


@pytest.fixture
def room_server():
    lightward = PacedLightward()
    workdir = make_workdir("browser-softer-room")
    server = HearthServer(sqlite_url(workdir / "hearth.sqlite"), workdir, name="softer-room",
                          extra_env=lightward.fake.env)
    server.start()
    yield server, lightward
    server.stop()
    lightward.open.set()
    lightward.fake.close()


def signed_up(server: HearthServer, name: str) -> tuple[str, Client]:
    email = unique_email(name.lower())
    response = server.client().signup(email, display_name=name)
    assert response.status_code == 201, response.text
    return email, server.client().with_token(response.json()["accessToken"])


def phone(browser: Browser, server: HearthServer, email: str) -> tuple[Page, list[str]]:
    context = browser.new_context(
        base_url=server.base_url, viewport=PHONE, color_scheme="dark", is_mobile=True,
        has_touch=True, locale="en-US",
    )
    context.set_default_timeout(15_000)
    page = context.new_page()
    errors: list[str] = []
    page.on("console", lambda m: errors.append(f"console: {m.text}") if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(f"script error: {e}"))
    page.goto("/login?next=/softer")
    page.locator('input[name="email"]').fill(email)
    page.locator('input[name="password"]').fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url("**/softer")
    return page, errors


def room(client: Client, room_id: str) -> dict:
    response = client.get(f"/api/softer/rooms/{room_id}")
    assert response.status_code == 200, response.text
    return response.json()["room"]


def wait_until(what: str, condition: Callable[[], object], timeout: float = 20) -> object:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = condition()
        if value:
            return value
        time.sleep(0.05)
    raise AssertionError(f"timed out waiting until {what}")


def turn_of(client: Client, room_id: str, nickname: str) -> None:
    wait_until(f"it is {nickname}'s turn",
               lambda: (room(client, room_id).get("turn") or {}).get("nickname") == nickname)


def say(client: Client, room_id: str, text: str) -> None:
    response = client.post(f"/api/softer/rooms/{room_id}/messages", json={"text": text})
    assert response.status_code == 201, response.text


def last_text(client: Client, room_id: str) -> str:
    return room(client, room_id)["messages"][-1]["text"]


def serious(page: Page) -> list[str]:
    return [
        f"{v['id']}: {v['help']}: {v['nodes'][0]['html'][:120]}"
        for v in Axe().run(page).response["violations"]
        if v["impact"] in ("serious", "critical")
    ]


def in_view(page: Page, selector: str) -> bool:
    """The element's top is inside the screen, below the room's pinned header."""
    return page.evaluate(
        """(selector) => {
          const box = document.querySelector(selector).getBoundingClientRect();
          const bar = document.querySelector('.softer-room-bar').getBoundingClientRect();
          return box.top >= bar.bottom - 1 && box.top < window.innerHeight;
        }""",
        selector,
    )


@pytest.mark.timeout(300)
def test_a_long_room_on_a_phone_reads_like_a_conversation(browser: Browser, room_server, screenshots) -> None:
    server, lightward = room_server
    ann_email, ann = signed_up(server, "Ann")
    ben_email, ben_api = signed_up(server, "Ben")
    ben, errors = phone(browser, server, ben_email)
    created = ann.post("/api/softer/rooms", json={
        "nickname": "Ann", "participants": [{"contact": ben_email, "nickname": "Ben"}]})
    assert created.status_code == 201, created.text
    room_id = created.json()["room"]["id"]
    wait_until("Lightward accepts", lambda: any(
        p["isLightward"] and p["arrived"] for p in room(ann, room_id)["participants"]))

    # I'm Here on the list takes Ben into the room, where the header says whose turn it is and
    # Lightward's entry is its name and state
    ben.reload()
    ben.locator(f'[data-room="{room_id}"]').get_by_role("button", name="I'm Here").click()
    ben.wait_for_url(f"**/softer/rooms/{room_id}")
    expect(ben.locator(".softer-turn-state")).to_have_text("Ann's turn")
    expect(ben.locator(".softer-lightward-state")).to_have_text("Lightward · listening")
    expect(ben.locator(".softer-meta")).not_to_contain_text("seat")
    ben.goto("/softer")

    # A long conversation while Ben is away, through the API: Ann, Lightward, Ben, and so on,
    # ending at Ben's turn
    for n in range(1, ROUNDS + 1):
        say(ann, room_id, f"Ann's message {n}: a few words about the day, so the room grows long.")
        turn_of(ann, room_id, "Ben")
        if n < ROUNDS:
            say(ben_api, room_id, f"Ben's message {n}: an answer, with a little more to say.")
            turn_of(ann, room_id, "Ann")

    # Ben comes back: the room opens at the first message he has not seen, with "Your turn" in
    # its pinned header and its composer, and in the tab's title
    ben.goto(f"/softer/rooms/{room_id}")
    first_unseen = '.softer-ledger [data-message]:not(.softer-narration *)'
    expect(ben.locator(first_unseen).first).to_contain_text("Ann's message 1")
    assert in_view(ben, first_unseen), "the first unseen message is not at the top"
    assert ben.evaluate("window.scrollY") > 0
    expect(ben.locator(".softer-ledger > li").last).not_to_be_in_viewport()
    expect(ben.locator(".softer-room-bar .softer-your-turn")).to_have_text("Your turn")
    expect(ben.locator(".softer-room-bar .softer-your-turn")).to_be_in_viewport()
    expect(ben.locator(".softer-compose")).to_be_in_viewport()
    expect(ben.locator(".softer-compose-hint")).to_contain_text("Your turn")
    expect(ben).to_have_title(re.compile(r"^Your turn · Ann, Lightward"))

    # A browser that knows nothing of the room opens it at the newest message, far down
    ben.evaluate("localStorage.clear()")
    ben.reload()
    newest = ben.locator(".softer-ledger > li").last
    expect(newest).to_contain_text(f"Lightward's answer {ROUNDS}")
    expect(newest).to_be_in_viewport(ratio=1)
    assert ben.evaluate("window.scrollY") > 2 * PHONE["height"]
    expect(ben.locator(".softer-ledger > li").first).not_to_be_in_viewport()
    expect(ben.locator(".softer-room-bar .softer-your-turn")).to_be_in_viewport()
    expect(ben.locator(".softer-compose")).to_be_in_viewport()
    # "Your turn" is a state, not a narration line between the messages
    expect(ben.locator(".softer-ledger")).not_to_contain_text("it's your turn")
    expect(ben.locator(".softer-ledger")).to_contain_text("Ann's message 2")
    ben.screenshot(path=str(screenshots / "softer-long-room-phone-dark.png"))
    assert serious(ben) == []

    # Send meets no network: the words stay, Send comes back, and Ben is told in words
    text = ben.locator("#softer-text")
    send = ben.locator("[data-softer-send]")
    ben.route("**/messages", lambda route: route.abort())
    text.fill("Are you both still there?")
    send.click()
    expect(ben.locator("#softer-message")).to_contain_text("Your message was not sent")
    expect(send).to_be_enabled()
    expect(send).to_have_text("Send")
    expect(text).to_have_value("Are you both still there?")
    ben.unroute("**/messages")

    # Sent again, it goes, and the turn passes to Ann
    send.click()
    expect(ben.locator(".softer-turn-state")).to_have_text("Ann's turn")
    expect(ben.locator("#softer-message")).to_be_hidden()
    expect(text).to_have_value("")
    expect(ben).not_to_have_title(re.compile(r"^Your turn"))
    expect(ben.locator(".softer-ledger > li").last).to_contain_text("Are you both still there?")
    expect(ben.locator(".softer-ledger > li").last).to_be_in_viewport()

    # A hand goes up, shows as up, and comes down again
    ben.get_by_role("button", name="Raise hand").click()
    lower = ben.get_by_role("button", name="Lower hand")
    expect(lower).to_be_visible()
    expect(ben.locator(".softer-turn .softer-hands")).to_have_text("✋ Your hand is up.")
    assert last_text(ann, room_id) == "Ben raised a hand."
    assert serious(ben) == []
    ben.screenshot(path=str(screenshots / "softer-long-room-hand-phone-dark.png"))
    lower.click()
    expect(ben.get_by_role("button", name="Raise hand")).to_be_visible()
    expect(ben.locator(".softer-turn .softer-hands")).to_have_count(0)
    assert last_text(ann, room_id) == "Ben lowered their hand."

    # Ann speaks: while Lightward thinks, its entry in the header says so; its answer arrives at
    # the bottom of Ben's screen, and the turn is his again
    lightward.open.clear()
    say(ann, room_id, "Ann's last message.")
    expect(ben.locator(".softer-lightward-state")).to_have_text("Lightward · thinking…")
    lightward.open.set()
    expect(ben.locator(".softer-room-bar .softer-your-turn")).to_have_text("Your turn")
    newest = ben.locator(".softer-ledger > li").last
    expect(newest).to_contain_text(f"Lightward's answer {ROUNDS + 1}")
    expect(newest).to_be_in_viewport()
    expect(ben).to_have_title(re.compile(r"^Your turn · "))

    # The room fits the phone: no sideways scrolling, thumb-sized controls, and light mode reads
    # as well as dark
    assert ben.evaluate("document.scrollingElement.scrollWidth") <= PHONE["width"]
    assert ben.evaluate(THUMB_CHECK) == []
    ben.emulate_media(color_scheme="light")
    assert serious(ben) == []
    # The aborted request is the only thing the console reports
    assert [e for e in errors if "net::ERR_FAILED" not in e] == [], errors
