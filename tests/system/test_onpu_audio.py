"""Onpu's audio against a real server and Open JTalk: a line's audio is made by a job and served
as a WAV file of sound to the song's owner only (another learner gets 404); the song's .apkg
carries its words' audio (the media map names each file, the card says [sound:…]) and imports
into the real Anki with its media."""

from __future__ import annotations

import array
import io
import json
import os
import time
import wave
import zipfile
from pathlib import Path

import pytest
from anki.collection import Collection, ImportAnkiPackageOptions, ImportAnkiPackageRequest

from hearth_harness import describe, json_of, unique_email
from test_onpu import wait_for

LINES = ["古池や　蛙飛び込む　水の音"]


def loudness(wav_bytes: bytes) -> tuple[float, int]:
    """The WAV's length in seconds and its largest sample (16-bit mono PCM)."""
    with wave.open(io.BytesIO(wav_bytes)) as audio:
        assert (audio.getnchannels(), audio.getsampwidth()) == (1, 2)
        frames = audio.readframes(audio.getnframes())
        seconds = audio.getnframes() / audio.getframerate()
    samples = array.array("h", frames)
    return seconds, max(abs(sample) for sample in samples)


def song_of(client) -> str:
    r = client.post("/v1/jobs", json={"title": "古池", "artist": "芭蕉", "lyrics": "\n".join(LINES)})
    assert r.status_code == 200, describe(r)
    wait_for(client, json_of(r)["jobId"], lambda job: job["status"] == "succeeded", timeout=60.0)
    return json_of(client.get("/api/onpu/songs"))["songs"][0]["id"]


def audio_of(client, song_id: str, body: dict) -> dict:
    deadline = time.monotonic() + 30
    while True:
        r = client.post(f"/api/onpu/songs/{song_id}/audio", json=body)
        assert r.status_code == 200, describe(r)
        answer = json_of(r)
        if answer["status"] != "preparing" or time.monotonic() > deadline:
            return answer
        time.sleep(0.2)


@pytest.mark.timeout(180)
def test_a_line_is_made_once_and_served_to_its_owner_only(start_server) -> None:
    server = start_server("sqlite")
    client = server.client()
    r = client.signup(unique_email("audio"), "Audio")
    client = client.with_token(json_of(r)["accessToken"])
    song_id = song_of(client)

    first = client.post(f"/api/onpu/songs/{song_id}/audio", json={"line": 0})
    assert first.status_code == 200, describe(first)
    assert json_of(first)["status"] in ("preparing", "ready")
    ready = audio_of(client, song_id, {"line": 0})
    assert ready["status"] == "ready", ready
    assert ready["text"] == "古池や　蛙飛び込む　水の音"
    r = client.get(ready["url"])
    assert r.status_code == 200, describe(r)
    assert r.headers["Content-Type"] == "audio/wav"
    seconds, peak = loudness(r.content)
    # Seventeen morae said aloud: a few seconds of sound, not silence.
    assert 2.0 < seconds < 8.0, seconds
    assert peak > 3000, peak
    # Asked again: the same file, no second job.
    assert audio_of(client, song_id, {"line": 0})["url"] == ready["url"]
    # The files sit beside the database, one per text; a cleared cache is made again.
    cache = server.workdir / "onpu-audio"
    made = cache / ready["url"].rsplit("/", 1)[1]
    assert made.is_file()
    made.unlink()
    assert client.get(ready["url"]).status_code == 404
    assert audio_of(client, song_id, {"line": 0})["url"] == ready["url"]
    assert made.is_file()

    word = audio_of(client, song_id, {"surface": "蛙"})
    assert word["status"] == "ready" and word["text"] == "蛙", word
    assert 0.3 < loudness(client.get(word["url"]).content)[0] < 3.0

    r = client.post(f"/api/onpu/songs/{song_id}/audio", json={"line": 5})
    assert r.status_code == 400, describe(r)
    r = client.post(f"/api/onpu/songs/{song_id}/audio", json={"surface": "星"})
    assert r.status_code == 400, describe(r)

    other = server.client()
    r = other.signup(unique_email("audio-other"), "Other")
    other = other.with_token(json_of(r)["accessToken"])
    assert other.get(ready["url"]).status_code == 404
    assert other.post(f"/api/onpu/songs/{song_id}/audio", json={"line": 0}).status_code == 404
    assert server.client().get(ready["url"]).status_code == 401


@pytest.mark.timeout(180)
def test_the_audio_kept_stays_under_its_limit_and_what_went_is_made_again(start_server) -> None:
    server = start_server("sqlite", extra_env={"ONPU_AUDIO_CACHE_MB": "1"})
    cache = server.workdir / "onpu-audio"
    cache.mkdir(exist_ok=True)
    stale = cache / ("0" * 64 + ".wav")
    stale.write_bytes(bytes(900 * 1024))
    year_ago = time.time() - 365 * 86400
    os.utime(stale, (year_ago, year_ago))
    client = server.client()
    r = client.signup(unique_email("audio-cache"), "Cache")
    client = client.with_token(json_of(r)["accessToken"])
    song_id = song_of(client)

    line = audio_of(client, song_id, {"line": 0})
    assert line["status"] == "ready", line
    made = cache / line["url"].rsplit("/", 1)[1]
    assert made.is_file() and not stale.exists(), "the file heard longest ago made room"
    assert sum(f.stat().st_size for f in cache.glob("*.wav")) <= 1024 * 1024

    # The line's own file, pruned in turn, is made again when it is asked for.
    os.utime(made, (year_ago, year_ago))
    (cache / ("1" * 64 + ".wav")).write_bytes(bytes(900 * 1024))
    word = audio_of(client, song_id, {"surface": "蛙"})
    assert word["status"] == "ready" and not made.exists(), word
    assert audio_of(client, song_id, {"line": 0})["status"] == "ready"
    assert client.get(line["url"]).status_code == 200


@pytest.mark.timeout(180)
def test_the_anki_package_carries_the_words_audio(start_server, tmp_path: Path) -> None:
    server = start_server("sqlite")
    client = server.client()
    r = client.signup(unique_email("audio-anki"), "Anki")
    client = client.with_token(json_of(r)["accessToken"])
    song_id = song_of(client)

    r = client.get(f"/api/onpu/songs/{song_id}/anki")
    assert r.status_code == 200, describe(r)
    path = tmp_path / "song.apkg"
    path.write_bytes(r.content)
    with zipfile.ZipFile(path) as archive:
        media = json.loads(archive.read("media"))
        assert media, "no sound in the package"
        names = set(media.values())
        for number, name in media.items():
            assert name.startswith("onpu-") and name.endswith(".wav")
            seconds, peak = loudness(archive.read(number))
            assert 0.3 < seconds < 4.0 and peak > 3000, (name, seconds, peak)

    col = Collection(str(tmp_path / "collection.anki2"))
    try:
        col.import_anki_package(
            ImportAnkiPackageRequest(package_path=str(path), options=ImportAnkiPackageOptions())
        )
        notes = [col.get_note(note_id) for note_id in col.find_notes("")]
        by_word = {note["Word"]: note for note in notes}
        assert {"古池", "蛙", "水", "音"} <= set(by_word), sorted(by_word)
        sounds = {note["Word"]: note["Audio"] for note in notes}
        assert all(sound.startswith("[sound:onpu-") for sound in sounds.values()), sounds
        assert {sound[len("[sound:") : -1] for sound in sounds.values()} == names
        # The card plays it: its answer names the file, which is in the collection's media.
        card = by_word["蛙"].cards()[0]
        assert sounds["蛙"] in card.answer() or "[anki:play:a:0]" in card.answer()
        assert [tag.filename for tag in card.answer_av_tags()] == [sounds["蛙"][7:-1]]
        media_dir = Path(col.media.dir())
        assert all((media_dir / name).stat().st_size > 1000 for name in names)
    finally:
        col.close()


@pytest.mark.timeout(180)
def test_without_open_jtalk_the_audio_says_why_and_the_rest_works(start_server) -> None:
    server = start_server("sqlite", extra_env={"ONPU_OPEN_JTALK": "/nonexistent/open_jtalk"})
    client = server.client()
    r = client.signup(unique_email("audio-off"), "Off")
    client = client.with_token(json_of(r)["accessToken"])
    song_id = song_of(client)
    answer = audio_of(client, song_id, {"line": 0})
    assert answer["status"] == "failed", answer
    assert answer["error"].startswith("Audio is not available on this server."), answer
    assert "Open JTalk is not installed" in answer["error"]
    # The deck still exports, without sounds.
    r = client.get(f"/api/onpu/songs/{song_id}/anki")
    assert r.status_code == 200, describe(r)
    with zipfile.ZipFile(io.BytesIO(r.content)) as archive:
        assert json.loads(archive.read("media")) == {}
