"""What Softer tells people away from the room: an invitation waiting, their turn, Lightward's
reply when they are next, and the room's end; in the inbox and, as each person chooses, pushed
to their devices (through a push service on loopback, decrypted with http_ece)."""

from __future__ import annotations

import time

from fake_lightward import FakeLightward
from fake_push import FakePushService
from hearth_harness import describe, json_of, unique_email
from test_push import Browser


def inbox(client) -> list[dict]:
    r = client.get("/api/notifications")
    assert r.status_code == 200, describe(r)
    return json_of(r)["notifications"]


def wait_for_notice(client, kind: str, count: int = 1, timeout: float = 20) -> list[dict]:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        found = [n for n in inbox(client) if n["kind"] == kind]
        if len(found) >= count:
            return found
        time.sleep(0.05)
    raise AssertionError(f"no {count} × {kind} within {timeout}s: {[n['kind'] for n in inbox(client)]}")


def test_softer_tells_people_what_waits_for_them(backend, start_server) -> None:
    lightward = FakeLightward(reply=lambda body: "Glad you are both here.")
    push = FakePushService().start()
    try:
        server = start_server(backend, extra_env=lightward.env)
        people = {}
        for name in ("Isaac", "Abe"):
            email = unique_email(name.lower())
            r = server.client().signup(email, name)
            assert r.status_code == 201, describe(r)
            people[name] = (email, server.client().with_token(json_of(r)["accessToken"]))
        isaac, abe = people["Isaac"][1], people["Abe"][1]
        phone = Browser(push.script("/push/abe", 201))
        assert abe.post("/api/push/subscriptions", json=phone.subscription()).status_code == 201

        r = isaac.post(
            "/api/softer/rooms",
            json={"nickname": "Isaac", "participants": [{"contact": people["Abe"][0], "nickname": "Abe"}]},
        )
        assert r.status_code == 201, describe(r)
        room_id = json_of(r)["room"]["id"]

        [invited] = wait_for_notice(abe, "softer.invited")
        assert invited["title"] == "Isaac invited you to a room"
        assert invited["url"] == f"/softer/rooms/{room_id}"
        page = abe.get(f"/softer/rooms/{room_id}")
        assert page.status_code == 200 and "You are invited to this room." in page.text
        [pushed] = push.wait_for("/push/abe", 1)
        assert phone.read(pushed)["title"] == "Isaac invited you to a room"
        assert pushed.headers["Urgency"] == "normal"

        r = abe.post(f"/api/softer/rooms/{room_id}/here")
        assert r.status_code == 200 and json_of(r)["room"]["state"] == "active", describe(r)
        [turn] = wait_for_notice(isaac, "softer.your-turn")
        assert turn["url"] == f"/softer/rooms/{room_id}"
        assert not [n for n in inbox(abe) if n["kind"] == "softer.your-turn"], "Abe was told of his own arrival"

        r = isaac.post(f"/api/softer/rooms/{room_id}/messages", json={"text": "Hello, both."})
        assert r.status_code == 201, describe(r)
        [replied] = wait_for_notice(abe, "softer.lightward-replied")
        assert replied["title"] == "Lightward replied: your turn"
        assert replied["body"] == "Lightward: Glad you are both here."
        second = push.wait_for("/push/abe", 2)[1]
        assert phone.read(second)["kind"] == "softer.lightward-replied"
        assert second.headers["Urgency"] == "high"

        # Abe keeps Lightward's replies in the inbox only: the next one is not pushed.
        r = abe.put(
            "/api/notifications/preferences",
            json={"kinds": {"softer.lightward-replied": {"push": False}}},
        )
        assert r.status_code == 200, describe(r)
        choice = next(k for k in json_of(r)["kinds"] if k["id"] == "softer.lightward-replied")
        assert choice["channels"] == {"inbox": True, "push": False, "email": False}
        r = abe.post(f"/api/softer/rooms/{room_id}/messages", json={"text": "Hi!"})
        assert r.status_code == 201, describe(r)
        wait_for_notice(isaac, "softer.your-turn", 2)
        r = isaac.post(f"/api/softer/rooms/{room_id}/messages", json={"text": "Round two."})
        assert r.status_code == 201, describe(r)
        wait_for_notice(abe, "softer.lightward-replied", 2)
        abe.settled()
        assert len(push.requests_to("/push/abe")) == 2, "a kind switched off for push was pushed"

        r = isaac.post(f"/api/softer/rooms/{room_id}/leave")
        assert r.status_code == 200, describe(r)
        [ended] = wait_for_notice(abe, "softer.room-ended")
        assert ended["title"] == "A room ended"
        assert not [n for n in inbox(isaac) if n["kind"] == "softer.room-ended"]
    finally:
        push.stop()
        lightward.close()
