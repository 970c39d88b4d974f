"""Onpu's reading corrections against real servers (SQLite and PostgreSQL): a learner's
readings hold in their songs, in the app API's result and in songs added after a restart, and
another person sees none of it."""

from __future__ import annotations

import time

from hearth_harness import Client, describe, json_of, unique_email


def add_song(client: Client, lyrics: str) -> tuple[str, str]:
    before = {song["id"] for song in json_of(client.get("/api/onpu/songs"))["songs"]}
    r = client.post("/v1/jobs", json={"title": "星", "lyrics": lyrics})
    assert r.status_code == 200, describe(r)
    job_id = json_of(r)["jobId"]
    deadline = time.monotonic() + 30
    while json_of(client.get(f"/v1/jobs/{job_id}"))["status"] != "succeeded":
        assert time.monotonic() < deadline, f"job {job_id} never finished"
        time.sleep(0.2)
    songs = [song["id"] for song in json_of(client.get("/api/onpu/songs"))["songs"]]
    return job_id, next(song for song in songs if song not in before)


def word(client: Client, song_id: str, line: int, surface: str) -> dict:
    lines = json_of(client.get(f"/api/onpu/songs/{song_id}"))["lyricsData"]
    return next(w for w in lines[str(line)]["words"] if w["kanji"] == surface)


def test_corrections_hold_across_songs_and_restarts(backend, start_server) -> None:
    server = start_server(backend)
    client = server.client()
    r = client.signup(unique_email("readings"), "Readings")
    assert r.status_code == 201, describe(r)
    token = json_of(r)["accessToken"]
    client = client.with_token(token)

    job_id, song_id = add_song(client, "運命(さだめ)の地球\n青い地球")
    path = f"/api/onpu/songs/{song_id}/readings"
    r = client.put(path, json={"surface": "地球", "reading": "ほし", "allSongs": True})
    assert r.status_code == 200, describe(r)
    earth = next(w for w in json_of(r)["words"] if w["surface"] == "地球")
    assert earth["reading"] == "ほし" and earth["readingSource"] == "learner"
    assert earth["pitchUnknown"] is True
    for line in (0, 1):
        assert word(client, song_id, line, "地球")["furigana"] == "ほし"
    assert word(client, song_id, 0, "運命")["readingSource"] == "lyrics"

    notes = json_of(client.get(f"/v1/jobs/{job_id}/result"))["words"]
    assert {"word": 1, "readingSource": "learner", "pitchUnknown": True} in notes["1"]  # 青い, 地球

    r = client.put(path, json={"surface": "地球", "reading": "star"})
    assert r.status_code == 422 and json_of(r)["error"]["field"] == "reading", describe(r)

    server.stop()
    server.start()
    client = Client(server.base_url, token)
    _, later = add_song(client, "地球の歌")
    assert word(client, later, 0, "地球")["furigana"] == "ほし"
    corrections = json_of(client.get("/api/onpu/readings"))["corrections"]
    assert [(c["surface"], c["reading"], c["allSongs"]) for c in corrections] == [
        ("地球", "ほし", True)
    ]

    other = server.client()
    r = other.signup(unique_email("readings-other"), "Other")
    other = other.with_token(json_of(r)["accessToken"])
    assert other.get(path).status_code == 404
    assert other.put(path, json={"surface": "地球", "reading": "ちきゅう"}).status_code == 404
    assert json_of(other.get("/api/onpu/readings"))["corrections"] == []

    r = client.delete("/api/onpu/readings", params={"surface": "地球"})
    assert r.status_code == 204, describe(r)
    assert word(client, later, 0, "地球")["furigana"] == "ちきゅう"
    assert word(client, song_id, 1, "地球").get("readingSource") is None
