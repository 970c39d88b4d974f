"""Onpu in a real browser: a song added on a phone goes from processing to the library without a
reload, reading modes switch without moving the lines, kanji open their card, favorites stick;
the tour runs through the haiku; on a phone the lyrics come first, readable, with their
translations level beside them; and only administrators are told how to set a translator up."""

from __future__ import annotations

import re
import sqlite3
import subprocess
import time
from typing import Iterator

import pytest
from fake_gemini import FakeGemini
from hearth_harness import (
    PASSWORD,
    Client,
    HarnessError,
    HearthServer,
    hearth_binary,
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


def signed_in(
    browser: Browser, server: HearthServer, viewport: dict, admin: bool = False, email: str | None = None
) -> tuple[Page, list[str], str]:
    """A browser signed in as a new person (or as `email`, who has an account already)."""
    if email:
        response = server.client().login(email)
        assert response.status_code == 200, response.text
        return (*log_in(browser, server, viewport, email), response.json()["accessToken"])
    email = unique_email("onpu")
    if admin:
        created = subprocess.run(
            [str(hearth_binary()), "user", "create", "--email", email, "--name", "Ada",
             "--password-stdin", "--admin"],
            env=server.env(server.port), input=PASSWORD + "\n", capture_output=True, text=True,
            timeout=60,
        )
        assert created.returncode == 0, created.stderr
        response = server.client().login(email)
        assert response.status_code == 200, response.text
    else:
        response = server.client().signup(email, display_name="Yuki")
        assert response.status_code == 201, response.text
    token = response.json()["accessToken"]
    return (*log_in(browser, server, viewport, email), token)


def log_in(browser: Browser, server: HearthServer, viewport: dict, email: str) -> tuple[Page, list[str]]:
    context = browser.new_context(
        base_url=server.base_url, viewport=viewport, locale="en-US", color_scheme="light"
    )
    context.set_default_timeout(15_000)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto("/login?next=/onpu")
    page.locator('input[name="email"]').fill(email)
    page.locator('input[name="password"]').fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url("**/onpu")
    return page, errors


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
    expect(view).to_have_attribute("data-view", "parallel")
    expect(page.locator(".onpu-line .onpu-tr").nth(3)).to_be_visible()
    expect(page.locator(".onpu-line .onpu-tr").first).to_have_text("EN(兎追いし　かの山)")
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


# --- Issue 16: the song page on a phone, words for people ---------------------------------

TEN_LINES = "\n".join(
    [
        "君の声が聞こえた",
        "夢は今もめぐりて",
        "空に星が光る",
        "花の色は移りにけりな",
        "雨の音を聞いている",
        "風が吹いて山を越える",
        "小鮒釣りしかの川",
        "忘れがたき故郷",
        "月が出た出た",
        "水の音 Love me tender",
    ]
)
SETTING_NAMES = ("GEMINI_API_KEY", "HEARTH_LLM", "ONPU_TRANSLATOR", "GEMINI_")


def song_page(page: Page, server: HearthServer, token: str, title: str, lyrics: str | None) -> None:
    """Adds a song through the app's API (unless `lyrics` is None: it is there already) and opens
    its page once it is ready."""
    client = Client(server.base_url, token)
    if lyrics is not None:
        sent = client.post("/v1/jobs", json={"title": title, "artist": "Onpu tests", "lyrics": lyrics})
        assert sent.status_code == 200, sent.text
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        songs = client.get("/api/onpu/songs").json()["songs"]
        found = [song for song in songs if song["title"] == title]
        if found:
            page.goto(f"/onpu/songs/{found[0]['id']}")
            return
        time.sleep(0.2)
    raise AssertionError(f"{title} never became a song")


def visible_text(page: Page) -> str:
    """The page as a person reads it: closed disclosures (Details) left out."""
    return page.evaluate(
        """() => {
          const main = document.querySelector("main") || document.body;
          const copy = main.cloneNode(true);
          copy.querySelectorAll("details:not([open]) > :not(summary)").forEach((e) => e.remove());
          copy.querySelectorAll("script, template, [hidden]").forEach((e) => e.remove());
          document.body.append(copy);
          const text = copy.innerText;
          copy.remove();
          return text;
        }"""
    )


def test_on_a_phone_the_lyrics_come_first_and_read_clearly(browser: Browser, live_server, screenshots) -> None:
    page, errors, token = signed_in(browser, live_server, {"width": 390, "height": 844})
    song_page(page, live_server, token, "十行", TEN_LINES)
    lines = page.locator(".onpu-line")
    expect(lines).to_have_count(10)
    page.screenshot(path=str(screenshots / "onpu-song-phone.png"))

    # At least six lines on the first screen, none hidden under the line arrows.
    fold = page.evaluate(
        """() => {
          const bar = document.querySelector(".onpu-bottom-bar");
          const top = bar ? bar.getBoundingClientRect().top : innerHeight;
          return Math.min(innerHeight, top);
        }"""
    )
    on_screen = [box for box in (lines.nth(i).bounding_box() for i in range(10)) if box and box["y"] >= 0 and box["y"] + box["height"] <= fold]
    assert len(on_screen) >= 6, f"{len(on_screen)} lines on the first screen (fold at {fold})"
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")

    # Furigana and the pitch line's kana are at least 12 px.
    page.get_by_label("Furigana").check()
    ruby = page.locator(".rt").first
    expect(ruby).to_be_visible()
    assert float(ruby.evaluate("e => parseFloat(getComputedStyle(e).fontSize)")) >= 12
    page.get_by_label("Pitch").check()
    mora = page.locator(".w-pitch .m").first
    expect(mora).to_be_visible()
    assert float(mora.evaluate("e => parseFloat(getComputedStyle(e).fontSize)")) >= 12
    # Bigger kana widen their word rather than spill onto the next one.
    overlaps = page.evaluate(
        """() => {
          const found = [];
          for (const line of document.querySelectorAll(".onpu-jp")) {
            const morae = Array.from(line.querySelectorAll(".m")).map((m) => m.getBoundingClientRect());
            for (let i = 1; i < morae.length; i++) {
              const [a, b] = [morae[i - 1], morae[i]];
              if (Math.abs(a.top - b.top) < 2 && a.right > b.left + 0.5) found.push(line.textContent);
            }
            for (const m of morae) if (m.height > 24) found.push("wrapped: " + line.textContent);
          }
          return found;
        }"""
    )
    assert not overlaps, overlaps

    # English words keep the spaces between them.
    english = page.locator(".onpu-line").last.locator(".w-plain")
    expect(english).to_have_count(3)
    boxes = [english.nth(i).bounding_box() for i in range(3)]
    assert all(b["x"] - (a["x"] + a["width"]) >= 3 for a, b in zip(boxes, boxes[1:])), boxes

    # Particles (の, が, は ...) are lighter than the words they follow.
    particle = page.locator(".onpu-line").first.locator(".w-particle .rb").first
    expect(particle).to_have_text("の")
    word = page.locator(".onpu-line").first.locator(".w-kanji .rb").first
    luminance = """e => {
      const [r, g, b] = getComputedStyle(e).color.match(/[0-9.]+/g).map(Number);
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    }"""
    assert particle.evaluate(luminance) > word.evaluate(luminance) + 20
    assert page.locator(".w-particle").count() >= 8

    # A song stored before particles were kept gets them from its lyrics again.
    database = live_server.database_url.removeprefix("sqlite://")
    with sqlite3.connect(database) as db:
        changed = db.execute(
            "UPDATE onpu_songs SET lyrics_data = replace(lyrics_data, '\"isParticle\":true,', '')"
            " WHERE title = '十行'"
        ).rowcount
        left = db.execute("SELECT instr(lyrics_data, 'isParticle') FROM onpu_songs WHERE title = '十行'").fetchone()
    assert changed == 1 and left == (0,)
    page.reload()
    assert page.locator(".w-particle").count() >= 8
    assert not errors, errors


def test_without_a_translator_the_song_says_so_once_in_plain_words(browser: Browser, live_server, screenshots) -> None:
    page, errors, token = signed_in(browser, live_server, {"width": 390, "height": 844})
    song_page(page, live_server, token, "訳なし", TEN_LINES)
    expect(page.locator(".onpu-line")).to_have_count(10)
    page.locator(".onpu-line").nth(2).click(position={"x": 3, "y": 3})
    expect(page.locator(".onpu-line").nth(2)).to_have_class("onpu-line selected")
    text = visible_text(page)
    assert text.count("Translations are not available on this server") == 1, text
    assert "Translations are off" not in text
    expect(page.locator(".onpu-tr")).to_have_count(0)
    # Nothing to show beside the lines: no parallel view to pick.
    expect(page.get_by_label("Parallel")).to_have_count(0)
    page.screenshot(path=str(screenshots / "onpu-no-translator.png"), full_page=True)

    # No page of Onpu tells a regular user about settings, ids or API fields.
    for path in ("/onpu", "/onpu/about", "/onpu/add", "/onpu/dictionary", "/onpu/welcome", page.url):
        page.goto(path)
        text = visible_text(page)
        for name in SETTING_NAMES + ("lyricsData", "jobId", "UTC"):
            assert name not in text, f"{name} on {path}"
        assert not re.search(r"[0-9a-f]{8}-[0-9a-f]{4}-", text), f"an id on {path}"
    assert not errors, errors


def test_administrators_are_told_how_to_set_a_translator_up(browser: Browser, live_server) -> None:
    page, errors, token = signed_in(browser, live_server, {"width": 1280, "height": 900}, admin=True)
    song_page(page, live_server, token, "管理者", TEN_LINES)
    note = page.locator(".onpu-translation-note")
    expect(note).to_have_count(1)
    expect(note).to_contain_text("Translations are not available on this server")
    expect(note).to_contain_text("GEMINI_API_KEY")
    expect(note).to_contain_text("HEARTH_LLM_BASE_URL")
    assert not errors, errors


def test_the_parallel_view_keeps_each_line_level_with_its_translation(browser: Browser, translating, screenshots) -> None:
    server, fake = translating
    fake.release()
    long_line = "遠く遠く離れていても僕の心はいつも君のそばにあるから忘れないで"
    lyrics = "\n".join(["夕焼小焼の赤とんぼ", long_line, "負われて見たのは", "いつの日か", "山の畑の桑の実を", "小籠に摘んだは"])
    for viewport in ({"width": 390, "height": 844}, {"width": 1280, "height": 900}):
        page, errors, token = signed_in(browser, server, viewport)
        song_page(page, server, token, f"赤とんぼ {viewport['width']}", lyrics)
        page.get_by_label("Parallel").check()
        rows = page.locator(".onpu-line")
        expect(rows).to_have_count(6)
        expect(rows.nth(5).locator(".onpu-tr")).to_be_visible()
        previous_bottom = 0.0
        for i in range(6):
            jp = rows.nth(i).locator(".onpu-jp").bounding_box()
            tr = rows.nth(i).locator(".onpu-tr").bounding_box()
            assert jp and tr
            assert abs(jp["y"] - tr["y"]) < 1, f"line {i + 1} and its translation are not level"
            assert tr["x"] > jp["x"] + jp["width"] - 1, "the translation is not beside its line"
            assert jp["y"] >= previous_bottom - 1, f"line {i + 1} overlaps the row before"
            previous_bottom = max(jp["y"] + jp["height"], tr["y"] + tr["height"])
        # The long line wraps on at least one side, and the rows after it stay level.
        jp = rows.nth(1).locator(".onpu-jp").bounding_box()
        tr = rows.nth(1).locator(".onpu-tr").bounding_box()
        short = rows.nth(3).locator(".onpu-jp").bounding_box()
        assert jp["height"] > short["height"] * 1.5 or tr["height"] > 40, "the long line did not wrap"
        assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")
        page.screenshot(path=str(screenshots / f"onpu-parallel-{viewport['width']}.png"), full_page=True)
        assert not errors, errors
        page.context.close()


def test_the_landing_steps_and_the_library_read_cleanly(browser: Browser, live_server, screenshots) -> None:
    page, errors, token = signed_in(browser, live_server, {"width": 1280, "height": 900})
    page.goto("/onpu/about")
    steps = page.locator(".onpu-steps > li")
    expect(steps).to_have_count(4)
    text = page.locator(".onpu-steps").inner_text()
    assert not re.search(r"[a-z][1-9]\.?", text), text
    # Each number sits inside its own step, not at the end of the one before.
    for i in range(4):
        step = steps.nth(i).bounding_box()
        number = steps.nth(i).locator(".onpu-step-number")
        expect(number).to_have_text(str(i + 1))
        box = number.bounding_box()
        assert step["x"] <= box["x"] and box["x"] + box["width"] <= step["x"] + step["width"]
        assert steps.nth(i).evaluate("e => getComputedStyle(e).listStyleType") == "none"
    page.screenshot(path=str(screenshots / "onpu-landing.png"), full_page=True)

    song_page(page, live_server, token, "故郷", "兎追いし　かの山")
    page.goto("/onpu")
    link = page.locator(".onpu-song-link").first
    expect(link).to_contain_text("Onpu tests")
    for line in link.inner_text().splitlines():
        assert not line.strip().startswith("·") and not line.strip().endswith("·"), link.inner_text()

    # A form error says what to do, without the API's field names.
    page.goto("/onpu/add")
    page.locator("#onpu-title").fill("空白")
    page.locator("#onpu-lyrics").fill("   \n   ")
    page.get_by_role("button", name="Save").click()
    expect(page.locator("#onpu-lyrics-error")).to_have_text("Paste at least one line of lyrics.")
    expect(page.locator("#onpu-lyrics")).to_have_attribute("aria-invalid", "true")
    expect(page.locator("#onpu-title")).to_have_value("空白")

    # The dictionary counts with separators; a kanji's card says how common it is in words.
    page.goto("/onpu/dictionary")
    expect(page.locator("main")).to_contain_text(re.compile(r"KANJIDIC2 lists \d{1,3}(,\d{3})+ kanji"))
    page.locator('.onpu-tile[data-kanji="山"]').click()
    panel = page.locator("#onpu-kanji")
    expect(panel).to_contain_text("one of the 500 most used")
    assert "#" not in panel.inner_text()
    page.screenshot(path=str(screenshots / "onpu-dictionary-kanji.png"))
    assert not errors, errors


def test_a_song_added_before_translations_were_set_up_says_how_to_get_them(browser: Browser) -> None:
    fake = FakeGemini()
    workdir = make_workdir("browser-onpu-later")
    server = HearthServer(sqlite_url(workdir / "hearth.sqlite"), workdir, name="onpu-later")
    try:
        server.start()
        email = unique_email("later")
        signup = server.client().signup(email, display_name="Ken")
        assert signup.status_code == 201, signup.text
        page, errors, token = signed_in(browser, server, {"width": 390, "height": 844}, email=email)
        song_page(page, server, token, "前の歌", TEN_LINES)
        expect(page.locator(".onpu-translation-note")).to_contain_text("not available on this server")
        page.context.close()

        # Now the server translates: the old song offers to translate it, and does.
        server.extra_env.update(fake.env)
        server.restart()
        page, errors, token = signed_in(browser, server, {"width": 390, "height": 844}, email=email)
        song_page(page, server, token, "前の歌", None)
        note = page.locator(".onpu-translation-note")
        expect(note).to_have_text(re.compile("added before translations were set up.*Translate"))
        assert "not available" not in visible_text(page)
        note.get_by_role("button", name="Translate").click()
        expect(page.locator(".onpu-song-view")).to_contain_text("EN(", timeout=30_000)
        expect(page.locator(".onpu-translation-note")).to_have_count(0)
        assert not errors, errors
    finally:
        server.stop()
        fake.close()
