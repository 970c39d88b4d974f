"""Where a learner stands in a song, on a phone in dark mode: the lyrics' words are coloured
(and underlined: dotted, dashed, solid) by study state with a legend, the song says how much of
it is known, here and in the library; the words to learn, most common first, are picked with
checkboxes and "Add N words to review" makes cards of those only. The word sheet names the word
as written (no furigana in its label) and its Close button is in sight at 390 px. axe finds
nothing serious, nothing scrolls sideways, and the console stays clean."""

from __future__ import annotations

import time

import pytest
from hearth_harness import Client, describe, unique_email
from playwright.sync_api import Browser, Page, expect
from test_onpu_words import long_press, phone, serious

LYRICS = "また君に会える日まで\n見上げた空に星が光る\n星の夜に君を呼ぶ"


def sideways(page) -> int:
    return page.evaluate("document.scrollingElement.scrollWidth")


def add_every_word_to_review(page: Page) -> None:
    """Ticks every word of the song page's words to learn and adds them to the reviews."""
    learn = page.get_by_role("region", name="Words to learn")
    expect(learn.get_by_role("button", name="Choose words to add")).to_be_disabled()
    boxes = learn.get_by_role("checkbox")
    for index in range(boxes.count()):
        boxes.nth(index).check()
    learn.get_by_role("button", name=f"Add {boxes.count()} words to review").click()
    expect(page.locator(".flash-success")).to_contain_text("words to your reviews")


@pytest.mark.timeout(420)
def test_known_words_are_coloured_counted_and_chosen(browser: Browser, live_server, screenshots) -> None:
    email = unique_email("known")
    client = Client(live_server.base_url)
    r = client.signup(email, "Shiru")
    assert r.status_code == 201, describe(r)
    client.token = r.json()["accessToken"]
    r = client.post("/v1/jobs", json={"title": "星の夜", "artist": "", "lyrics": LYRICS})
    assert r.status_code in (200, 201, 202), describe(r)
    deadline = time.monotonic() + 60
    songs: list = []
    while not songs and time.monotonic() < deadline:
        songs = client.get("/api/onpu/songs").json().get("songs") or []
        time.sleep(0.3)
    assert songs, "the song was never analysed"
    song = songs[0]["id"]
    page, errors = phone(browser, live_server.base_url, email)

    # Nothing studied yet: every word is new, 0 % known, here and in the library
    page.goto("/onpu")
    expect(page.locator(".onpu-song-known")).to_have_text("0 % of the words known")
    page.goto(f"/onpu/songs/{song}")
    expect(page.locator(".onpu-known-share")).to_have_text("0 % of the words known")
    legend = page.get_by_role("list", name="Words in the lyrics")
    expect(legend).to_contain_text("new")
    expect(legend).to_contain_text("learning")
    expect(legend).to_contain_text("known")
    words = page.locator(".onpu-lines .w[data-state]")
    total = words.count()
    assert total >= 6, total
    expect(page.locator(".onpu-lines .w.st-new")).to_have_count(total)
    style = page.locator(".onpu-lines .w.st-new .w-text").first.evaluate(
        "el => getComputedStyle(el).borderBottomStyle")
    assert style == "dotted", style

    # The words to learn, most common first; 星 is sung twice; the button counts the choice
    learn = page.get_by_role("region", name="Words to learn")
    rows = learn.locator(".onpu-learn-word")
    count = rows.count()
    assert count >= 6, count
    expect(learn.locator(".onpu-learn-word", has_text="星")).to_contain_text("2 times in the song")
    expect(learn).to_contain_text("JLPT")
    add = learn.get_by_role("button", name="Choose words to add")
    expect(add).to_be_disabled()
    first = rows.nth(0).locator(".onpu-learn-literal").inner_text()
    second = rows.nth(1).locator(".onpu-learn-literal").inner_text()
    rows.nth(0).locator("label").tap()
    rows.nth(1).locator("label").tap()
    expect(learn.get_by_role("button", name="Add 2 words to review")).to_be_enabled()
    assert serious(page) == []
    assert sideways(page) <= 390
    page.screenshot(path=str(screenshots / "onpu-known-choose.png"), full_page=True)
    learn.get_by_role("button", name="Add 2 words to review").tap()

    # Only those two became cards: they are learning now, and left the list
    expect(page.locator(".flash-success")).to_contain_text("Added 2 words to your reviews.")
    due = client.get("/api/onpu/study/due").json()["cards"]
    assert len(due) == 2, due
    expect(page.locator(".onpu-lines .w.st-learning").first).to_be_visible()
    learning = page.locator(".onpu-lines .w.st-learning .w-text").first.evaluate(
        "el => getComputedStyle(el).borderBottomStyle")
    assert learning == "dashed", learning
    remaining = page.get_by_role("region", name="Words to learn").locator(".onpu-learn-literal")
    expect(remaining).to_have_count(count - 2)
    assert first not in remaining.all_inner_texts() and second not in remaining.all_inner_texts()

    # One the learner already knows: solid, and the song's share goes up
    r = client.post(f"/api/onpu/study/cards/{due[0]['id']}/action", json={"action": "know"})
    assert r.status_code == 200, describe(r)
    page.reload()
    known = page.locator(".onpu-lines .w.st-known")
    expect(known.first).to_be_visible()
    solid = known.first.locator(".w-text").evaluate("el => getComputedStyle(el).borderBottomStyle")
    assert solid == "solid", solid
    share = page.locator(".onpu-known-share").inner_text()
    assert share != "0 % of the words known" and share.endswith("% of the words known"), share
    assert serious(page) == []
    page.screenshot(path=str(screenshots / "onpu-known-song.png"), full_page=True)
    page.goto("/onpu")
    expect(page.locator(".onpu-song-known")).to_have_text(share)
    assert serious(page) == []
    assert errors == [], errors


@pytest.mark.timeout(420)
def test_the_word_sheet_names_the_word_and_its_close_button_fits(browser: Browser, live_server, screenshots) -> None:
    email = unique_email("sheet")
    client = Client(live_server.base_url)
    r = client.signup(email, "Miage")
    assert r.status_code == 201, describe(r)
    client.token = r.json()["accessToken"]
    r = client.post("/v1/jobs", json={"title": "空", "artist": "", "lyrics": "見上げた空に星が光る"})
    assert r.status_code in (200, 201, 202), describe(r)
    deadline = time.monotonic() + 60
    songs: list = []
    while not songs and time.monotonic() < deadline:
        songs = client.get("/api/onpu/songs").json().get("songs") or []
        time.sleep(0.3)
    page, errors = phone(browser, live_server.base_url, email)
    page.goto(f"/onpu/songs/{songs[0]['id']}")
    page.get_by_label("Furigana").check()

    # A long press on 見上げ, shown with its furigana: the sheet speaks of 見上げ alone
    word = page.locator(".onpu-line .w", has_text="見上げ").first
    long_press(page, word)
    sheet = page.locator("#onpu-word")
    expect(sheet.locator("h2")).to_contain_text("見上げる", timeout=300_000)
    field = sheet.get_by_label("Reading of 見上げ in this song")
    expect(field).to_be_visible()
    assert "みあ" not in sheet.locator("label[for=onpu-word-reading]").inner_text()

    # Its Close button is whole and inside the phone's screen
    close = sheet.get_by_role("button", name="Close")
    expect(close).to_be_visible()
    box = close.bounding_box()
    assert box is not None
    assert box["x"] >= 0 and box["x"] + box["width"] <= 390, box
    assert box["y"] >= 0 and box["y"] + box["height"] <= 844, box
    assert box["height"] >= 43.5, box
    assert serious(page) == []
    page.screenshot(path=str(screenshots / "onpu-word-sheet-close.png"))
    close.tap()
    expect(sheet).to_be_hidden()
    assert errors == [], errors
