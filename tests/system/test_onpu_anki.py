"""Onpu's Anki export against a real server and the real Anki: a song's .apkg imports into a
fresh collection with the "Onpu word" note type, one note per word with kanji in the song's deck;
exporting again (the song, then all songs) and importing adds no duplicate; a song still being
made answers 409 and another learner's song 404."""

from __future__ import annotations

import io
import json
import re
import zipfile
from pathlib import Path
from urllib.parse import quote

import pytest
from anki.collection import Collection, ImportAnkiPackageOptions, ImportAnkiPackageRequest

from fake_gemini import FakeGemini
from hearth_harness import describe, json_of, unique_email
from test_onpu import wait_for

TITLE = "故郷"
ARTIST = "高野辰之"
LINES = ["兎追いし　かの山", "小鮒釣りし　かの川", "夢は今も　めぐりて", "忘れがたき　故郷"]
FIELDS = ["Word", "Reading", "Pitch", "Meaning", "Line", "Translation", "Song", "Audio"]


def download(client, path: str, into: Path) -> Path:
    r = client.get(path)
    assert r.status_code == 200, describe(r)
    assert r.headers["Content-Type"] == "application/apkg"
    assert r.headers["Content-Disposition"].startswith("attachment;")
    with zipfile.ZipFile(io.BytesIO(r.content)) as archive:
        assert archive.testzip() is None
        # Besides the collection, the word audio (test_onpu_audio.py): numbered files in the map.
        media = json.loads(archive.read("media"))
        assert sorted(archive.namelist()) == sorted(["collection.anki2", "media", *media])
    into.write_bytes(r.content)
    return into


def import_package(col: Collection, path: Path) -> None:
    col.import_anki_package(
        ImportAnkiPackageRequest(package_path=str(path), options=ImportAnkiPackageOptions())
    )


def notes_of(col: Collection) -> list:
    return [col.get_note(note_id) for note_id in col.find_notes("")]


def strip(html: str) -> str:
    return re.sub(r"<[^>]*>", "", html)


@pytest.mark.timeout(180)
def test_a_song_exports_to_anki_and_imports_again_without_duplicates(start_server, tmp_path) -> None:
    fake = FakeGemini(hold=True)
    try:
        server = start_server("sqlite", extra_env=fake.env)
        client = server.client()
        r = client.signup(unique_email("anki"), "Anki")
        assert r.status_code == 201, describe(r)
        client = client.with_token(json_of(r)["accessToken"])

        r = client.post("/v1/jobs", json={"title": TITLE, "artist": ARTIST, "lyrics": "\n".join(LINES)})
        assert r.status_code == 200, describe(r)
        job_id = json_of(r)["jobId"]
        wait_for(client, job_id, lambda job: job.get("stage") == "translating")
        # Not made yet: its id is the job's, and there is nothing to export.
        r = client.get(f"/api/onpu/songs/{job_id}/anki")
        assert r.status_code == 409, describe(r)
        assert json_of(r)["error"]["code"]
        fake.release()
        wait_for(client, job_id, lambda job: job["status"] == "succeeded", timeout=60.0)

        songs = json_of(client.get("/api/onpu/songs"))["songs"]
        song_id = songs[0]["id"]
        song = json_of(client.get(f"/api/onpu/songs/{song_id}"))
        kanji_words = {
            word["kanji"]
            for line in song["lyricsData"].values()
            for word in line["words"]
            if word["kanji"]
        }

        first = download(client, f"/api/onpu/songs/{song_id}/anki", tmp_path / "first.apkg")
        r = client.get(f"/api/onpu/songs/{song_id}/anki")
        assert f"filename*=UTF-8''{quote(TITLE)}.apkg" in r.headers["Content-Disposition"]

        col = Collection(str(tmp_path / "collection.anki2"))
        try:
            import_package(col, first)
            notes = notes_of(col)
            assert notes
            meanings: dict[str, str] = {}
            for note in notes:
                assert note.note_type()["name"] == "Onpu word"
                assert [field["name"] for field in note.note_type()["flds"]] == FIELDS
                assert {col.decks.name(card.did) for card in note.cards()} == {TITLE}
                word, reading, pitch, meaning, line, translation, song_name, _audio = note.fields
                line_number = LINES.index(strip(line))
                marked = re.fullmatch(r".*<b>(.+)</b>.*", line).group(1)
                assert marked in kanji_words
                # The first line the word is sung in, and that line's translation.
                assert not any(marked in earlier for earlier in LINES[:line_number])
                assert translation == f"EN({LINES[line_number]})"
                assert song_name == f"{TITLE} — {ARTIST}"
                assert reading and re.fullmatch(r"[ぁ-ゖー]+", reading)
                assert 'class="onpu-pitch' in pitch
                meanings[word] = meaning
            # Meanings from JMdict/EDICT: 夢 is a dream, 故郷 one's home town
            assert "dream" in meanings["夢"] and "home town" in meanings["故郷"], meanings
            # Every word with kanji once; particles, kana and punctuation never.
            marked_words = [re.search(r"<b>(.+)</b>", note["Line"]).group(1) for note in notes]
            assert sorted(marked_words) == sorted(kanji_words)
            by_word = {note["Word"]: note for note in notes}
            assert by_word["山"]["Reading"] == "やま"
            assert by_word["山"]["Line"] == "兎追いし　かの<b>山</b>"
            assert by_word["故郷"]["Translation"] == f"EN({LINES[3]})"
            assert "は" not in by_word and "の" not in by_word
            guids = sorted(note.guid for note in notes)

            # The same song again, then all songs: the same notes, updated, none added.
            import_package(col, download(client, f"/api/onpu/songs/{song_id}/anki", tmp_path / "again.apkg"))
            import_package(col, download(client, "/api/onpu/anki", tmp_path / "all.apkg"))
            assert sorted(note.guid for note in notes_of(col)) == guids
            assert col.card_count() == len(guids)
        finally:
            col.close()

        # Another learner sees no such song.
        other = server.client()
        r = other.signup(unique_email("anki-other"), "Other")
        other = other.with_token(json_of(r)["accessToken"])
        r = other.get(f"/api/onpu/songs/{song_id}/anki")
        assert r.status_code == 404, describe(r)
        assert json_of(r)["error"]["code"]
        r = server.client().get(f"/api/onpu/songs/{song_id}/anki")
        assert r.status_code == 401, describe(r)
    finally:
        fake.close()


def test_all_songs_export_to_one_deck(start_server, tmp_path) -> None:
    server = start_server("sqlite")
    client = server.client()
    r = client.signup(unique_email("anki-all"), "Anki all")
    client = client.with_token(json_of(r)["accessToken"])
    jobs = [
        json_of(client.post("/v1/jobs", json={"title": title, "lyrics": lyrics}))["jobId"]
        for title, lyrics in [("古池", "古池や\n蛙飛び込む\n水の音"), ("水", "水の音")]
    ]
    for job_id in jobs:
        wait_for(client, job_id, lambda job: job["status"] == "succeeded", timeout=60.0)

    col = Collection(str(tmp_path / "collection.anki2"))
    try:
        import_package(col, download(client, "/api/onpu/anki", tmp_path / "all.apkg"))
        notes = notes_of(col)
        assert {note["Song"] for note in notes} == {"古池", "水"}
        assert {col.decks.name(card.did) for note in notes for card in note.cards()} == {"Onpu songs"}
        # A word of two songs is a note of each.
        assert sorted(note["Song"] for note in notes if note["Word"] == "水") == ["古池", "水"]
        assert len({note.guid for note in notes}) == len(notes)
    finally:
        col.close()


def test_no_note_has_an_empty_meaning(start_server, tmp_path) -> None:
    """会える is not in EDICT: its meaning is 会う's, and no note of the song has none."""
    server = start_server("sqlite")
    client = server.client()
    r = client.signup(unique_email("anki-meaning"), "Meaning")
    client = client.with_token(json_of(r)["accessToken"])
    lyrics = "また君に会える日まで\n見上げた空に星が光る\n忘れられない夜"
    job_id = json_of(client.post("/v1/jobs", json={"title": "会える", "lyrics": lyrics}))["jobId"]
    wait_for(client, job_id, lambda job: job["status"] == "succeeded", timeout=60.0)
    song_id = json_of(client.get("/api/onpu/songs"))["songs"][0]["id"]

    col = Collection(str(tmp_path / "collection.anki2"))
    try:
        import_package(col, download(client, f"/api/onpu/songs/{song_id}/anki", tmp_path / "song.apkg"))
        meanings = {note["Word"]: strip(note["Meaning"]) for note in notes_of(col)}
        assert meanings, meanings
        assert all(meaning.strip() for meaning in meanings.values()), meanings
        met = [meaning for word, meaning in meanings.items() if word.startswith("会")]
        assert met and all("meet" in meaning for meaning in met), meanings
    finally:
        col.close()
