"""Softer leaves nobody guessing, against the scripted Lightward on loopback and a server whose
clock the test moves (HEARTH_TEST_CLOCK): Lightward down for ten hours (everyone told once, the
room list says so, the server tries again by itself, slowly, and the room goes on when Lightward
answers); whoever holds the turn reminded at 12 and 48 hours; the originator's turn limit passing
an absent person's turn; and three faults, each shown by the test that would fail without its fix.
"""

from __future__ import annotations

import email
import email.policy
import time
from html import unescape
from dataclasses import dataclass
from datetime import datetime
from typing import Callable

from fake_lightward import FakeLightward
from hearth_harness import HOST, Client, HearthServer, describe, json_of, unique_email
from test_mail import certificate, smtp_server  # noqa: F401 (pytest fixtures)

HOUR = 3600
UNREACHABLE = "Lightward can't be reached; trying again by itself"


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


class Room:
    def __init__(self, people: list[Person], room_id: str) -> None:
        self.people = people
        self.id = room_id

    def read(self, who: Person) -> dict:
        r = who.client.get(f"/api/softer/rooms/{self.id}")
        assert r.status_code == 200, describe(r)
        return json_of(r)["room"]

    def advance(self, seconds: float) -> None:
        r = self.people[0].client.post("/api/debug/clock", json={"advanceSeconds": seconds})
        assert r.status_code == 200, describe(r)
        for person in self.people:
            person.sign_in_again()

    def now(self) -> datetime:
        r = self.people[0].client.post("/api/debug/clock", json={"advanceSeconds": 0})
        assert r.status_code == 200, describe(r)
        return parse(json_of(r)["now"])

    def settled(self) -> None:
        self.people[0].client.settled()

    def notices(self, who: Person, kind: str) -> list[dict]:
        r = who.client.get("/api/notifications")
        assert r.status_code == 200, describe(r)
        return [n for n in json_of(r)["notifications"] if n["kind"] == kind]


def parse(instant: str) -> datetime:
    return datetime.fromisoformat(instant.replace("Z", "+00:00"))


def wait_until(what: str, condition: Callable[[], object], timeout: float = 20) -> object:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = condition()
        if value:
            return value
        time.sleep(0.05)
    raise AssertionError(f"timed out waiting until {what}")


def texts(room: dict) -> list[str]:
    return [m["text"] for m in room["messages"]]


def start(
    start_server, backend: str, fake: FakeLightward, extra_env: dict[str, str] | None = None
) -> tuple[Person, Person]:
    server = start_server(backend, extra_env={**fake.env, "HEARTH_TEST_CLOCK": "on", **(extra_env or {})})
    people = []
    for name in ("Isaac", "Abe"):
        address = unique_email(name.lower())
        r = server.client().signup(address, name)
        assert r.status_code == 201, describe(r)
        people.append(Person(name, address, server, server.client().with_token(json_of(r)["accessToken"])))
    return people[0], people[1]


def open_room(isaac: Person, abe: Person, **options: object) -> Room:
    """Isaac opens a room with Lightward and Abe; Lightward accepts and Abe arrives."""
    r = isaac.client.post("/api/softer/rooms", json={
        "nickname": "Isaac", "participants": [{"contact": abe.email, "nickname": "Abe"}], **options,
    })
    assert r.status_code == 201, describe(r)
    room = Room([isaac, abe], json_of(r)["room"]["id"])
    wait_until("Abe is invited", lambda: any(
        i["resourceId"] == room.id for i in json_of(abe.client.get("/api/invitations"))["invitations"]))
    r = abe.client.post(f"/api/softer/rooms/{room.id}/here")
    assert r.status_code == 200 and json_of(r)["room"]["state"] == "active", describe(r)
    return room


def outage_mails(mailbox) -> list[list[str]]:
    """The recipients of each email about Lightward being unreachable."""
    subjects = [
        (recipients, email.message_from_bytes(content, policy=email.policy.default)["Subject"])
        for _, recipients, content in mailbox.delivered
    ]
    return [recipients for recipients, subject in subjects if subject == "Lightward can't be reached"]


def lightward_state(room: Room, who: Person, status: str, attempts: int | None = None) -> dict | None:
    lightward = room.read(who)["lightward"]
    if lightward["status"] == status and (attempts is None or lightward.get("attempts") == attempts):
        return lightward
    return None


def test_lightward_down_for_ten_hours_is_told_once_retried_slowly_and_the_room_goes_on(
    backend, start_server, certificate, smtp_server  # noqa: F811
) -> None:
    cert_path, context = certificate
    mailbox, port = smtp_server(tls_context=context, require_starttls=True, auth_require_tls=True)
    mode = {"now": "down"}
    answers = {
        "down": (502, "Bad gateway", {}),
        "paced": (429, "Paced.", {"Retry-After": str(5 * HOUR)}),
        "up": (200, "I'm back.", {}),
    }
    fake = FakeLightward(reply=lambda body: answers[mode["now"]])
    try:
        isaac, abe = start(start_server, backend, fake, extra_env={
            "HEARTH_SMTP_URL": f"smtp://user:pass@{HOST}:{port}",
            "HEARTH_SMTP_CA_FILE": str(cert_path),
            "HEARTH_MAIL_FROM": "Hearth <hearth@example.org>",
        })
        # Abe chose email too for this kind; Isaac keeps the defaults.
        r = abe.client.put("/api/notifications/preferences",
                           json={"kinds": {"softer.lightward-unreachable": {"email": True}}})
        assert r.status_code == 200, describe(r)
        room = open_room(isaac, abe)
        outage_began = room.now()
        r = isaac.client.post(f"/api/softer/rooms/{room.id}/messages", json={"text": "Hello, Lightward."})
        assert r.status_code == 201, describe(r)

        # The quick retries: seven attempts, each failure shown with when the next one comes
        for attempt in range(1, 8):
            wait_until(f"attempt {attempt}", lambda: fake.turns_asked() >= attempt)
            if attempt == 7:
                break
            lightward = wait_until(f"failure {attempt}", lambda: lightward_state(room, abe, "failed", attempt))
            assert not lightward["canRetry"] and room.notices(isaac, "softer.lightward-unreachable") == []
            room.advance((parse(lightward["retryAt"]) - room.now()).total_seconds() + 1)

        # They gave up: the room says so, offers Try again, and the server keeps trying by itself
        lightward = wait_until("Lightward is unreachable", lambda: lightward_state(room, abe, "unreachable"))
        assert lightward["canRetry"] and lightward["task"] == "turn" and lightward["reason"], lightward
        assert (parse(lightward["retryAt"]) - room.now()).total_seconds() <= 6 * HOUR
        for person in (isaac, abe):
            [notice] = room.notices(person, "softer.lightward-unreachable")
            assert notice["title"] == "Lightward can't be reached" and notice["url"] == f"/softer/rooms/{room.id}"
            listed = next(r for r in json_of(person.client.get("/api/softer/rooms"))["rooms"] if r["id"] == room.id)
            assert listed["status"] == UNREACHABLE, listed["status"]
            page = person.client.get("/softer")
            assert page.status_code == 200, describe(page)
            assert UNREACHABLE in unescape(page.text) and "Lightward's turn" not in unescape(page.text)
        page = abe.client.get(f"/softer/rooms/{room.id}")
        assert "Lightward can't be reached." in unescape(page.text) and 'data-softer-action="retry"' in page.text
        wait_until("Abe's email", lambda: outage_mails(mailbox))

        # Try again, for the impatient: Lightward paces it, and its Retry-After is respected
        mode["now"] = "paced"
        fake.gate.clear()
        r = abe.client.post(f"/api/softer/rooms/{room.id}/retry")
        assert r.status_code == 200, describe(r)
        trying = json_of(r)["room"]["lightward"]
        assert trying["status"] == "unreachable" and trying.get("retryAt") is None and not trying["canRetry"]
        # One attempt at a time: Isaac's Try again waits for Abe's
        r = isaac.client.post(f"/api/softer/rooms/{room.id}/retry")
        assert r.status_code == 409 and "right now" in json_of(r)["error"]["message"], describe(r)
        assert "Hearth is trying again now" in isaac.client.get(f"/softer/rooms/{room.id}").text
        fake.gate.set()
        wait_until("the retried attempt", lambda: fake.turns_asked() == 8)
        lightward = wait_until("paced", lambda: (lambda lw: lw if lw.get("retryAt") and lw["reason"] == "Lightward is pacing requests." else None)(room.read(isaac)["lightward"]))
        wait = (parse(lightward["retryAt"]) - room.now()).total_seconds()
        assert 5 * HOUR - 10 <= wait <= 5 * HOUR, wait

        # Down for ten hours: the server tries slowly (never more than six hours apart) until
        # Lightward answers, and nobody is told again
        mode["now"] = "down"
        asked = 8
        while True:
            lightward = room.read(isaac)["lightward"]
            assert lightward["status"] == "unreachable", lightward
            wait = (parse(lightward["retryAt"]) - room.now()).total_seconds()
            assert 0 < wait <= 6 * HOUR, wait
            if (room.now() - outage_began).total_seconds() + wait + 1 >= 10 * HOUR:
                mode["now"] = "up"
                room.advance(wait + 1)
                break
            room.advance(wait + 1)
            asked += 1
            wait_until(f"slow attempt {asked}", lambda: fake.turns_asked() == asked)
            wait_until("the next slow attempt is set", lambda: (lambda lw: lw.get("retryAt") and lw["attempts"] > lightward["attempts"])(room.read(isaac)["lightward"]))
        # The server's own attempt after the ten hours: the room goes on
        back = wait_until("Lightward spoke", lambda: (lambda r: r if "I'm back." in texts(r) else None)(room.read(abe)))
        assert back["lightward"]["status"] == "idle" and back["turn"]["nickname"] == "Abe", back["lightward"]
        assert fake.turns_asked() == asked + 1
        room.settled()
        for person in (isaac, abe):
            assert len(room.notices(person, "softer.lightward-unreachable")) == 1, person.name
        [replied] = room.notices(abe, "softer.lightward-replied")
        assert replied["body"] == "Lightward: I'm back."
        [told] = room.notices(isaac, "softer.lightward-back")
        assert told["title"] == "Lightward is back" and room.notices(abe, "softer.lightward-back") == []
        [recipients] = outage_mails(mailbox)
        assert recipients == [abe.email]
        listed = next(r for r in json_of(isaac.client.get("/api/softer/rooms"))["rooms"] if r["id"] == room.id)
        assert listed["status"] == "Abe's turn"
    finally:
        fake.close()


def test_whoever_holds_the_turn_is_reminded_at_12_and_48_hours_and_the_turn_waits_without_a_limit(
    backend, start_server
) -> None:
    fake = FakeLightward(reply=lambda body: "Over to you, Abe.")
    try:
        isaac, abe = start(start_server, backend, fake)
        kinds = json_of(abe.client.get("/api/notifications/preferences"))["kinds"]
        reminder = next(k for k in kinds if k["id"] == "softer.turn-reminder")
        assert reminder["channels"] == {"inbox": True, "push": True, "email": False}, reminder
        room = open_room(isaac, abe)
        r = isaac.client.post(f"/api/softer/rooms/{room.id}/messages", json={"text": "Hello."})
        assert r.status_code == 201, describe(r)
        wait_until("Abe's turn", lambda: room.read(abe)["turn"]["nickname"] == "Abe")

        room.advance(12 * HOUR - 60)
        room.settled()
        assert room.notices(abe, "softer.turn-reminder") == []
        room.advance(61)
        [first] = wait_until("the 12-hour reminder", lambda: room.notices(abe, "softer.turn-reminder"))
        assert first["title"] == "Still your turn" and "waited 12 hours" in first["body"], first
        assert first["url"] == f"/softer/rooms/{room.id}"
        room.advance(36 * HOUR)
        wait_until("the 48-hour reminder", lambda: len(room.notices(abe, "softer.turn-reminder")) == 2)
        assert "waited 48 hours" in room.notices(abe, "softer.turn-reminder")[0]["body"]
        room.advance(100 * HOUR)
        room.settled()
        assert len(room.notices(abe, "softer.turn-reminder")) == 2
        assert room.notices(isaac, "softer.turn-reminder") == []
        assert room.read(abe)["turn"]["nickname"] == "Abe", "a room without a turn limit passed a turn"

        # Once the turn moves on, its reminders are nothing; the next holder's are their own
        r = abe.client.post(f"/api/softer/rooms/{room.id}/messages", json={"text": "Here now."})
        assert r.status_code == 201, describe(r)
        room.advance(HOUR)
        r = isaac.client.post(f"/api/softer/rooms/{room.id}/pass")
        assert r.status_code == 200, describe(r)
        wait_until("Abe's turn again", lambda: room.read(abe)["turn"]["nickname"] == "Abe")
        room.advance(12 * HOUR)
        wait_until("Abe's next reminder", lambda: len(room.notices(abe, "softer.turn-reminder")) == 3)
        room.settled()
        assert room.notices(isaac, "softer.turn-reminder") == []
    finally:
        fake.close()


def test_a_turn_limit_passes_an_absent_persons_turn_with_a_narration(backend, start_server) -> None:
    fake = FakeLightward(reply=lambda body: "Over to you, Abe.")
    try:
        isaac, abe = start(start_server, backend, fake)
        page = isaac.client.get("/softer")
        assert page.status_code == 200 and 'name="turnLimitDays"' in page.text
        r = isaac.client.post("/api/softer/rooms", json={"nickname": "Isaac", "turnLimitDays": 5})
        assert r.status_code == 400 and json_of(r)["error"]["field"] == "turnLimitDays", describe(r)

        room = open_room(isaac, abe, turnLimitDays=2)
        assert room.read(abe)["turnLimitDays"] == 2
        r = isaac.client.post(f"/api/softer/rooms/{room.id}/messages", json={"text": "Hello."})
        assert r.status_code == 201, describe(r)
        wait_until("Abe's turn", lambda: room.read(abe)["turn"]["nickname"] == "Abe")
        told = len(room.notices(isaac, "softer.your-turn"))

        room.advance(48 * HOUR - 60)
        room.settled()
        assert room.read(isaac)["turn"]["nickname"] == "Abe"
        room.advance(61)
        passed = wait_until("Abe's turn passed", lambda: (lambda r: r if r["turn"]["nickname"] == "Isaac" else None)(room.read(isaac)))
        assert texts(passed)[-1] == "Abe's turn passed: away for 2 days.", texts(passed)[-3:]
        assert passed["state"] == "active"
        wait_until("Isaac is told", lambda: len(room.notices(isaac, "softer.your-turn")) == told + 1)
        assert room.notices(isaac, "softer.your-turn")[0]["body"] == "Abe's turn passed: away for 2 days."
        # Abe, back, finds the room gone on without him; it is his again after the others
        r = abe.client.post(f"/api/softer/rooms/{room.id}/messages", json={"text": "Sorry!"})
        assert r.status_code == 409 and json_of(r)["error"]["code"] == "not_your_turn", describe(r)
    finally:
        fake.close()


def test_a_non_owner_deleting_an_active_room_leaves_no_lightward_thinking(backend, start_server) -> None:
    fake = FakeLightward(reply=lambda body: "Too late.")
    try:
        isaac, abe = start(start_server, backend, fake)
        room = open_room(isaac, abe)
        fake.gate.clear()
        r = isaac.client.post(f"/api/softer/rooms/{room.id}/messages", json={"text": "Hello."})
        assert r.status_code == 201, describe(r)
        wait_until("Lightward is asked", lambda: room.read(isaac)["lightward"]["status"] == "thinking")
        r = abe.client.delete(f"/api/softer/rooms/{room.id}")
        assert r.status_code == 204, describe(r)
        ended = room.read(isaac)
        assert ended["state"] == "defunct" and ended["lightward"]["status"] == "idle", ended["lightward"]
        fake.gate.set()
        room.settled()
        ended = room.read(isaac)
        assert ended["lightward"]["status"] == "idle" and "Too late." not in texts(ended)
        assert "Lightward is thinking" not in isaac.client.get(f"/softer/rooms/{room.id}").text
    finally:
        fake.close()


def test_a_failure_is_not_written_into_a_room_that_ended(backend, start_server) -> None:
    fake = FakeLightward(reply=lambda body: (502, "Bad gateway", {}))
    try:
        isaac, abe = start(start_server, backend, fake)
        room = open_room(isaac, abe)
        fake.gate.clear()
        r = isaac.client.post(f"/api/softer/rooms/{room.id}/messages", json={"text": "Hello."})
        assert r.status_code == 201, describe(r)
        wait_until("Lightward is asked", lambda: fake.turns_waiting() == 1)
        assert room.read(isaac)["lightward"]["status"] == "thinking"
        r = abe.client.post(f"/api/softer/rooms/{room.id}/leave")
        assert r.status_code == 200, describe(r)
        fake.gate.set()
        wait_until("the request failed", lambda: fake.turns_asked() == 1)
        room.settled()
        ended = room.read(isaac)
        assert ended["state"] == "defunct" and ended["lightward"]["status"] == "idle", ended["lightward"]
        assert "could not take its turn" not in isaac.client.get(f"/softer/rooms/{room.id}").text
        room.advance(HOUR)
        room.settled()
        assert fake.turns_asked() == 1, "an ended room's turn was asked again"
    finally:
        fake.close()


def test_an_empty_reply_is_a_failed_attempt_and_never_lightwards_speech(backend, start_server) -> None:
    fake = FakeLightward(reply=lambda body: " \n" if fake.turns_asked() == 1 else "Now with words.")
    try:
        isaac, abe = start(start_server, backend, fake)
        room = open_room(isaac, abe)
        r = isaac.client.post(f"/api/softer/rooms/{room.id}/messages", json={"text": "Hello."})
        assert r.status_code == 201, describe(r)
        lightward = wait_until("the empty answer failed", lambda: lightward_state(room, isaac, "failed", 1))
        assert lightward["reason"] == "Lightward's answer was empty.", lightward
        current = room.read(isaac)
        assert current["turn"]["nickname"] == "Lightward"
        assert not [m for m in current["messages"] if m["isLightward"]], current["messages"]
        room.advance(5)
        spoke = wait_until("Lightward spoke", lambda: (lambda r: r if "Now with words." in texts(r) else None)(room.read(isaac)))
        assert [m["text"] for m in spoke["messages"] if m["isLightward"]] == ["Now with words."]
        assert spoke["turn"]["nickname"] == "Abe" and fake.turns_asked() == 2
    finally:
        fake.close()
