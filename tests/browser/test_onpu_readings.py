"""Onpu's Readings page in a real browser, on a phone in dark mode: a song pasted with a ruby
reading shows it, another word's reading corrected on the Readings page shows on the song page,
and undoing it elsewhere brings the song page up to date without a reload by hand. Every page
passes axe-core and logs no console error."""

from __future__ import annotations

import time

from axe_playwright_python.sync_playwright import Axe
from hearth_harness import Client, HearthServer, unique_email
from playwright.sync_api import Browser, Page, expect
from test_onpu_words import phone as signed_in_phone

LYRICS = "運命(さだめ)を信じて\n地球は青い"


def phone(browser: Browser, server: HearthServer) -> tuple[Page, list[str], str]:
    """A phone in dark mode, signed in as a new person, its console errors collected."""
    email = unique_email("onpu-readings")
    signed = server.client().signup(email, display_name="Rei")
    assert signed.status_code == 201, signed.text
    page, errors = signed_in_phone(browser, server.base_url, email)
    return page, errors, signed.json()["accessToken"]


def check_page(page: Page, axe: Axe, where: str) -> None:
    page.wait_for_load_state("networkidle")
    problems = [
        f"{where}: axe {v['id']}: {'; '.join(n['html'][:120] for n in v['nodes'][:2])}"
        for v in axe.run(page).response["violations"]
        if v["impact"] in ("serious", "critical")
    ]
    assert not problems, problems
    assert page.evaluate("document.scrollingElement.scrollWidth <= innerWidth"), f"{where} scrolls sideways"


def test_a_corrected_reading_shows_on_the_song_page(browser: Browser, live_server, screenshots) -> None:
    page, errors, token = phone(browser, live_server)
    client = Client(live_server.base_url, token)
    sent = client.post("/v1/jobs", json={"title": "青い星", "lyrics": LYRICS})
    assert sent.status_code == 200, sent.text
    deadline = time.monotonic() + 30
    while not (songs := client.get("/api/onpu/songs").json()["songs"]):
        assert time.monotonic() < deadline, "the song never came"
        time.sleep(0.2)
    song_id = songs[0]["id"]
    axe = Axe()

    page.goto(f"/onpu/songs/{song_id}")
    fate = page.locator(".w", has_text="運命").first
    expect(fate).to_have_attribute("data-reading-source", "lyrics")
    expect(fate).to_have_attribute("data-reading", "さだめ")
    earth = page.locator(".w", has_text="地球").first
    expect(earth).to_have_attribute("data-reading", "ちきゅう")
    check_page(page, axe, "song")

    page.get_by_role("link", name="Correct a reading").click()
    page.wait_for_url(f"**/onpu/songs/{song_id}/readings")
    expect(page.get_by_role("heading", name="Readings")).to_be_visible()
    row = page.locator(".onpu-reading", has=page.locator(".onpu-reading-word", has_text="運命"))
    expect(row.locator(".tag")).to_have_text("From the lyrics · pitch unknown")
    check_page(page, axe, "readings")

    page.get_by_role("textbox", name="Reading of 地球").fill("ホシ")
    page.get_by_role("button", name="Save the reading of 地球").click()
    expect(page.locator(".flash-success")).to_contain_text("地球 now reads")
    row = page.locator(".onpu-reading", has=page.locator(".onpu-reading-word", has_text="地球"))
    expect(row.locator(".onpu-reading-now")).to_have_text("ほし")
    expect(row.locator(".tag")).to_have_text("Yours, this song · pitch unknown")
    expect(row.get_by_role("button", name="Undo your reading of 地球")).to_be_visible()
    check_page(page, axe, "readings after a correction")
    page.screenshot(path=str(screenshots / "onpu-readings-390-dark.png"), full_page=True)

    page.get_by_role("link", name="← 青い星").click()
    page.wait_for_url(f"**/onpu/songs/{song_id}")
    earth = page.locator(".w", has_text="地球").first
    expect(earth).to_have_attribute("data-reading-source", "learner")
    expect(earth).to_have_attribute("data-reading", "ほし")
    page.get_by_label("Furigana").check()
    expect(earth.locator(".rt").first).to_have_text("ほし")
    check_page(page, axe, "song after a correction")

    # Undone elsewhere (another tab, the app): the open song page follows.
    undone = client.delete(f"/api/onpu/songs/{song_id}/readings", params={"surface": "地球"})
    assert undone.status_code == 200, undone.text
    expect(page.locator(".w", has_text="地球").first).to_have_attribute("data-reading", "ちきゅう")
    expect(page.locator(".w", has_text="地球").first).not_to_have_attribute("data-reading-source", "learner")
    assert not errors, errors
