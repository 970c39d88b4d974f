"""Events cross processes: a change made through one server reaches SSE clients of another.

PostgreSQL only: that is the setup where several `hearth serve` share one database.
"""

from __future__ import annotations

import json
import time

from hearth_harness import SseStream, describe, json_of, unique_email

# The contract: an event reaches a subscriber on another process within this many seconds.
DELIVERY_LIMIT = 1.0
ROUNDS = 3


def test_account_update_on_a_reaches_stream_on_b(start_server, pg_url) -> None:
    a = start_server("postgres", name="serverA")
    # The second process shares the database and the secret (tokens minted by A work on B).
    b = start_server(database_url=pg_url, name="serverB", secret=a.secret)

    ca, cb = a.client(), b.client()
    r = ca.signup(unique_email("u"), "Ursula")
    assert r.status_code == 201, describe(r)
    u = json_of(r)
    r = cb.signup(unique_email("v"), "Viktor")
    assert r.status_code == 201, describe(r)
    v = json_of(r)
    u_id = u["user"]["id"]

    stream_u = SseStream(b.base_url, u["accessToken"])
    stream_v = SseStream(b.base_url, v["accessToken"])
    try:
        for stream in (stream_u, stream_v):
            assert stream.response.status_code == 200, describe(stream.response)
            assert stream.content_type.startswith("text/event-stream"), stream.content_type

        ursula_on_a = ca.with_token(u["accessToken"])
        last_id = None
        names = []
        for round_ in range(ROUNDS):
            name = f"Ursula {round_ + 1}"
            names.append(name)
            r = ursula_on_a.patch("/api/me", json={"displayName": name})
            assert r.status_code in (200, 204), describe(r)
            acknowledged_at = time.monotonic()

            frame = stream_u.next_event("account.updated", timeout=DELIVERY_LIMIT + 4)
            assert frame is not None, (
                f"round {round_ + 1}: no account.updated event on B within "
                f"{DELIVERY_LIMIT + 4}s (frames are `id: N`, `data: {{\"type\": ...}}`); "
                f"got {stream_u.received}, reader error {stream_u.error!r}"
            )
            delay = frame["at"] - acknowledged_at
            assert delay <= DELIVERY_LIMIT, (
                f"round {round_ + 1}: the event reached B {delay:.3f}s after A acknowledged the "
                f"change (limit {DELIVERY_LIMIT}s)"
            )
            assert frame["id"] is not None and frame["id"].strip().isdigit(), frame
            if last_id is not None:
                assert int(frame["id"]) > last_id, (frame, last_id)
            last_id = int(frame["id"])
            payload = json.loads(frame["data"])
            assert isinstance(payload, dict), frame

        # Viktor's stream got none of Ursula's events.
        for frame in stream_v.drain(wait=0.5):
            assert u_id not in frame["data"] and not any(n in frame["data"] for n in names), (
                f"Viktor received Ursula's event: {frame}"
            )
            assert frame["event"] != "account.updated", f"Viktor received {frame}"
    finally:
        stream_u.close()
        stream_v.close()


def test_events_require_authentication(start_server) -> None:
    server = start_server("sqlite")
    r = server.client().get("/api/events", headers={"Accept": "text/event-stream"}, timeout=5)
    assert r.status_code == 401, describe(r)
