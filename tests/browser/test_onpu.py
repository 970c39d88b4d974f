"""Onpu in a real browser: a song added on a phone goes from processing to the library without a
reload, reading modes switch without moving the lines, kanji open their card, favorites stick;
and the tour runs through the haiku."""

from __future__ import annotations

from typing import Iterator

import pytest
from fake_gemini import FakeGemini
from hearth_harness import (
    PASSWORD,
    Client,
    HarnessError,
    HearthServer,
    make_workdir,
    sqlite_url,
    unique_email,
)
from playwright.sync_api import Browser, Page, expect

LYRICS = "兎追いし　かの山\n小鮒釣りし　かの川\n夢は今も　めぐりて\n忘れがたき　故郷"


@pytest.fixture(scope="module")
def translating() -> Iterator[tuple[HearthServer, FakeGemini]]:
    """A server of its own whose translator (a fake Gemini) answers only when released."""
    fake = FakeGemini(hold=True)
    workdir = make_workdir("browser-onpu")
    server = HearthServer(sqlite_url(workdir / "hearth.sqlite"), workdir, name="onpu", extra_env=fake.env)
    try:
        server.start()
    except HarnessError as exc:
        pytest.fail(str(exc), pytrace=False)
    yield server, fake
    server.stop()
    fake.close()


def signed_in(browser: Browser, server: HearthServer, viewport: dict) -> tuple[Page, list[str], str]:
    email = unique_email("onpu")
    response = server.client().signup(email, display_name="Yuki")
    assert response.status_code == 201, response.text
    token = response.json()["accessToken"]
    context = browser.new_context(base_url=server.base_url, viewport=viewport, locale="en-US")
    context.set_default_timeout(15_000)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto("/login?next=/onpu")
    page.locator('input[name="email"]').fill(email)
    page.locator('input[name="password"]').fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url("**/onpu")
    return page, errors, token


def test_a_song_goes_from_processing_to_study_text(browser: Browser, translating, screenshots) -> None:
    server, fake = translating
    page, errors, token = signed_in(browser, server, {"width": 390, "height": 844})
    expect(page.locator(".onpu-empty")).to_contain_text("No songs yet")

    page.get_by_role("link", name="Add a song").first.click()
    page.locator("#onpu-title").fill("故郷")
    page.locator("#onpu-artist").fill("高野辰之")
    page.locator("#onpu-lyrics").fill(LYRICS)
    page.get_by_role("button", name="Save").click()
    page.wait_for_url("**/onpu")

    # The job waits for its translation: it shows as processing; the page stays this page.
    page.evaluate("window.__sameDocument = true")
    job = page.locator(".onpu-job")
    expect(job).to_contain_text("故郷")
    expect(job.locator(".onpu-job-status")).to_have_text("Translating…")
    page.screenshot(path=str(screenshots / "onpu-processing.png"), full_page=True)

    fake.release()
    song_link = page.get_by_role("link", name="故郷")
    expect(song_link).to_be_visible()
    expect(page.locator(".onpu-job")).to_have_count(0)
    assert page.evaluate("window.__sameDocument === true"), "the library reloaded"

    # A favorite, kept across a reload and found by the favorites filter.
    star = page.locator(".onpu-song .onpu-star")
    star.click()
    expect(star).to_have_attribute("aria-pressed", "true")
    page.goto("/onpu?favorites=1")
    expect(page.get_by_role("link", name="故郷")).to_be_visible()
    page.screenshot(path=str(screenshots / "onpu-library.png"), full_page=True)

    page.get_by_role("link", name="故郷").click()
    page.wait_for_url("**/onpu/songs/*")
    view = page.locator(".onpu-song-view")
    first = page.locator(".onpu-line").first
    before = first.bounding_box()
    expect(page.locator(".rt").first).to_be_hidden()

    page.get_by_label("Furigana").check()
    expect(view).to_have_attribute("data-reading", "furigana")
    expect(page.locator(".rt").first).to_be_visible()
    assert first.bounding_box() == before, "furigana moved the line"
    page.screenshot(path=str(screenshots / "onpu-furigana.png"), full_page=True)

    page.get_by_label("Pitch").check()
    expect(view).to_have_attribute("data-reading", "pitch")
    expect(page.locator(".w-pitch").first).to_be_visible()
    assert first.bounding_box() == before, "the pitch line moved the line"
    assert page.locator(".m.h").count() > 0 and page.locator(".m.l").count() > 0
    page.screenshot(path=str(screenshots / "onpu-pitch.png"), full_page=True)

    # Tapping a line (beside its kanji, which open their cards) shows its translation; the
    # arrows move along the lines.
    first.click(position={"x": 3, "y": 3})
    expect(first.locator(".onpu-tr")).to_have_text("EN(兎追いし　かの山)")
    page.get_by_role("button", name="Next line").click()
    expect(page.locator(".onpu-line").nth(1)).to_have_class("onpu-line selected")

    # A kanji opens its card.
    page.locator('.k[data-kanji="山"]').first.click()
    panel = page.locator("#onpu-kanji")
    expect(panel).to_be_visible()
    expect(panel).to_contain_text("mountain")
    expect(panel).to_contain_text("JLPT (old scale)")
    page.screenshot(path=str(screenshots / "onpu-kanji.png"))
    panel.get_by_role("button", name="Close").click()
    expect(panel).to_be_hidden()

    page.get_by_label("Parallel").check()
    expect(page.locator(".onpu-pane-en")).to_be_visible()
    expect(page.locator(".onpu-en-line").first).to_have_text("EN(兎追いし　かの山)")
    page.screenshot(path=str(screenshots / "onpu-parallel.png"), full_page=True)

    # A song sent from elsewhere (the app's API) shows up in an open library by itself.
    page.goto("/onpu")
    expect(page.locator(".onpu-song")).to_have_count(1)
    page.evaluate("window.__sameDocument = true")
    sent = Client(server.base_url, token).post("/v1/jobs", json={"title": "赤とんぼ", "lyrics": "夕焼小焼の赤とんぼ"})
    assert sent.status_code == 200, sent.text
    expect(page.get_by_role("link", name="赤とんぼ")).to_be_visible()
    assert page.evaluate("window.__sameDocument === true"), "the library reloaded"
    assert not errors, errors


def test_the_tour_walks_through_the_haiku(page: Page, screenshots) -> None:
    page.goto("/onpu/welcome")
    for step in range(3):
        section = page.locator(f'[data-tour-step="{step + 1}"]')
        expect(section.get_by_role("link", name="Skip the tour")).to_be_visible()
        section.get_by_role("button", name="Next").click()
    banner = page.locator(".onpu-tour-banner")
    expect(banner).to_contain_text("Tap the first line")
    page.locator(".onpu-line").first.click(position={"x": 3, "y": 3})
    expect(banner).to_contain_text("Next")
    page.get_by_role("button", name="Next line").click()
    expect(banner).to_contain_text("kanji")
    page.locator('.k[data-kanji="池"]').click()
    expect(page.locator("#onpu-kanji")).to_contain_text("pond")
    page.screenshot(path=str(screenshots / "onpu-tour.png"), full_page=True)
    page.locator("#onpu-kanji").get_by_role("button", name="Close").click()
    expect(page.locator(".onpu-tour-done")).to_be_visible()
    assert page.evaluate("localStorage.getItem('onpu-tour-done')") == "1"
