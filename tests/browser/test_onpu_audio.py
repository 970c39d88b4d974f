"""Onpu's audio in a real browser, on a phone in dark mode: a picked line's Play button plays
the line (the page's audio element loads a WAV whose samples sox finds loud, as long as the
element says), Shadow loops it with a pause for the learner and stops when pressed again, and
the word sheet plays its word. axe finds nothing serious and the console stays clean."""

from __future__ import annotations

import re
import subprocess
import tempfile

import pytest
from playwright.sync_api import Browser, Page, expect
from test_onpu_words import phone, serious, song_of_new_person

PLAYER = "[data-onpu-player]"


def played(page: Page, previous: str = "") -> dict:
    """Waits for the audio element to play a file other than `previous` to its end."""
    page.wait_for_function(
        f"""() => {{ const a = document.querySelector('{PLAYER}');
            return a && a.currentSrc && a.currentSrc !== {previous!r} && a.played.length > 0
              && a.readyState >= 2 && (a.ended || a.paused); }}""",
        timeout=60_000,
    )
    return page.evaluate(
        f"() => {{ const a = document.querySelector('{PLAYER}');"
        " return { src: a.currentSrc, duration: a.duration }; }"
    )


def sox_stat(page: Page, src: str) -> tuple[float, float]:
    """The file's length in seconds and its loudest sample (0 to 1), as sox reads them."""
    response = page.request.get(src)
    assert response.status == 200 and response.headers["content-type"] == "audio/wav"
    body = response.body()
    assert body[:4] == b"RIFF" and body[8:12] == b"WAVE"
    with tempfile.NamedTemporaryFile(suffix=".wav") as file:
        file.write(body)
        file.flush()
        report = subprocess.run(["sox", file.name, "-n", "stat"], capture_output=True, text=True).stderr
    length = float(re.search(r"Length \(seconds\):\s+([\d.]+)", report).group(1))
    peak = float(re.search(r"Maximum amplitude:\s+([\d.]+)", report).group(1))
    return length, peak


@pytest.mark.timeout(420)
def test_a_line_plays_loops_for_shadowing_and_a_word_plays(browser: Browser, live_server, screenshots) -> None:
    email, song = song_of_new_person(live_server.base_url)
    page, errors = phone(browser, live_server.base_url, email)
    page.goto(f"/onpu/songs/{song}")
    line = page.locator(".onpu-line").first
    play = page.get_by_role("button", name="Play line 1")
    expect(play).to_be_hidden()

    # Picking the line shows its Play; pressing it plays the line, as a WAV of sound.
    line.locator(".w-particle").first.click()
    expect(play).to_be_visible()
    play.click()
    line_audio = played(page)
    assert "/audio/" in line_audio["src"]
    length, peak = sox_stat(page, line_audio["src"])
    # 夜空に星を呼んでいた: eleven morae, about a second and a half to three seconds.
    assert 1.0 < length < 4.0, length
    assert abs(length - line_audio["duration"]) < 0.1, (length, line_audio)
    assert peak > 0.2, peak
    expect(line).to_have_class(re.compile(r"\bselected\b"))

    # Shadow: play, then the learner's turn, then play again, until pressed again.
    shadow = page.get_by_role("button", name=re.compile(r"^Shadow line 1"))
    shadow.click()
    expect(shadow).to_have_attribute("aria-pressed", "true")
    status = line.locator(".onpu-audio-status")
    expect(status).to_have_text("Your turn: say it.", timeout=15_000)
    expect(status).to_have_text("Listen (2)…", timeout=15_000)
    page.screenshot(path=str(screenshots / "onpu-audio-shadow-phone-dark.png"), full_page=True)
    assert serious(page) == []
    shadow.click()
    expect(shadow).to_have_attribute("aria-pressed", "false")
    expect(shadow).to_have_text("Shadow")

    # The word sheet plays its word.
    line.locator(".onpu-line-words").get_by_role("link", name="呼ぶ").click()
    sheet = page.locator("#onpu-word")
    expect(sheet.locator("h2")).to_contain_text("呼ぶ", timeout=300_000)
    expect(sheet).to_contain_text("The audio follows Open JTalk's own accent")
    word_play = sheet.get_by_role("button", name="Play 呼ん")
    word_play.click()
    word_audio = played(page, previous=line_audio["src"])
    word_length, word_peak = sox_stat(page, word_audio["src"])
    assert 0.3 < word_length < length and word_peak > 0.2, (word_length, word_peak)
    assert serious(page) == []
    page.keyboard.press("Escape")
    expect(sheet).to_be_hidden()
    assert errors == [], errors
