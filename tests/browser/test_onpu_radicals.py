"""The kanji card's radical in a real browser, on a phone in dark mode: 海's card says it is filed
under 水 (written 氵) "water", and the radical is a link to the dictionary's list of the kanji
filed under it, whose cards say the same. axe finds nothing serious and the console stays clean."""

from __future__ import annotations

import urllib.parse

from hearth_harness import Client, describe, unique_email
from playwright.sync_api import Browser, expect
from test_onpu_words import phone, serious


def test_the_kanji_card_links_its_radical_to_the_kanji_sharing_it(browser: Browser, live_server, screenshots) -> None:
    email = unique_email("radicals")
    r = Client(live_server.base_url).signup(email, "Umi")
    assert r.status_code == 201, describe(r)
    page, errors = phone(browser, live_server.base_url, email)

    page.goto("/onpu/dictionary?q=" + urllib.parse.quote("海"))
    page.locator('.onpu-tile[data-kanji="海"]').click()
    panel = page.locator("#onpu-kanji")
    expect(panel).to_contain_text("Radical")
    expect(panel).to_contain_text("water (85, 4 strokes)")
    link = panel.locator(".onpu-radical-link")
    expect(link).to_have_text("水 氵 water")
    box = link.bounding_box()
    assert box and box["height"] >= 44 and box["x"] + box["width"] <= 390, box
    assert serious(page) == []
    page.screenshot(path=str(screenshots / "onpu-kanji-radical.png"))

    link.click()
    page.wait_for_url("**/onpu/dictionary?q=radical%3A85")
    results = page.get_by_role("region", name="Results")
    expect(results.locator('.onpu-tile[data-kanji="海"]')).to_be_visible()
    expect(results.locator('.onpu-tile[data-kanji="池"]')).to_be_visible()
    assert serious(page) == []
    results.locator('.onpu-tile[data-kanji="池"]').click()
    expect(panel).to_contain_text("pond")
    expect(panel.locator(".onpu-radical-link")).to_have_attribute("href", "/onpu/dictionary?q=radical%3A85")
    page.screenshot(path=str(screenshots / "onpu-radical-search.png"))
    assert not errors, errors
