"""Onpu's Anki exports in a real browser on a phone: the song page's "Export to Anki" and the
library's "Export all songs to Anki" are plain links that download .apkg files named after the
song and the deck."""

from __future__ import annotations

import json
import zipfile

from playwright.sync_api import Browser, expect
from test_onpu import LYRICS, signed_in, song_page


def test_the_song_and_the_library_download_their_anki_decks(browser: Browser, live_server) -> None:
    page, errors, token = signed_in(browser, live_server, {"width": 390, "height": 844})
    song_page(page, live_server, token, "故郷 Anki", LYRICS)

    link = page.get_by_role("link", name="Export to Anki")
    expect(link).to_be_visible()
    with page.expect_download() as song_download:
        link.click()
    assert song_download.value.suggested_filename == "故郷 Anki.apkg"
    with zipfile.ZipFile(song_download.value.path()) as archive:
        # The collection, and the words' sounds the media map names (test_onpu_audio).
        media = json.loads(archive.read("media"))
        assert sorted(archive.namelist()) == sorted(["collection.anki2", "media", *media])

    page.goto("/onpu")
    link = page.get_by_role("link", name="Export all songs to Anki")
    expect(link).to_be_visible()
    with page.expect_download() as all_download:
        link.click()
    assert all_download.value.suggested_filename == "Onpu songs.apkg"
    assert errors == []
