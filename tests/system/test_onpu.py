"""Onpu against real servers: a worker killed in the middle of a job leaves a job that completes
once after the restart (on SQLite and PostgreSQL), and a server without its dictionaries refuses
to start with the command that installs them."""

from __future__ import annotations

import os
import subprocess
import time

import pytest

from fake_gemini import FakeGemini
from hearth_harness import Client, describe, hearth_binary, json_of, make_workdir, unique_email

LYRICS = "兎追いし　かの山\n小鮒釣りし　かの川\n夢は今も　めぐりて\n忘れがたき　故郷"


def wait_for(client, job_id: str, done, timeout: float = 30.0) -> dict:
    deadline = time.monotonic() + timeout
    last: dict = {}
    while time.monotonic() < deadline:
        r = client.get(f"/v1/jobs/{job_id}")
        assert r.status_code == 200, describe(r)
        last = json_of(r)
        if done(last):
            return last
        time.sleep(0.2)  # well inside the 120 requests a minute a client may make
    raise AssertionError(f"job {job_id} never got there; last seen {last}")


@pytest.mark.timeout(180)
def test_a_job_cut_off_by_a_crash_completes_once_after_restart(backend, start_server) -> None:
    fake = FakeGemini(hold=True)
    try:
        server = start_server(backend, extra_env={**fake.env, "HEARTH_JOB_LEASE_SECONDS": "2"})
        client = server.client()
        r = client.signup(unique_email("onpu"), "Onpu crash")
        assert r.status_code == 201, describe(r)
        client = client.with_token(json_of(r)["accessToken"])

        r = client.post("/v1/jobs", json={"title": "故郷", "artist": "高野辰之", "lyrics": LYRICS})
        assert r.status_code == 200, describe(r)
        job_id = json_of(r)["jobId"]
        wait_for(client, job_id, lambda job: job.get("stage") == "translating")
        deadline = time.monotonic() + 10
        while fake.requests == 0 and time.monotonic() < deadline:
            time.sleep(0.02)

        # The process dies while the translation is on its way.
        assert fake.requests == 1
        server.kill()
        fake.release()
        server.start()
        client = Client(server.base_url, client.token)

        job = wait_for(client, job_id, lambda job: job["status"] == "succeeded", timeout=60)
        lines = job["result"]["lyricsData"]
        assert sorted(lines) == ["0", "1", "2", "3"]
        assert lines["3"].startswith("忘れ|わすれ|")
        assert job["result"]["translations"]["0"] == "EN(兎追いし　かの山)"
        assert fake.requests >= 2  # the first attempt's request died with the process

        # Completed once: one song, and the job stays succeeded.
        songs = json_of(client.get("/api/onpu/songs"))["songs"]
        assert [song["title"] for song in songs] == ["故郷"]
        time.sleep(3)  # longer than the lease: nothing runs the job again
        assert len(json_of(client.get("/api/onpu/songs"))["songs"]) == 1
        assert json_of(client.get(f"/v1/jobs/{job_id}"))["status"] == "succeeded"
    finally:
        fake.close()


def test_a_server_without_its_dictionary_says_how_to_install_it() -> None:
    workdir = make_workdir("onpu-missing")
    env = {
        **{k: v for k, v in os.environ.items() if not k.startswith(("HEARTH_", "ONPU_"))},
        "HEARTH_DATABASE_URL": str(workdir / "hearth.sqlite"),
        "HEARTH_PORT": "0",
        # Production, which without SMTP must be told that sign-ups go unverified.
        "HEARTH_EMAIL_VERIFICATION": "off",
        "ONPU_UNIDIC_DIR": str(workdir / "no-unidic-here"),
    }
    result = subprocess.run(
        [str(hearth_binary()), "serve"], cwd=workdir, env=env, capture_output=True, text=True, timeout=60
    )
    assert result.returncode != 0
    output = result.stdout + result.stderr
    assert "ONPU_UNIDIC_DIR" in output and "make setup" in output, output


def test_a_server_whose_dictionary_cache_cannot_be_written_says_which_setting_to_change() -> None:
    workdir = make_workdir("onpu-cache")
    not_a_directory = workdir / "cache-is-a-file"
    not_a_directory.write_text("")
    env = {
        **{k: v for k, v in os.environ.items() if not k.startswith(("HEARTH_", "ONPU_"))},
        "HEARTH_DATABASE_URL": str(workdir / "hearth.sqlite"),
        "HEARTH_PORT": "0",
        "HEARTH_EMAIL_VERIFICATION": "off",
        "ONPU_CACHE_DIR": str(not_a_directory),
    }
    result = subprocess.run(
        [str(hearth_binary()), "serve"], cwd=workdir, env=env, capture_output=True, text=True, timeout=60
    )
    assert result.returncode != 0
    output = result.stdout + result.stderr
    assert "ONPU_CACHE_DIR" in output and str(not_a_directory) in output, output


def test_a_song_that_took_a_while_says_it_is_ready(backend, start_server) -> None:
    """A song made while its maker watched says nothing; one that took longer than a few seconds
    (here the server's clock moves on while Gemini holds the translation) leaves a notice."""
    fake = FakeGemini()
    try:
        server = start_server(backend, extra_env={**fake.env, "HEARTH_TEST_CLOCK": "on"})
        client = server.client()
        r = client.signup(unique_email("onpu"), "Onpu notices")
        assert r.status_code == 201, describe(r)
        client = client.with_token(json_of(r)["accessToken"])

        r = client.post("/v1/jobs", json={"title": "春", "artist": "", "lyrics": LYRICS})
        assert r.status_code == 200, describe(r)
        quick = wait_for(client, json_of(r)["jobId"], lambda job: job["status"] == "succeeded")
        assert quick["status"] == "succeeded"

        fake.hold()
        r = client.post("/v1/jobs", json={"title": "故郷", "artist": "高野辰之", "lyrics": LYRICS})
        assert r.status_code == 200, describe(r)
        job_id = json_of(r)["jobId"]
        wait_for(client, job_id, lambda job: job.get("stage") == "translating")
        r = client.post("/api/debug/clock", json={"advanceSeconds": 10})
        assert r.status_code == 200, describe(r)
        fake.release()
        wait_for(client, job_id, lambda job: job["status"] == "succeeded")
        client.settled()  # the job's handler sends the notice after the song is stored

        notices = json_of(client.get("/api/notifications"))["notifications"]
        assert [(n["kind"], n["title"]) for n in notices] == [("onpu.song-ready", "“故郷” is ready")]
        song = next(s for s in json_of(client.get("/api/onpu/songs"))["songs"] if s["title"] == "故郷")
        assert notices[0]["url"] == f"/onpu/songs/{song['id']}"
    finally:
        fake.close()
