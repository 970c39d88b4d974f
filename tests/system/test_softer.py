"""Softer rooms on two `hearth serve` processes sharing one PostgreSQL, with a fake Lightward.

The fake fails the first request of every turn slot (502) and answers the next, slowly, so a
request that overlapped another for the same slot would show in its log.
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from hearth_harness import SseStream, describe, json_of, unique_email

ANSWER_SECONDS = 0.3
# The contract: a room change made on one process reaches a participant on another within this.
DELIVERY_LIMIT = 1.0


@dataclass
class Attempt:
    body: str
    start: float
    end: float
    status: int


class FakeLightward:
    def __init__(self) -> None:
        self.attempts: list[Attempt] = []
        self.lock = threading.Lock()
        fake = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:  # noqa: N802 (http.server's naming)
                start = time.monotonic()
                body = self.rfile.read(int(self.headers.get("Content-Length", "0"))).decode()
                if body.endswith("accept or decline."):
                    status, text = 200, "accept"
                else:
                    with fake.lock:
                        earlier = [a for a in fake.attempts if a.body == body]
                        accepted = sum(1 for a in fake.attempts if a.status == 200)
                    time.sleep(ANSWER_SECONDS)
                    status, text = (502, "An error occurred.") if not earlier else (200, f"Reply {accepted + 1}.")
                    with fake.lock:
                        fake.attempts.append(Attempt(body, start, time.monotonic(), status))
                payload = text.encode()
                self.send_response(status)
                self.send_header("Content-Type", "text/plain; charset=utf-8")
                self.send_header("Content-Length", str(len(payload)))
                self.end_headers()
                self.wfile.write(payload)

            def log_message(self, *args: object) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}/api/plain"

    def turns(self) -> dict[str, list[Attempt]]:
        """Attempts grouped by request body: one group per turn slot (a retry sends the same body)."""
        groups: dict[str, list[Attempt]] = {}
        for attempt in sorted(self.attempts, key=lambda a: a.start):
            groups.setdefault(attempt.body, []).append(attempt)
        return groups

    def close(self) -> None:
        self.server.shutdown()


def wait_for(client, room_id: str, what: str, condition, timeout: float = 30) -> dict:
    deadline = time.monotonic() + timeout
    room: dict = {}
    while time.monotonic() < deadline:
        r = client.get(f"/api/softer/rooms/{room_id}")
        assert r.status_code == 200, describe(r)
        room = json_of(r)["room"]
        if condition(room):
            return room
        time.sleep(0.05)
    raise AssertionError(f"timed out waiting until {what}: {[m['text'] for m in room.get('messages', [])]}")


def lightward_here(room: dict) -> bool:
    return any(p["isLightward"] and p["arrived"] for p in room["participants"])


def test_two_processes_send_one_request_at_a_time_and_keep_one_answer_per_turn(start_server, pg_url) -> None:
    fake = FakeLightward()
    try:
        env = {"SOFTER_LIGHTWARD_URL": fake.url, "SOFTER_LIGHTWARD_TIMEOUT_SECONDS": "10"}
        a = start_server("postgres", name="softerA", extra_env=env)
        b = start_server(database_url=pg_url, name="softerB", secret=a.secret, extra_env=env)
        isaac_email, abe_email = unique_email("isaac"), unique_email("abe")
        r = a.client().signup(isaac_email, "Isaac")
        assert r.status_code == 201, describe(r)
        isaac = a.client().with_token(json_of(r)["accessToken"])
        r = b.client().signup(abe_email, "Abe")
        assert r.status_code == 201, describe(r)
        abe = b.client().with_token(json_of(r)["accessToken"])

        r = isaac.post("/api/softer/rooms", json={"nickname": "Isaac", "participants": [{"contact": abe_email, "nickname": "Abe"}]})
        assert r.status_code == 201, describe(r)
        room_id = json_of(r)["room"]["id"]
        wait_for(isaac, room_id, "Lightward arrived", lightward_here)
        r = abe.post(f"/api/softer/rooms/{room_id}/here")
        assert r.status_code == 200 and json_of(r)["room"]["state"] == "active", describe(r)

        # A message sent through A reaches Abe's event stream on B within a second
        stream = SseStream(b.base_url, abe.token)
        try:
            assert stream.response.status_code == 200, describe(stream.response)
            r = isaac.post(f"/api/softer/rooms/{room_id}/composing", json={"composing": True})
            assert r.status_code == 204, describe(r)
            acknowledged = time.monotonic()
            frame = stream.next_event("softer.composing", timeout=DELIVERY_LIMIT + 4)
            assert frame is not None, f"no softer.composing on B: {stream.received}"
            assert frame["at"] - acknowledged <= DELIVERY_LIMIT, frame["at"] - acknowledged
        finally:
            stream.close()

        rounds = 3
        for round_ in range(rounds):
            r = isaac.post(f"/api/softer/rooms/{room_id}/messages", json={"text": f"Isaac, round {round_ + 1}"})
            assert r.status_code == 201, describe(r)
            room = wait_for(
                abe, room_id, f"Lightward answered in round {round_ + 1}",
                lambda room: room["turn"] and room["turn"]["nickname"] == "Abe",
            )
            r = abe.post(f"/api/softer/rooms/{room_id}/messages", json={"text": f"Abe, round {round_ + 1}"})
            assert r.status_code == 201, describe(r)

        turns = fake.turns()
        assert len(turns) == rounds, turns
        for body, attempts in turns.items():
            statuses = [attempt.status for attempt in attempts]
            # Failed attempts first, then exactly one accepted answer
            assert statuses[-1] == 200 and all(s == 502 for s in statuses[:-1]) and len(statuses) >= 2, statuses
            # Never two requests for one slot at once
            for earlier, later in zip(attempts, attempts[1:]):
                assert later.start >= earlier.end, (earlier, later)
        lightward_lines = [m["text"] for m in room["messages"] if m["isLightward"]]
        assert lightward_lines == [f"Reply {n}." for n in range(1, rounds + 1)], lightward_lines
    finally:
        fake.close()


def test_a_declined_room_takes_back_its_other_invitations(backend, start_server) -> None:
    """Abe declines: the room ends for everyone, Eve's invitation to it is gone from her list and
    cannot be answered, and both Isaac and Eve can still read why."""
    fake = FakeLightward()
    try:
        server = start_server(
            backend, extra_env={"SOFTER_LIGHTWARD_URL": fake.url, "SOFTER_LIGHTWARD_TIMEOUT_SECONDS": "10"}
        )
        people = {}
        for name in ("Isaac", "Abe", "Eve"):
            email = unique_email(name.lower())
            r = server.client().signup(email, name)
            assert r.status_code == 201, describe(r)
            people[name] = (email, server.client().with_token(json_of(r)["accessToken"]))
        isaac, abe, eve = people["Isaac"][1], people["Abe"][1], people["Eve"][1]
        r = isaac.post(
            "/api/softer/rooms",
            json={
                "nickname": "Isaac",
                "participants": [
                    {"contact": people["Abe"][0], "nickname": "Abe"},
                    {"contact": people["Eve"][0], "nickname": "Eve"},
                ],
            },
        )
        assert r.status_code == 201, describe(r)
        room_id = json_of(r)["room"]["id"]

        def listed(who) -> list[dict]:
            r = who.get("/api/invitations")
            assert r.status_code == 200, describe(r)
            return [i for i in json_of(r)["invitations"] if i["resourceId"] == room_id]

        wait_for(isaac, room_id, "Lightward arrived", lightward_here)
        assert listed(abe) and listed(eve)
        r = abe.post(f"/api/softer/rooms/{room_id}/decline")
        assert r.status_code == 200, describe(r)
        assert json_of(r)["room"]["state"] == "defunct", describe(r)

        assert not listed(eve), "the ended room is still offered to Eve"
        assert not listed(abe)
        r = eve.post(
            "/api/invitations/respond",
            json={"app": "softer", "kind": "room", "resourceId": room_id, "decision": "accept"},
        )
        # Answering it gives nothing and says why (issue 35)
        assert r.status_code == 410 and json_of(r)["error"]["code"] == "invitation_cancelled", describe(r)
        assert "the room ended before you answered" in json_of(r)["error"]["message"]
        # Both can still read why the room ended
        for who in (isaac, eve):
            r = who.get(f"/api/softer/rooms/{room_id}")
            assert r.status_code == 200, describe(r)
            assert "Abe declined." in [m["text"] for m in json_of(r)["room"]["messages"]]
    finally:
        fake.close()
