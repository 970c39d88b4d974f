"""A learner's path through Onpu on a phone in dark mode: paste a song with one line in ruby
notation, long-press a word for its dictionary card, correct how the song sings another word
from that card, choose the song's words to review, review five cards, and export the song to Anki,
whose deck carries the corrected reading. axe finds nothing serious and the console stays clean."""

from __future__ import annotations

import sqlite3
import zipfile

import pytest
from hearth_harness import Client, describe, unique_email
from playwright.sync_api import Browser, expect
from test_onpu_known_words import add_every_word_to_review
from test_onpu_words import long_press, phone, serious

TITLE = "運命の夜"
LYRICS = "運命(さだめ)の夜に君を呼んだ\n本気で星を見ていた\n明日も君の名前を呼ぶ"


@pytest.mark.timeout(600)
def test_a_learner_reads_corrects_reviews_and_exports_a_song(
    browser: Browser, live_server, screenshots, tmp_path
) -> None:
    email = unique_email("learner")
    r = Client(live_server.base_url).signup(email, "Sadame")
    assert r.status_code == 201, describe(r)
    page, errors = phone(browser, live_server.base_url, email)

    # Paste the song; the ruby line is read as written
    page.goto("/onpu/add")
    page.locator("#onpu-title").fill(TITLE)
    page.locator("#onpu-lyrics").fill(LYRICS)
    page.get_by_role("button", name="Save").click()
    page.wait_for_url("**/onpu")
    page.get_by_role("link", name=TITLE).click(timeout=60_000)
    page.wait_for_url("**/onpu/songs/*")
    fate = page.locator('.w[data-reading-source="lyrics"]').first
    expect(fate).to_contain_text("運命")
    expect(fate).to_have_attribute("data-reading", "さだめ")

    # A long press on 呼ん opens the card of 呼ぶ (EDICT's first load may take a while)
    verb = page.locator(".onpu-line").first.locator(".w", has_text="呼ん").first
    long_press(page, verb)
    sheet = page.locator("#onpu-word")
    expect(sheet.locator("h2")).to_contain_text("呼ぶ", timeout=300_000)
    expect(sheet).to_contain_text("to call")
    page.keyboard.press("Escape")
    expect(sheet).to_be_hidden()

    # 本気 is sung まじ: picked under its line, corrected from its card, and the song follows
    second = page.locator(".onpu-line").nth(1)
    second.locator(".w-particle").first.click()
    second.locator(".onpu-line-words").get_by_role("link", name="本気").click()
    expect(sheet.locator("h2")).to_contain_text("本気")
    sheet.get_by_label("Reading of 本気 in this song").fill("まじ")
    assert serious(page) == []
    page.screenshot(path=str(screenshots / "onpu-learner-correct.png"), full_page=True)
    sheet.get_by_role("button", name="Correct the reading").click()
    earnest = page.locator('.w[data-reading-source="learner"]').first
    expect(earnest).to_contain_text("本気")
    expect(earnest).to_have_attribute("data-reading", "まじ")

    # The learner picks the song's words to learn; five cards are reviewed, a tap to reveal each
    add_every_word_to_review(page)
    page.goto("/onpu/study")
    page.get_by_role("link", name="Review now").tap()
    page.wait_for_url("**/onpu/review")
    count = page.locator("#onpu-review-count")
    total = int(count.inner_text().split()[0])
    assert total >= 5, count.inner_text()
    for number in range(5):
        card = page.locator(".onpu-study-card:not([hidden])")
        card.locator(".onpu-card-front").tap()
        expect(card.locator(".onpu-card-back")).to_be_visible()
        card.locator(".onpu-grade").nth(2).tap()
        expect(count).to_have_text(f"{total - number - 1} cards due")
    assert serious(page) == []

    # The song exports to Anki with the reading the learner gave
    page.goto("/onpu")
    page.get_by_role("link", name=TITLE).click()
    with page.expect_download() as download:
        page.get_by_role("link", name="Export to Anki").click()
    path = tmp_path / "song.apkg"
    download.value.save_as(path)
    with zipfile.ZipFile(path) as package:
        (tmp_path / "collection.anki2").write_bytes(package.read("collection.anki2"))
    with sqlite3.connect(tmp_path / "collection.anki2") as collection:
        fields = [row[0].split("\x1f") for row in collection.execute("SELECT flds FROM notes")]
    by_word = {note[0]: note for note in fields}
    assert by_word["本気"][1] == "まじ", by_word.get("本気")
    assert "to call" in by_word["呼ぶ"][3], by_word.get("呼ぶ")
    assert errors == [], errors
