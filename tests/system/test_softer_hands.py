"""Raised hands over real HTTP, on SQLite and PostgreSQL, with a fake Lightward on loopback: a
hand goes up and comes down again (POST and DELETE .../hand), a repeated request changes nothing,
a hand belongs to the turn it was raised in, and nobody outside the room reaches it."""

from __future__ import annotations

import time

from fake_lightward import FakeLightward
from hearth_harness import Client, describe, json_of, unique_email


def room(who: Client, room_id: str) -> dict:
    r = who.get(f"/api/softer/rooms/{room_id}")
    assert r.status_code == 200, describe(r)
    return json_of(r)["room"]


def texts(who: Client, room_id: str) -> list[str]:
    return [m["text"] for m in room(who, room_id)["messages"]]


def wait_until(what: str, condition, timeout: float = 20) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, f"timed out waiting until {what}"
        time.sleep(0.05)


def test_a_hand_goes_up_and_down_within_its_turn(backend, start_server) -> None:
    fake = FakeLightward()
    try:
        server = start_server(backend, extra_env=fake.env)
        people = {}
        for name in ("Isaac", "Abe", "Mallory"):
            email = unique_email(name.lower())
            r = server.client().signup(email, name)
            assert r.status_code == 201, describe(r)
            people[name] = (email, server.client().with_token(json_of(r)["accessToken"]))
        isaac, abe, mallory = (people[name][1] for name in ("Isaac", "Abe", "Mallory"))
        r = isaac.post("/api/softer/rooms", json={
            "nickname": "Isaac", "participants": [{"contact": people["Abe"][0], "nickname": "Abe"}]})
        assert r.status_code == 201, describe(r)
        room_id = json_of(r)["room"]["id"]
        wait_until("Lightward accepts", lambda: any(
            p["isLightward"] and p["arrived"] for p in room(isaac, room_id)["participants"]))
        hand = f"/api/softer/rooms/{room_id}/hand"
        # While the room waits for Abe, there is no turn to raise a hand in
        r = abe.delete(hand)
        assert r.status_code == 409 and json_of(r)["error"]["code"] == "not_active", describe(r)
        assert abe.post(f"/api/softer/rooms/{room_id}/here").status_code == 200

        # Isaac's turn: Abe's hand goes up once, however often he asks
        r = abe.post(hand)
        assert r.status_code == 200, describe(r)
        assert abe.post(hand).status_code == 200
        assert texts(isaac, room_id).count("Abe raised a hand.") == 1
        # Down, once; and up again
        r = abe.delete(hand)
        assert r.status_code == 200, describe(r)
        assert json_of(r)["room"]["messages"][-1]["text"] == "Abe lowered their hand."
        assert abe.delete(hand).status_code == 200
        assert texts(isaac, room_id).count("Abe lowered their hand.") == 1
        assert abe.post(hand).status_code == 200
        assert texts(isaac, room_id)[-3:] == ["Abe raised a hand.", "Abe lowered their hand.", "Abe raised a hand."]

        # Nobody outside the room reaches it
        r = mallory.delete(hand)
        assert r.status_code == 404 and json_of(r)["error"]["code"] == "not_found", describe(r)

        # The turn moves on (Isaac, Lightward, Abe): the hand was for Isaac's turn, so it is down
        before = len(texts(isaac, room_id))
        assert isaac.post(f"/api/softer/rooms/{room_id}/messages", json={"text": "Go on, Abe."}).status_code == 201
        wait_until("it is Abe's turn", lambda: (room(isaac, room_id).get("turn") or {}).get("nickname") == "Abe")
        assert abe.delete(hand).status_code == 200
        assert "Abe lowered their hand." not in texts(isaac, room_id)[before:]
        r = abe.post(hand)
        assert r.status_code == 409 and json_of(r)["error"]["code"] == "your_turn", describe(r)
    finally:
        fake.close()
