"""The process lifecycle: a restart keeps data, and SIGTERM is a clean, successful shutdown."""

from __future__ import annotations

import time

from hearth_harness import SseStream, describe, json_of, unique_email


def test_sigterm_exits_cleanly_and_restart_keeps_data(server) -> None:
    c = server.client()
    email = unique_email("life")
    r = c.signup(email, "Lifecycle")
    assert r.status_code == 201, describe(r)

    status = server.stop(timeout=15)
    assert status == 0, (
        f"hearth serve exited with status {status} after SIGTERM; a graceful shutdown exits 0\n"
        + server.log_tail(15)
    )

    server.start()
    r = server.client().login(email)
    assert r.status_code == 200, describe(r)
    assert json_of(r)["user"]["displayName"] == "Lifecycle"


def test_sigterm_with_ten_open_streams_exits_within_two_seconds(server) -> None:
    r = server.client().signup(unique_email("streams"), "Streams")
    assert r.status_code == 201, describe(r)
    token = json_of(r)["accessToken"]
    streams = [SseStream(server.base_url, token) for _ in range(10)]
    assert all(s.response.status_code == 200 for s in streams)
    started = time.monotonic()
    status = server.stop(timeout=15)
    took = time.monotonic() - started
    assert status == 0, server.log_tail(15)
    assert took < 2.0, f"hearth serve took {took:.1f}s to exit with ten open event streams"
    deadline = time.monotonic() + 5
    while not all(s.ended for s in streams) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert all(s.ended for s in streams), "every stream was ended by the server"
    for s in streams:
        s.close()
