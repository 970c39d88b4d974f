"""Softer rooms invite people who have no account, on SQLite and PostgreSQL, with real SMTP
(aiosmtpd on loopback, STARTTLS) and a scripted Lightward on loopback.

Olga opens a room with an address nobody has signed up with: the person is in the room from the
start under the nickname Olga chose, the sign-up link is mailed once Lightward accepts, and the
account made from it finds the room, arrives and speaks on its turn with Lightward answering.
Olga sees every invitation still waiting and may withdraw each; since a room keeps the people it
opened with, a withdrawal ends it, and the withdrawn links and invitations give nothing.
"""

from __future__ import annotations

import threading
from typing import Any, Iterator

import pytest
from fake_lightward import FakeLightward
from hearth_harness import describe, json_of, unique_email
from test_account_email import link_in, mail_to, mailing_server
from test_invitation_trust import assert_link_gives_nothing, error_code, ok, respond, sign_up, verify_all
from test_mail import Mailbox, certificate  # noqa: F401  (a fixture)
from test_softer_edges import wait_until


class ScriptedLightward:
    """Lightward answering each turn with the next line of its script, keeping what it was sent."""

    def __init__(self, script: list[str]) -> None:
        self.script = list(script)
        self.bodies: list[str] = []
        self.lock = threading.Lock()
        self.fake = FakeLightward(self.reply)

    def reply(self, body: str) -> str:
        with self.lock:
            self.bodies.append(body)
            return self.script.pop(0) if self.script else "I am listening."


@pytest.fixture
def invite_server(backend, start_server, certificate) -> Iterator[tuple[Any, Mailbox, ScriptedLightward]]:  # noqa: F811
    lightward = ScriptedLightward(["Welcome, Nina. What brings you here?", "Thank you, both."])
    try:
        with mailing_server(backend, start_server, certificate, **lightward.fake.env) as (server, mailbox):
            yield server, mailbox, lightward
    finally:
        lightward.fake.close()


def room_of(client, room_id: str) -> dict:
    return ok(client.get(f"/api/softer/rooms/{room_id}"))["room"]


def pending(client, room_id: str) -> list[dict]:
    return ok(client.get(f"/api/softer/rooms/{room_id}/invitations"))["invitations"]


def nickname_id(room: dict, nickname: str) -> str:
    return next(p["id"] for p in room["participants"] if p["nickname"] == nickname)


def test_an_address_with_no_account_is_invited_by_mail_signs_up_and_speaks(invite_server) -> None:
    server, mailbox, lightward = invite_server
    _, olga = sign_up(server, "Olga")
    nina_email = unique_email("nina")

    created = ok(olga.post("/api/softer/rooms", json={"nickname": "Olga", "participants": [{"contact": nina_email, "nickname": "Nina"}]}), 201)["room"]
    room_id = created["id"]
    # Nina is in the roster from the start, under the nickname Olga chose
    assert [p["nickname"] for p in created["participants"]] == ["Olga", "Lightward", "Nina"], created
    nina_seat = nickname_id(created, "Nina")

    # Once Lightward accepts, the invitation is mailed; Olga sees it waiting, on the room and on
    # the platform's list of the share's invitations
    wait_until("the invitation is mailed", lambda: [i["status"] for i in pending(olga, room_id)] == ["emailed"])
    assert pending(olga, room_id) == [{"participantId": nina_seat, "nickname": "Nina", "contact": nina_email, "status": "emailed"}]
    assert [i["email"] for i in ok(olga.get(f"/api/shares/softer/room/{room_id}/invitations"))["invitations"]] == [nina_email]
    page = olga.get(f"/softer/rooms/{room_id}")
    assert page.status_code == 200 and nina_email in page.text and "Withdraw Nina" in page.text, describe(page)
    message = mail_to(mailbox, nina_email, "Olga invited you to A Softer room: Olga, Lightward, Nina on Hearth")
    link = link_in(message, "/signup")

    # Nina signs up from the link, as its page would, and finds the room and its invitation
    r = server.client().signup(nina_email, "Nina", invitation=link.split("invitation=")[1])
    assert r.status_code == 201, describe(r)
    nina = server.client().with_token(json_of(r)["accessToken"])
    assert [i["resourceId"] for i in ok(nina.get("/api/invitations"))["invitations"]] == [room_id]
    listed = ok(nina.get("/api/softer/rooms"))["rooms"]
    assert [(room["id"], room["you"]) for room in listed] == [(room_id, nina_seat)], listed
    assert pending(olga, room_id)[0]["status"] == "invited"

    # She arrives; the room opens with Olga's turn, then Lightward's, then hers
    ok(respond(nina, "softer", "room", room_id))
    assert room_of(nina, room_id)["state"] == "active"
    assert pending(olga, room_id) == []
    ok(olga.post(f"/api/softer/rooms/{room_id}/messages", json={"text": "Nina, meet Lightward."}), 201)
    wait_until("Lightward has spoken and it is Nina's turn", lambda: (room_of(nina, room_id).get("turn") or {}).get("participantId") == nina_seat)
    r = olga.post(f"/api/softer/rooms/{room_id}/messages", json={"text": "Me again."})
    assert r.status_code == 409 and error_code(r) == "not_your_turn", describe(r)
    ok(nina.post(f"/api/softer/rooms/{room_id}/messages", json={"text": "Glad to be here."}), 201)

    ok(olga.post(f"/api/softer/rooms/{room_id}/messages", json={"text": "Over to you, Lightward."}), 201)
    room = wait_until("Lightward's second answer", lambda: (room := room_of(nina, room_id))["messages"][-1]["text"] == "Thank you, both." and room)
    said = [(m["authorName"], m["text"]) for m in room["messages"] if not m["isNarration"]]
    assert said == [
        ("Olga", "Nina, meet Lightward."),
        ("Lightward", "Welcome, Nina. What brings you here?"),
        ("Nina", "Glad to be here."),
        ("Olga", "Over to you, Lightward."),
        ("Lightward", "Thank you, both."),
    ], said
    assert "Nina: Glad to be here." in lightward.bodies[-1]


def test_the_opener_withdraws_invitations_and_they_give_nothing(invite_server) -> None:
    server, mailbox, _ = invite_server
    _, olga = sign_up(server, "Olga")
    eve_email, eve = sign_up(server, "Eve")
    verify_all(mailbox, server, eve_email)
    _, stranger = sign_up(server, "Stranger")
    pat_email = unique_email("pat")

    # A room with Eve (an account) and Pat (an address): both wait, and only Olga sees how
    room_id = ok(olga.post("/api/softer/rooms", json={"nickname": "Olga", "participants": [{"contact": eve_email, "nickname": "Eve"}, {"contact": pat_email, "nickname": "Pat"}]}), 201)["room"]["id"]
    invitations = wait_until("both are invited", lambda: (found := pending(olga, room_id)) and all(i["status"] != "waitingForLightward" for i in found) and found)
    assert [(i["nickname"], i["status"]) for i in invitations] == [("Eve", "invited"), ("Pat", "emailed")], invitations
    link = link_in(mail_to(mailbox, pat_email, "Olga invited you to A Softer room: Olga, Lightward, Eve, Pat on Hearth"), "/signup")
    pat_seat = invitations[1]["participantId"]
    r = eve.get(f"/api/softer/rooms/{room_id}/invitations")
    assert r.status_code == 403 and error_code(r) == "not_originator", describe(r)
    assert "invitations" not in room_of(eve, room_id) or room_of(eve, room_id)["invitations"] is None
    r = eve.post(f"/api/softer/rooms/{room_id}/invitations/{pat_seat}/withdraw")
    assert r.status_code == 403, describe(r)
    assert stranger.get(f"/api/softer/rooms/{room_id}/invitations").status_code == 404
    assert stranger.post(f"/api/softer/rooms/{room_id}/invitations/{pat_seat}/withdraw").status_code == 404
    r = olga.post(f"/api/softer/rooms/{room_id}/invitations/{nickname_id(room_of(olga, room_id), 'Olga')}/withdraw")
    assert r.status_code == 409 and error_code(r) == "not_invited", describe(r)

    # Olga withdraws Pat's invitation: the room, which keeps the people it opened with, ends
    room = ok(olga.post(f"/api/softer/rooms/{room_id}/invitations/{pat_seat}/withdraw"))["room"]
    assert room["state"] == "defunct" and room["status"] == "Cancelled" and room["invitations"] == [], room
    assert room["messages"][-1]["text"] == "Olga withdrew Pat's invitation."
    assert ok(olga.get(f"/api/shares/softer/room/{room_id}/invitations"))["invitations"] == []
    assert_link_gives_nothing(server, link, pat_email, "cancelled")
    r = respond(eve, "softer", "room", room_id)
    assert r.status_code == 410 and error_code(r) == "invitation_cancelled", describe(r)
    assert "room ended" in json_of(r)["error"]["message"]

    # Withdrawing an account's invitation: answering it says who withdrew it
    second = ok(olga.post("/api/softer/rooms", json={"nickname": "Olga", "participants": [{"contact": eve_email, "nickname": "Eve"}]}), 201)["room"]["id"]
    eve_seat = wait_until("Eve is invited", lambda: [i["participantId"] for i in pending(olga, second) if i["status"] == "invited"])[0]
    ok(olga.post(f"/api/softer/rooms/{second}/invitations/{eve_seat}/withdraw"))
    r = respond(eve, "softer", "room", second)
    assert r.status_code == 410 and "Olga withdrew this invitation" in json_of(r)["error"]["message"], describe(r)
    assert eve.post(f"/api/softer/rooms/{second}/here").status_code == 409


def test_cancelling_through_the_shares_list_withdraws_from_the_room(invite_server) -> None:
    """The platform's list of a share's invitations cancels a room's invitation by email as the
    room's own Withdraw does: the room, which cannot wait for someone no link will bring, ends."""
    server, mailbox, _ = invite_server
    _, olga = sign_up(server, "Olga")
    quinn = unique_email("quinn")
    room_id = ok(olga.post("/api/softer/rooms", json={"nickname": "Olga", "participants": [{"contact": quinn, "nickname": "Quinn"}]}), 201)["room"]["id"]
    wait_until("the invitation is mailed", lambda: [i["status"] for i in pending(olga, room_id)] == ["emailed"])
    link = link_in(mail_to(mailbox, quinn, "Olga invited you to A Softer room: Olga, Lightward, Quinn on Hearth"), "/signup")
    shares = f"/api/shares/softer/room/{room_id}/invitations"
    invitation = ok(olga.get(shares))["invitations"][0]["id"]
    ok(olga.delete(f"{shares}/{invitation}"))
    room = room_of(olga, room_id)
    assert room["state"] == "defunct" and room["messages"][-1]["text"] == "Olga withdrew Quinn's invitation.", room
    assert_link_gives_nothing(server, link, quinn, "cancelled")


def test_signing_up_without_the_link_finds_the_room_once_the_address_is_confirmed(invite_server) -> None:
    """Rae signs up by herself with the invited address: her account reads nothing of the room
    until she confirms the address, and then takes her seat with nothing more from Olga."""
    server, mailbox, _ = invite_server
    _, olga = sign_up(server, "Olga")
    rae_email = unique_email("rae")
    room_id = ok(olga.post("/api/softer/rooms", json={"nickname": "Olga", "participants": [{"contact": rae_email, "nickname": "Rae"}]}), 201)["room"]["id"]
    wait_until("the invitation is mailed", lambda: [i["status"] for i in pending(olga, room_id)] == ["emailed"])

    _, rae = sign_up(server, "Rae", rae_email)
    assert ok(rae.get("/api/softer/rooms"))["rooms"] == []
    assert rae.get(f"/api/softer/rooms/{room_id}").status_code == 404
    assert rae.post(f"/api/softer/rooms/{room_id}/here").status_code == 404
    assert pending(olga, room_id)[0]["status"] == "emailed"

    verify_all(mailbox, server, rae_email)
    assert [room["id"] for room in ok(rae.get("/api/softer/rooms"))["rooms"]] == [room_id]
    assert pending(olga, room_id)[0]["status"] == "invited"
    room = ok(rae.post(f"/api/softer/rooms/{room_id}/here"))["room"]
    assert room["state"] == "active" and next(p for p in room["participants"] if p["isYou"])["nickname"] == "Rae", room
