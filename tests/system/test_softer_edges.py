"""Softer at its edges, against a scripted Lightward on loopback and, where hours or days must
pass, a server whose clock the test moves (HEARTH_TEST_CLOCK, POST /api/debug/clock).

Lightward is asked three things: whether it accepts an invitation, its turn, and a cenotaph. The
fake answers each from a script the test changes as it goes, and counts what it was asked.
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass
from datetime import datetime
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Callable

from hearth_harness import Client, HearthServer, describe, json_of, unique_email

Answer = tuple[int, str, dict[str, str]]


class ScriptedLightward:
    """Answers each kind of request ("invitation", "turn", "cenotaph") with its current script:
    a function of how many of that kind came before. An invitation can be held until released."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.asked: dict[str, int] = {"invitation": 0, "turn": 0, "cenotaph": 0}
        self.release = threading.Event()
        self.release.set()
        self.scripts: dict[str, Callable[[int], Answer]] = {
            "invitation": lambda n: (200, "Accept.", {}),
            "turn": lambda n: (200, "Hello, everyone.", {}),
            "cenotaph": lambda n: (200, "Here the room rests.", {}),
        }
        fake = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:  # noqa: N802 (http.server's naming)
                body = self.rfile.read(int(self.headers.get("Content-Length", "0"))).decode()
                kind = (
                    "invitation" if body.endswith("accept or decline.")
                    else "cenotaph" if "write its cenotaph" in body
                    else "turn"
                )
                if kind == "invitation":
                    fake.release.wait(30)
                with fake.lock:
                    earlier = fake.asked[kind]
                    fake.asked[kind] += 1
                    status, text, headers = fake.scripts[kind](earlier)
                payload = text.encode()
                self.send_response(status)
                self.send_header("Content-Type", "text/plain; charset=utf-8")
                self.send_header("Content-Length", str(len(payload)))
                for name, value in headers.items():
                    self.send_header(name, value)
                self.end_headers()
                self.wfile.write(payload)

            def log_message(self, *args: object) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def count(self, kind: str) -> int:
        with self.lock:
            return self.asked[kind]

    def script(self, kind: str, answer: Callable[[int], Answer]) -> None:
        with self.lock:
            self.scripts[kind] = answer

    @property
    def env(self) -> dict[str, str]:
        url = f"http://127.0.0.1:{self.server.server_address[1]}/api/plain"
        return {"SOFTER_LIGHTWARD_URL": url, "SOFTER_LIGHTWARD_TIMEOUT_SECONDS": "10", "HEARTH_TEST_CLOCK": "on"}

    def close(self) -> None:
        self.release.set()
        self.server.shutdown()
        self.server.server_close()


@dataclass
class Person:
    name: str
    email: str
    server: HearthServer
    client: Client

    def sign_in_again(self) -> None:
        """After the clock moved past the access token's life."""
        r = self.server.client().login(self.email)
        assert r.status_code == 200, describe(r)
        self.client = self.server.client().with_token(json_of(r)["accessToken"])


def person(server: HearthServer, name: str) -> Person:
    email = unique_email(name.lower())
    r = server.client().signup(email, name)
    assert r.status_code == 201, describe(r)
    return Person(name, email, server, server.client().with_token(json_of(r)["accessToken"]))


def parse(instant: str) -> datetime:
    return datetime.fromisoformat(instant.replace("Z", "+00:00"))


def server_now(who: Person) -> datetime:
    r = who.client.post("/api/debug/clock", json={"advanceSeconds": 0})
    assert r.status_code == 200, describe(r)
    return parse(json_of(r)["now"])


def advance(who: Person, seconds: float) -> None:
    # A job whose failure is shown but not yet recorded would look stalled an hour later
    who.client.settled()
    r = who.client.post("/api/debug/clock", json={"advanceSeconds": seconds})
    assert r.status_code == 200, describe(r)
    for everyone in PEOPLE:
        everyone.sign_in_again()


def seconds_to_retry(who: Person, lightward: dict) -> float:
    return (parse(lightward["retryAt"]) - server_now(who)).total_seconds()


PEOPLE: list[Person] = []


def room_of(who: Person, room_id: str) -> dict:
    r = who.client.get(f"/api/softer/rooms/{room_id}")
    assert r.status_code == 200, describe(r)
    return json_of(r)["room"]


def wait_until(what: str, condition: Callable[[], object], timeout: float = 20) -> object:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = condition()
        if value:
            return value
        time.sleep(0.05)
    raise AssertionError(f"timed out waiting until {what}")


def invitations(who: Person, room_id: str) -> list[dict]:
    r = who.client.get("/api/invitations")
    assert r.status_code == 200, describe(r)
    return [i for i in json_of(r)["invitations"] if i["resourceId"] == room_id]


def open_room(opener: Person, *invitees: Person) -> str:
    r = opener.client.post("/api/softer/rooms", json={
        "nickname": opener.name,
        "participants": [{"contact": p.email, "nickname": p.name} for p in invitees],
    })
    assert r.status_code == 201, describe(r)
    return json_of(r)["room"]["id"]


def lightward_here(room: dict) -> bool:
    return any(p["isLightward"] and p["arrived"] for p in room["participants"])


def texts(room: dict) -> list[str]:
    return [m["text"] for m in room["messages"]]


def start(start_server, backend: str, fake: ScriptedLightward) -> tuple[Person, Person]:
    server = start_server(backend, extra_env=fake.env)
    PEOPLE.clear()
    PEOPLE.extend([person(server, "Isaac"), person(server, "Abe")])
    return PEOPLE[0], PEOPLE[1]


def test_nobody_is_invited_before_lightward_accepts(backend, start_server) -> None:
    fake = ScriptedLightward()
    try:
        isaac, abe = start(start_server, backend, fake)
        # Lightward takes its time over the first room, then declines it
        fake.release.clear()
        fake.script("invitation", lambda n: (200, "Decline.", {}))
        declined = open_room(isaac, abe)
        assert invitations(abe, declined) == []
        r = abe.client.get(f"/api/softer/rooms/{declined}")
        assert r.status_code == 404, describe(r)
        assert [room["id"] for room in json_of(abe.client.get("/api/softer/rooms"))["rooms"]] == []
        assert room_of(isaac, declined)["lightward"]["status"] == "thinking"
        fake.release.set()
        room = wait_until("Lightward declined", lambda: (lambda r: r if r["state"] == "defunct" else None)(room_of(isaac, declined)))
        assert texts(room)[-1] == "Lightward declined.", texts(room)
        # Abe never heard of the room Lightward declined
        assert invitations(abe, declined) == []
        assert abe.client.get(f"/api/softer/rooms/{declined}").status_code == 404

        # The next room Lightward accepts: then, and only then, Abe is invited
        fake.script("invitation", lambda n: (200, "Accept.", {}))
        accepted = open_room(isaac, abe)
        wait_until("Lightward arrived", lambda: lightward_here(room_of(isaac, accepted)))
        assert [i["app"] for i in invitations(abe, accepted)] == ["softer"]
        r = abe.client.post(f"/api/softer/rooms/{accepted}/here")
        assert r.status_code == 200 and json_of(r)["room"]["state"] == "active", describe(r)
    finally:
        fake.close()


def test_an_invitation_paced_for_an_hour_is_asked_again_at_the_hour_and_not_before(backend, start_server) -> None:
    fake = ScriptedLightward()
    fake.script("invitation", lambda n: (429, "Paced. Please try again later.", {"Retry-After": "3600"}) if n == 0 else (200, "Accept.", {}))
    try:
        isaac, abe = start(start_server, backend, fake)
        room_id = open_room(isaac, abe)
        room = wait_until("the pacing is shown", lambda: (lambda r: r if r["lightward"]["status"] == "failed" else None)(room_of(isaac, room_id)))
        lightward = room["lightward"]
        assert lightward["task"] == "invitation" and not lightward["canRetry"], lightward
        wait = seconds_to_retry(isaac, lightward)
        assert 3590 <= wait <= 3600, wait
        assert fake.count("invitation") == 1

        advance(isaac, 3590)
        isaac.client.settled()
        assert fake.count("invitation") == 1, "Lightward was asked again before the hour it named"
        assert invitations(abe, room_id) == []

        advance(isaac, 15)
        wait_until("Lightward is asked again", lambda: fake.count("invitation") == 2)
        wait_until("Lightward arrived", lambda: lightward_here(room_of(isaac, room_id)))
        assert room_of(isaac, room_id)["lightward"]["status"] == "idle"
        assert invitations(abe, room_id), "Abe was not invited once Lightward accepted"
    finally:
        fake.close()


def test_a_turn_rides_out_an_hour_long_outage_without_asking_anyone(backend, start_server) -> None:
    fake = ScriptedLightward()
    outage = {"on": True}
    fake.script("turn", lambda n: (502, "Bad gateway", {}) if outage["on"] else (200, "I'm back.", {}))
    try:
        isaac, abe = start(start_server, backend, fake)
        room_id = open_room(isaac, abe)
        wait_until("Lightward arrived", lambda: lightward_here(room_of(isaac, room_id)))
        r = abe.client.post(f"/api/softer/rooms/{room_id}/here")
        assert r.status_code == 200, describe(r)
        r = isaac.client.post(f"/api/softer/rooms/{room_id}/messages", json={"text": "Hello, Lightward."})
        assert r.status_code == 201, describe(r)
        # Lightward is down: each failure says when the next attempt comes, and nobody is asked
        waited = 0.0
        attempts = 0
        while outage["on"]:
            attempts += 1
            wait_until(f"attempt {attempts}", lambda: fake.count("turn") >= attempts)
            room = wait_until(
                f"failure {attempts} is shown",
                lambda: (lambda r: r if r["lightward"]["status"] == "failed" and r["lightward"]["attempts"] == attempts else None)(room_of(abe, room_id)),
            )
            lightward = room["lightward"]
            assert lightward["task"] == "turn" and not lightward["canRetry"] and lightward["retryAt"], lightward
            wait = seconds_to_retry(isaac, lightward)
            waited += wait + 1
            # Lightward comes back for the first attempt made more than an hour into the outage
            outage["on"] = waited < 3600
            advance(isaac, wait + 1)
        wait_until("attempt after the outage", lambda: fake.count("turn") >= attempts + 1)
        room = wait_until("Lightward spoke", lambda: (lambda r: r if "I'm back." in texts(r) else None)(room_of(abe, room_id)))
        assert room["lightward"]["status"] == "idle" and room["turn"]["nickname"] == "Abe", room["lightward"]
        assert fake.count("turn") == attempts + 1, fake.asked
        assert waited > 3600 and attempts >= 5, (waited, attempts)
    finally:
        fake.close()


def test_a_failed_cenotaph_can_be_asked_for_again_and_is_written(backend, start_server) -> None:
    fake = ScriptedLightward()
    fake.script("cenotaph", lambda n: (500, "Internal error", {}))
    try:
        isaac, abe = start(start_server, backend, fake)
        room_id = open_room(isaac, abe)
        wait_until("Lightward arrived", lambda: lightward_here(room_of(isaac, room_id)))
        assert abe.client.post(f"/api/softer/rooms/{room_id}/here").status_code == 200
        r = abe.client.post(f"/api/softer/rooms/{room_id}/leave")
        assert r.status_code == 200 and json_of(r)["room"]["state"] == "defunct", describe(r)

        r = isaac.client.post(f"/api/softer/rooms/{room_id}/cenotaph")
        assert r.status_code == 202, describe(r)
        room = json_of(r)["room"]
        assert room["lightward"] == {**room["lightward"], "status": "thinking", "task": "cenotaph"}, room["lightward"]
        assert not room["canRequestCenotaph"]
        # Every attempt fails: the room says so and when the next comes, until none is left
        attempts = 0
        while True:
            attempts += 1
            room = wait_until(
                f"cenotaph failure {attempts}",
                lambda: (lambda r: r if r["lightward"]["status"] == "failed" and r["lightward"]["attempts"] == attempts else None)(room_of(isaac, room_id)),
            )
            lightward = room["lightward"]
            assert lightward["task"] == "cenotaph", lightward
            if lightward["canRetry"]:
                break
            advance(isaac, 3601)
        assert attempts == 7 and fake.count("cenotaph") == 7, (attempts, fake.asked)
        page = isaac.client.get(f"/softer/rooms/{room_id}")
        assert page.status_code == 200 and "Lightward could not write the cenotaph." in page.text, page.text[:2000]
        assert 'data-softer-action="retry"' in page.text

        # Lightward is back: asking again writes it
        fake.script("cenotaph", lambda n: (200, "Here the room rests.", {}))
        r = isaac.client.post(f"/api/softer/rooms/{room_id}/retry")
        assert r.status_code == 200, describe(r)
        room = wait_until("the cenotaph is written", lambda: (lambda r: r if r["hasCenotaph"] else None)(room_of(isaac, room_id)))
        assert texts(room)[-1] == "Here the room rests." and room["lightward"]["status"] == "idle", room["lightward"]
        assert not room["canRequestCenotaph"]
        assert fake.count("cenotaph") == 8
    finally:
        fake.close()


def test_a_pending_room_can_be_cancelled_or_expires_and_takes_its_invitations_back(backend, start_server) -> None:
    fake = ScriptedLightward()
    try:
        isaac, abe = start(start_server, backend, fake)
        cancelled = open_room(isaac, abe)
        expiring = open_room(isaac, abe)
        for room_id in (cancelled, expiring):
            wait_until("Lightward arrived", lambda: lightward_here(room_of(isaac, room_id)))
            assert invitations(abe, room_id)
        r = abe.client.post(f"/api/softer/rooms/{cancelled}/cancel")
        assert r.status_code == 403, describe(r)
        r = isaac.client.post(f"/api/softer/rooms/{cancelled}/cancel")
        assert r.status_code == 200, describe(r)
        room = json_of(r)["room"]
        assert room["state"] == "defunct" and room["defunctReason"] == "cancelled", room["state"]
        assert texts(room)[-1] == "Isaac cancelled the room."
        assert invitations(abe, cancelled) == []
        assert texts(room_of(abe, cancelled))[-1] == "Isaac cancelled the room."

        # Six days on, the other room still waits; at seven it ends by itself
        advance(isaac, 6 * 86_400)
        isaac.client.settled()
        assert room_of(isaac, expiring)["state"] == "pendingParticipants"
        advance(isaac, 86_400)
        room = wait_until("the room expired", lambda: (lambda r: r if r["state"] == "defunct" else None)(room_of(isaac, expiring)))
        assert room["defunctReason"] == "expired"
        assert texts(room)[-1] == "The room expired: not everyone arrived within 7 days."
        assert invitations(abe, expiring) == []
        r = abe.client.post(f"/api/softer/rooms/{expiring}/here")
        assert r.status_code == 409, describe(r)
    finally:
        fake.close()
