"""Probe jobs (POST /api/debug/jobs): each sleeps as long as it is told, then announces
`debug.job.completed` with its id and attempt, so that a test can count the effects of jobs
through crashes and shutdowns."""

from __future__ import annotations

import time

from hearth_harness import Client, describe, json_of


def enqueue(me: Client, sleep_ms: int, count: int) -> list[str]:
    r = me.post("/api/debug/jobs", json={"sleepMs": sleep_ms, "count": count})
    assert r.status_code == 202, describe(r)
    return [job["id"] for job in json_of(r)["jobs"]]


def statuses(me: Client, ids: list[str]) -> dict[str, dict]:
    jobs = {}
    for job_id in ids:
        r = me.get(f"/api/debug/jobs/{job_id}")
        assert r.status_code == 200, describe(r)
        jobs[job_id] = json_of(r)["job"]
    return jobs


def wait_for(me: Client, ids: list[str], status: str, seconds: float) -> dict[str, dict]:
    deadline = time.monotonic() + seconds
    jobs = statuses(me, ids)
    while time.monotonic() < deadline and any(j["status"] != status for j in jobs.values()):
        time.sleep(0.05)
        jobs = statuses(me, ids)
    assert all(j["status"] == status for j in jobs.values()), f"not all {status}: {jobs}"
    return jobs


def announced_once(me: Client, ids: list[str]) -> dict[str, list[dict]]:
    """Each job's `debug.job.completed` payloads, asserting there is exactly one per job."""
    done, cursor = [], 0
    while True:
        r = me.get("/api/events/poll", params={"after": cursor, "timeout": 0})
        assert r.status_code == 200, describe(r)
        page = json_of(r)
        done += [e["payload"] for e in page["events"] if e["type"] == "debug.job.completed"]
        if not page["events"]:
            break
        cursor = page["cursor"]
    by_job = {job_id: [p for p in done if p.get("jobId") == job_id] for job_id in ids}
    assert all(len(p) == 1 for p in by_job.values()), f"announced other than once: {by_job}"
    return by_job
