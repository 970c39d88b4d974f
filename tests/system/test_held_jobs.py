"""Jobs claimed ahead: a worker whose slots are full claims more of a backed-up queue and holds
them for its next free slots. Held jobs are in the database as running, under the worker's
lease, but no handler has started them. A crash (kill -9) or a shutdown with jobs held must lose
none and run none twice: after a kill their leases run out and they run again, each announcing
its effect once; at a shutdown they go back to the queue without using an attempt.
"""

from __future__ import annotations

import time

import pytest

from hearth_harness import Client, describe, json_of, unique_email
from probe_jobs import announced_once, enqueue, statuses, wait_for

SLOTS = 4
AHEAD = 8
SLOW_MS = 4000
WORKER_ENV = {
    "HEARTH_JOB_LEASE_SECONDS": "2",
    "HEARTH_JOB_CONCURRENCY": str(SLOTS),
    "HEARTH_JOB_CLAIM_AHEAD": str(AHEAD),
}


def hold_jobs(server) -> tuple[str, Client, list[str], list[str]]:
    """Signs up, runs quick jobs (claiming ahead waits until the handlers are known to be
    quick), then enqueues slow ones: SLOTS run, AHEAD more are held, and the rest wait."""
    r = server.client().signup(unique_email("held"), "held jobs")
    assert r.status_code == 201, describe(r)
    token = json_of(r)["accessToken"]
    me = server.client().with_token(token)
    quick = enqueue(me, 0, 20)
    wait_for(me, quick, "succeeded", 30)
    slow = enqueue(me, SLOW_MS, SLOTS + AHEAD + 2)
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        running = [j for j, job in statuses(me, slow).items() if job["status"] == "running"]
        if len(running) == SLOTS + AHEAD:
            break
        time.sleep(0.05)
    assert len(running) == SLOTS + AHEAD, f"{len(running)} running or held, not {SLOTS + AHEAD}"
    return token, me, quick, slow


@pytest.mark.timeout(240)
def test_held_jobs_killed_with_their_worker_run_again_once_each(backend, start_server) -> None:
    server = start_server(backend, extra_env=WORKER_ENV)
    token, me, quick, slow = hold_jobs(server)

    server.kill()
    server.start()
    me = server.client().with_token(token)

    after = wait_for(me, slow, "succeeded", 90)
    claimed_before = [j for j in slow if after[j]["attempts"] == 2]
    assert len(claimed_before) == SLOTS + AHEAD, after
    assert all(after[j]["attempts"] == 1 for j in slow if j not in claimed_before), after
    by_job = announced_once(me, quick + slow)
    assert all(by_job[j][0]["attempt"] == 2 for j in claimed_before), by_job


@pytest.mark.timeout(240)
def test_held_jobs_go_back_to_the_queue_at_shutdown_without_an_attempt(backend, start_server) -> None:
    server = start_server(backend, extra_env=WORKER_ENV)
    token, me, quick, slow = hold_jobs(server)

    # The running ones finish within the shutdown's grace; the held ones are given back
    server.stop()
    server.start()
    me = server.client().with_token(token)

    after = wait_for(me, slow, "succeeded", 90)
    assert all(job["attempts"] == 1 for job in after.values()), after
    by_job = announced_once(me, quick + slow)
    assert all(payloads[0]["attempt"] == 1 for payloads in by_job.values()), by_job
    log = server.log_path.read_text(errors="replace")
    assert "held jobs back to the queue at shutdown" in log, server.log_tail()
