"""Crash safety: a write the server acknowledged survives `kill -9` of the server.

A few threads write as fast as the server answers (PATCH /api/me with a counter in the display
name, and sign-ups); the server is killed with SIGKILL in the middle of the burst and started
again on the same database. Then every acknowledged write must be there: each writer's display
name carries a counter at least as high as its last acknowledged one, and every acknowledged
sign-up can log in.
"""

from __future__ import annotations

import re
import threading
import time

import pytest
import requests

import probe_jobs
from hearth_harness import PASSWORD, Client, describe, json_of, unique_email

PATCH_WRITERS = 3
PATCHES_PER_WRITER = 100  # 300 in all
SIGNUPS = 40
KILL_AFTER_ACKS = 120  # PATCHes acknowledged (and one sign-up) before the kill: inside the burst
BURST_DEADLINE = 90.0  # seconds; the kill happens by then whatever the count


@pytest.mark.timeout(420)
def test_acknowledged_writes_survive_kill9(backend, start_server) -> None:
    server = start_server(backend)
    setup = server.client()

    writers = []
    for i in range(PATCH_WRITERS):
        email = unique_email(f"writer{i}")
        r = setup.signup(email, f"writer {i}")
        assert r.status_code == 201, describe(r)
        writers.append((email, json_of(r)["accessToken"]))

    lock = threading.Lock()
    acked = [-1] * PATCH_WRITERS  # the last sequence number acknowledged, per writer
    attempted = [-1] * PATCH_WRITERS  # the last sequence number sent, per writer
    acked_signups: list[str] = []
    total_acks = [0]
    problems: list[str] = []
    stop = threading.Event()
    base_url = server.base_url

    def patcher(i: int, token: str) -> None:
        client = Client(base_url, token)
        for seq in range(PATCHES_PER_WRITER):
            if stop.is_set():
                return
            attempted[i] = seq
            try:
                r = client.patch("/api/me", json={"displayName": f"crash {i} {seq}"}, timeout=10)
            except requests.RequestException:
                return  # the server is gone
            if 200 <= r.status_code < 300:
                with lock:
                    acked[i] = seq
                    total_acks[0] += 1
            else:
                with lock:
                    problems.append(describe(r))
                return

    def signer() -> None:
        client = Client(base_url)
        for n in range(SIGNUPS):
            if stop.is_set():
                return
            email = unique_email("crash")
            try:
                r = client.signup(email, f"crash signup {n}", timeout=10)
            except requests.RequestException:
                return
            if r.status_code == 201:
                with lock:
                    acked_signups.append(email)
            elif r.status_code == 429:
                return  # rate-limited: what was acknowledged so far is still checked
            else:
                with lock:
                    problems.append(describe(r))
                return

    threads = [
        threading.Thread(target=patcher, args=(i, token), daemon=True)
        for i, (_, token) in enumerate(writers)
    ]
    threads.append(threading.Thread(target=signer, daemon=True))
    for t in threads:
        t.start()

    deadline = time.monotonic() + BURST_DEADLINE
    while time.monotonic() < deadline:
        with lock:
            if problems or (total_acks[0] >= KILL_AFTER_ACKS and acked_signups):
                break
        if not any(t.is_alive() for t in threads):
            break
        time.sleep(0.002)
    still_writing = sum(t.is_alive() for t in threads)
    server.kill()
    stop.set()
    for t in threads:
        t.join(timeout=30)
    assert not any(t.is_alive() for t in threads), "writer threads did not stop after the kill"

    assert not problems, "writes were refused before the kill:\n" + "\n".join(problems)
    assert still_writing > 0, "the burst finished before the kill; nothing was tested mid-burst"
    assert sum(a + 1 for a in acked) >= 10, f"too few acknowledged PATCHes: {acked}"
    assert acked_signups, "no sign-up was acknowledged before the kill"

    server.start()
    client = server.client()

    for i, (email, _) in enumerate(writers):
        r = client.login(email)
        assert r.status_code == 200, describe(r)
        token = json_of(r)["accessToken"]
        r = client.with_token(token).get("/api/me")
        assert r.status_code == 200, describe(r)
        name = json_of(r)["user"]["displayName"]
        match = re.fullmatch(rf"crash {i} (\d+)", name)
        if acked[i] < 0:
            assert name == f"writer {i}" or match, name
            continue
        assert match, f"writer {i}: display name {name!r} after restart, acknowledged {acked[i]}"
        seq = int(match.group(1))
        assert acked[i] <= seq <= attempted[i], (
            f"writer {i}: acknowledged up to {acked[i]} (sent up to {attempted[i]}) "
            f"but the database holds {seq}"
        )

    lost = []
    for email in acked_signups:
        r = client.login(email, PASSWORD)
        if r.status_code != 200:
            lost.append(f"{email}: {describe(r)}")
    assert not lost, f"{len(lost)} of {len(acked_signups)} acknowledged sign-ups lost:\n" + "\n".join(lost)

    # And the restarted server takes new writes.
    r = client.with_token(json_of(client.login(writers[0][0]))["accessToken"]).patch(
        "/api/me", json={"displayName": "after the crash"}
    )
    assert 200 <= r.status_code < 300, describe(r)


@pytest.mark.timeout(180)
def test_a_job_whose_worker_was_killed_runs_again_and_completes_once(backend, start_server) -> None:
    """kill -9 while a job runs: after the restart the lease runs out, the job runs again, and its
    effect (a `debug.job.completed` event, written with the completion) happens exactly once."""
    lease = "2"
    server = start_server(backend, extra_env={"HEARTH_JOB_LEASE_SECONDS": lease})
    client = server.client()
    r = client.signup(unique_email("jobkill"), "job killer")
    assert r.status_code == 201, describe(r)
    token = json_of(r)["accessToken"]
    me = client.with_token(token)

    r = me.post("/api/debug/jobs", json={"sleepMs": 3000})
    assert r.status_code == 202, describe(r)
    job_id = json_of(r)["job"]["id"]

    deadline = time.monotonic() + 20
    status = ""
    while time.monotonic() < deadline and status != "running":
        status = json_of(me.get(f"/api/debug/jobs/{job_id}"))["job"]["status"]
        time.sleep(0.05)
    assert status == "running", f"the job never started: {status}"

    server.kill()
    server.start()
    me = server.client().with_token(token)  # the restarted server may listen on another port

    deadline = time.monotonic() + 60
    job: dict = {}
    while time.monotonic() < deadline:
        r = me.get(f"/api/debug/jobs/{job_id}")
        assert r.status_code == 200, describe(r)
        job = json_of(r)["job"]
        if job["status"] == "succeeded":
            break
        time.sleep(0.2)
    assert job.get("status") == "succeeded", f"the job did not complete after the restart: {job}"
    assert job["attempts"] == 2, job

    r = me.get("/api/events/poll", params={"after": 0, "timeout": 0})
    assert r.status_code == 200, describe(r)
    done = [
        e for e in json_of(r)["events"]
        if e["type"] == "debug.job.completed" and e["payload"].get("jobId") == job_id
    ]
    assert len(done) == 1, f"the job announced its completion {len(done)} times: {done}"
    assert done[0]["payload"]["attempt"] == 2, done


@pytest.mark.timeout(240)
def test_a_batch_killed_mid_run_runs_again_and_each_job_completes_once(backend, start_server) -> None:
    """Twelve probes enqueued in one call are claimed together; twelve quick ones after them
    complete in batches. kill -9 while the first twelve run: after the restart each of those
    runs again and completes, and every job announces its effect exactly once."""
    server = start_server(backend, extra_env={"HEARTH_JOB_LEASE_SECONDS": "2"})
    client = server.client()
    r = client.signup(unique_email("batchkill"), "batch killer")
    assert r.status_code == 201, describe(r)
    token = json_of(r)["accessToken"]
    me = client.with_token(token)

    slow = probe_jobs.enqueue(me, 4000, 12)
    probe_jobs.wait_for(me, slow, "running", 20)
    quick = probe_jobs.enqueue(me, 0, 12)
    probe_jobs.wait_for(me, quick, "succeeded", 20)

    server.kill()
    server.start()
    me = server.client().with_token(token)

    after = probe_jobs.wait_for(me, slow, "succeeded", 60)
    assert all(job["attempts"] == 2 for job in after.values()), after
    assert all(job["attempts"] == 1 for job in probe_jobs.statuses(me, quick).values())

    by_job = probe_jobs.announced_once(me, slow + quick)
    assert all(by_job[job_id][0]["attempt"] == 2 for job_id in slow), by_job
