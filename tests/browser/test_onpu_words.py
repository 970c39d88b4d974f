"""Onpu's word cards in a real browser, on a phone in dark mode: a song's conjugated verb opens
the card of its dictionary form in a sheet (picked under its line, or by a long press), the
card's kanji open the kanji card, Escape closes; without JavaScript the words are plain links
to the card's page; the dictionary search shows words before kanji. axe finds nothing serious
and the console stays clean."""

from __future__ import annotations

import time
import urllib.parse

import pytest
from axe_playwright_python.sync_playwright import Axe
from hearth_harness import PASSWORD, Client, describe, unique_email
from playwright.sync_api import Browser, Page, expect

LYRICS = "夜空に星を呼んでいた\n君の名前を呼ぶ"
CALL = "/onpu/words/" + urllib.parse.quote("呼ぶ") + "?reading=" + urllib.parse.quote("よぶ")


def song_of_new_person(base_url: str) -> tuple[str, str]:
    email = unique_email("words")
    client = Client(base_url)
    r = client.signup(email, "Hoshi")
    assert r.status_code == 201, describe(r)
    client.token = r.json()["accessToken"]
    r = client.post("/v1/jobs", json={"title": "夜空", "artist": "", "lyrics": LYRICS})
    assert r.status_code in (200, 201, 202), describe(r)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        songs = client.get("/api/onpu/songs").json().get("songs") or []
        if songs:
            return email, songs[0]["id"]
        time.sleep(0.3)
    raise AssertionError("the song was never analysed")


def phone(browser: Browser, base_url: str, email: str, javascript: bool = True) -> tuple[Page, list[str]]:
    context = browser.new_context(
        base_url=base_url, viewport={"width": 390, "height": 844}, color_scheme="dark",
        is_mobile=True, has_touch=True, locale="en-US", java_script_enabled=javascript,
    )
    context.set_default_timeout(15_000)
    context.add_init_script(
        "document.addEventListener('securitypolicyviolation', (e) =>"
        " console.error('CSP violation: ' + e.violatedDirective + ' blocked ' + e.blockedURI));"
    )
    page = context.new_page()
    errors: list[str] = []
    page.on("console", lambda m: errors.append(f"console: {m.text}") if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(f"script error: {e}"))
    page.goto("/login")
    page.locator('input[name="email"]').fill(email)
    page.locator('input[name="password"]').fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url(base_url + "/")
    return page, errors


def long_press(page: Page, target) -> None:
    """Holds a press on the target's lower part for 0.7 s, as a thumb does."""
    box = target.bounding_box()
    assert box is not None
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] - 8)
    page.mouse.down()
    page.wait_for_timeout(700)
    page.mouse.up()


def serious(page: Page) -> list[str]:
    return [
        f"{v['id']}: {v['help']}: {v['nodes'][0]['html'][:120]}"
        for v in Axe().run(page).response["violations"]
        if v["impact"] in ("serious", "critical")
    ]


@pytest.mark.timeout(420)
def test_a_verb_in_a_song_opens_the_card_of_its_dictionary_form(browser: Browser, live_server, screenshots) -> None:
    email, song = song_of_new_person(live_server.base_url)
    page, errors = phone(browser, live_server.base_url, email)
    page.goto(f"/onpu/songs/{song}")
    verb = page.locator(f'.w[data-word-card="{CALL}"]').first
    expect(verb).to_be_visible()
    words = page.locator(".onpu-line").first.locator(".onpu-line-words")
    expect(words).to_be_hidden()

    # Tapping the line picks it; its words show under it, 呼ん as 呼ぶ.
    page.locator(".onpu-line").first.locator(".w-particle").first.click()
    expect(words).to_be_visible()
    words.get_by_role("link", name="呼ぶ").click()
    sheet = page.locator("#onpu-word")
    expect(sheet).to_be_visible()
    card = sheet.locator("#word-card")
    # The first card loads EDICT; a debug build takes a while.
    expect(card.locator("h2")).to_contain_text("呼ぶ", timeout=300_000)
    expect(card).to_contain_text("よぶ")
    expect(card).to_contain_text("to call out")
    expect(card).to_contain_text("Godan verb")
    expect(card.locator(".onpu-word-pitch .m").first).to_be_visible()
    expect(card.locator("#word-card-actions")).to_have_count(1)
    expect(card).to_contain_text("Electronic Dictionary Research and Development Group")
    page.screenshot(path=str(screenshots / "onpu-word-card-phone-dark.png"), full_page=True)
    assert serious(page) == []

    # Escape closes the sheet; a long press on the verb opens it again.
    page.keyboard.press("Escape")
    expect(sheet).to_be_hidden()
    long_press(page, verb)
    expect(sheet).to_be_visible()
    expect(sheet.locator("h2")).to_contain_text("呼ぶ")

    # Its kanji link opens the kanji card, over the sheet.
    sheet.locator('a.k[data-kanji="呼"]').click()
    panel = page.locator("#onpu-kanji")
    expect(panel).to_be_visible()
    expect(panel.locator(".onpu-kanji-literal")).to_have_text("呼")
    expect(panel).to_contain_text("call")
    assert page.url.endswith(f"/onpu/songs/{song}")
    page.keyboard.press("Escape")
    expect(panel).to_be_hidden()
    page.keyboard.press("Escape")
    expect(sheet).to_be_hidden()
    assert errors == [], errors


@pytest.mark.timeout(420)
def test_without_javascript_the_words_are_links_to_their_cards(browser: Browser, live_server) -> None:
    email, song = song_of_new_person(live_server.base_url)
    page, errors = phone(browser, live_server.base_url, email, javascript=False)
    page.goto(f"/onpu/songs/{song}")
    page.locator(".onpu-line-words").first.get_by_role("link", name="呼ぶ").click()
    page.wait_for_url("**/onpu/words/**", timeout=300_000)
    expect(page.locator("h1")).to_contain_text("呼ぶ")
    page.locator('a.k[data-kanji="呼"]').click()
    page.wait_for_url("**/onpu/dictionary?q=*")
    expect(page.locator('.k[data-kanji="呼"]')).to_be_visible()
    assert errors == [], errors


@pytest.mark.timeout(420)
def test_the_dictionary_finds_words_before_kanji(browser: Browser, live_server, screenshots) -> None:
    email = unique_email("words")
    assert Client(live_server.base_url).signup(email, "Hoshi").status_code == 201
    page, errors = phone(browser, live_server.base_url, email)
    # The page never waits for the word dictionary: until it has loaded, it says so.
    page.goto("/onpu/dictionary?q=hoshi")
    deadline = time.monotonic() + 300
    while page.locator(".onpu-words-loading").count() and time.monotonic() < deadline:
        page.wait_for_timeout(2000)
        page.reload()
    words = page.locator(".onpu-word-results")
    expect(words.locator(".onpu-word-link").first).to_contain_text("星")
    expect(words).to_contain_text("Electronic Dictionary Research and Development Group")
    assert serious(page) == []
    page.screenshot(path=str(screenshots / "onpu-dictionary-words-phone-dark.png"), full_page=True)
    words.locator(".onpu-word-link").first.click()
    page.wait_for_url("**/onpu/words/**")
    expect(page.locator("#word-card")).to_contain_text("star")
    assert serious(page) == []

    page.goto("/onpu/dictionary?q=zzqx")
    expect(page.locator(".onpu-empty")).to_contain_text("Nothing matches")
    expect(page.locator(".onpu-empty")).to_contain_text("hoshi")
    assert errors == [], errors
