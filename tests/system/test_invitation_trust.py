"""Identity before access, and invitations whose life the owner controls, on SQLite and
PostgreSQL with real SMTP (aiosmtpd on loopback, STARTTLS) and a fake Lightward on loopback.

Mallory signs up with a caregiver's address and never confirms it: a journal, a task and a room
shared with that address stay closed to her account until the address is confirmed through the
mailed link, and then open without the owner doing anything again. Invitations by email are on
the owner's share list, can be cancelled one by one, and Stop sharing cancels them: their links
give nothing afterwards and say why.
"""

from __future__ import annotations

from typing import Any, Iterator

import pytest
from fake_lightward import FakeLightward
from hearth_harness import PASSWORD, describe, json_of, unique_email
from redo_cli import RedoHome
from test_account_email import link_in, mail_to, mailing_server
from test_mail import Mailbox, certificate  # noqa: F401  (a fixture)
from test_softer_edges import wait_until


@pytest.fixture
def trust_server(backend, start_server, certificate) -> Iterator[tuple[Any, Mailbox]]:  # noqa: F811
    """A server that mails through aiosmtpd with confirmation on, and whose Softer rooms talk to a
    fake Lightward."""
    lightward = FakeLightward()
    try:
        with mailing_server(backend, start_server, certificate, **lightward.env) as served:
            yield served
    finally:
        lightward.close()


def ok(response, status: int = 200) -> Any:
    assert response.status_code == status, describe(response)
    return json_of(response) if response.content else None


def error_code(response) -> str:
    return json_of(response)["error"]["code"]


def sign_up(server, name: str, email: str | None = None):
    email = email or unique_email(name.lower())
    r = server.client().signup(email, name)
    assert r.status_code == 201, describe(r)
    return email, server.client().with_token(json_of(r)["accessToken"])


def redo_home(server, email: str, label: str) -> RedoHome:
    home = RedoHome.fresh(label)
    home.out("init", "--name", label)
    home.out("login", "--server", server.base_url, "--email", email, "--password-stdin", stdin=PASSWORD + "\n")
    return home


def respond(client, app: str, kind: str, resource_id: str, decision: str = "accept"):
    body = {"app": app, "kind": kind, "resourceId": resource_id, "decision": decision}
    return client.post("/api/invitations/respond", json=body)


def test_an_unconfirmed_account_reads_nothing_shared_with_it_until_it_confirms(trust_server) -> None:
    server, mailbox = trust_server
    olga_email, olga = sign_up(server, "Olga")
    carer = unique_email("carer")
    _, mallory = sign_up(server, "Mallory", carer)
    assert ok(mallory.get("/api/me"))["emailVerified"] is False

    # Olga shares a journal, a task and a room with the caregiver's address
    journal = ok(olga.post("/api/auralyst/journals", json={"title": "Olga's health", "timeZone": "UTC"}), 201)["journal"]["id"]
    base = f"/api/auralyst/journals/{journal}"
    ok(olga.post(f"{base}/entries", json={"severity": 2, "symptoms": {"Headache": 6}, "timestamp": "2026-11-20T08:00:00Z"}), 201)
    people = ok(olga.post(f"{base}/shares", json={"email": carer, "permission": "read-only"}))
    assert [p["status"] for p in people["participants"]] == ["invited"], people

    home = redo_home(server, olga_email, "olga-laptop")
    home.out("add", "Pick up the prescription")
    home.out("sync")
    task = next(t["id"] for t in home.json("list", "--all") if t["title"] == "Pick up the prescription")
    assert "Invited" in home.out("share", "Pick up the prescription", carer, "--read-only")

    room = ok(olga.post("/api/softer/rooms", json={"nickname": "Olga", "participants": [{"contact": carer, "nickname": "Carer"}]}), 201)["room"]["id"]

    def invitations() -> dict[str, dict]:
        return {i["resourceId"]: i for i in ok(mallory.get("/api/invitations"))["invitations"]}

    listed = wait_until("the room's invitation arrives", lambda: (found := invitations()).get(room) and found)
    assert set(listed) == {journal, task, room}, listed
    assert all(i["waitingForConfirmation"] for i in listed.values()), listed

    # Until the address is confirmed, nothing opens, and the answer says what to do
    for app, kind, resource in [("auralyst", "journal", journal), ("redo", "task", task), ("softer", "room", room)]:
        r = respond(mallory, app, kind, resource)
        assert r.status_code == 403 and error_code(r) == "email_unconfirmed", describe(r)
        assert carer in json_of(r)["error"]["message"]
    assert mallory.get(f"{base}/entries").status_code == 404
    assert mallory.get(f"/api/redo/tasks/{task}/nodes").status_code == 404
    r = mallory.get(f"/api/softer/rooms/{room}")
    assert r.status_code == 403 and error_code(r) == "email_unconfirmed", describe(r)
    assert mallory.post(f"/api/softer/rooms/{room}/here").status_code == 403
    assert room not in [r["id"] for r in ok(mallory.get("/api/softer/rooms"))["rooms"]]
    page = mallory.get("/invitations")
    assert page.status_code == 200 and "Waiting for you to confirm your email" in page.text, describe(page)
    assert 'value="accept"' not in page.text

    # The account confirms through the mailed link; the invitations work with nothing more from Olga
    link = link_in(mail_to(mailbox, carer, "Confirm your email for Hearth"), "/verify-email")
    assert "Your email is confirmed" in server.client().get(link.removeprefix(server.base_url)).text
    assert not any(i["waitingForConfirmation"] for i in invitations().values())
    ok(respond(mallory, "auralyst", "journal", journal))
    ok(respond(mallory, "redo", "task", task))
    assert [e["symptoms"] for e in ok(mallory.get(f"{base}/entries"))["entries"]] == [{"Headache": 6}]
    assert ok(mallory.get(f"/api/redo/tasks/{task}/nodes"))["nodes"]
    ok(respond(mallory, "softer", "room", room))
    seated = ok(mallory.get(f"/api/softer/rooms/{room}"))["room"]
    assert any(p["nickname"] == "Carer" and p["arrived"] for p in seated["participants"]), seated

    # A phone number finds nobody: numbers are never confirmed
    r = olga.post(f"{base}/shares", json={"email": "+14155550123", "permission": "read-only"})
    assert r.status_code == 400 and error_code(r) == "phone_not_confirmed", describe(r)
    r = olga.post("/api/softer/rooms", json={"nickname": "Olga", "participants": [{"contact": "+14155550123", "nickname": "Phone"}]})
    assert r.status_code == 400 and error_code(r) == "phone_not_confirmed", describe(r)


def test_invitations_by_email_are_listed_cancelled_and_end_with_their_share(trust_server) -> None:
    server, mailbox = trust_server
    _, olga = sign_up(server, "Olga")
    eve_email, eve = sign_up(server, "Eve")
    journal = ok(olga.post("/api/auralyst/journals", json={"title": "Olga's journal", "timeZone": "UTC"}), 201)["journal"]["id"]
    base = f"/api/auralyst/journals/{journal}"
    pending = f"/api/shares/auralyst/journal/{journal}/invitations"
    first, second = unique_email("mistake"), unique_email("friend")
    for address in (first, second):
        ok(olga.post(f"{base}/shares", json={"email": address, "permission": "read-only"}))
    links = {a: link_in(mail_to(mailbox, a, "Olga invited you to Olga's journal on Hearth"), "/signup") for a in (first, second)}

    # The share list, its API and its page show both; nobody else sees them
    shares = ok(olga.get(f"{base}/shares"))
    assert [i["email"] for i in shares["invitations"]] == [first, second], shares
    listed = ok(olga.get(pending))["invitations"]
    assert [i["email"] for i in listed] == [first, second]
    page = olga.get(f"/auralyst/journals/{journal}/sharing")
    assert page.status_code == 200 and first in page.text and "Withdraw invitation" in page.text, describe(page)
    assert eve.get(pending).status_code == 404
    assert eve.delete(f"{pending}/{listed[0]['id']}").status_code == 404

    # Olga cancels the invitation she sent by mistake: its link gives nothing and says why
    remaining = ok(olga.delete(f"{pending}/{listed[0]['id']}"))["invitations"]
    assert [i["email"] for i in remaining] == [second]
    assert olga.delete(f"{pending}/{listed[0]['id']}").status_code == 404
    assert_link_gives_nothing(server, links[first], first, "cancelled")

    # Stop sharing cancels the one still waiting
    ok(olga.delete(f"{base}/shares"))
    assert ok(olga.get(pending))["invitations"] == []
    assert ok(olga.get(f"{base}/shares"))["invitations"] == []
    assert_link_gives_nothing(server, links[second], second, "cancelled")

    # Signing up with the address anyway, and confirming it, brings no invitation either
    _, friend = sign_up(server, "Friend", second)
    link = link_in(mail_to(mailbox, second, "Confirm your email for Hearth"), "/verify-email")
    assert "Your email is confirmed" in server.client().get(link.removeprefix(server.base_url)).text
    assert ok(friend.get("/api/invitations"))["invitations"] == []
    assert friend.get(f"{base}/entries").status_code == 404

    # An account invitation removed by the owner says it was cancelled when answered
    ok(olga.post(f"{base}/shares", json={"email": eve_email, "permission": "read-only"}))
    eve_id = ok(eve.get("/api/me"))["user"]["id"]
    verify_all(mailbox, server, eve_email)
    ok(olga.delete(f"{base}/shares/{eve_id}"))
    r = respond(eve, "auralyst", "journal", journal)
    assert r.status_code == 410 and error_code(r) == "invitation_cancelled", describe(r)
    assert eve.get(f"{base}/entries").status_code == 404


def test_a_task_shares_invitations_by_email_the_same_way(trust_server) -> None:
    server, mailbox = trust_server
    olga_email, olga = sign_up(server, "Olga")
    home = redo_home(server, olga_email, "olga-desk")
    home.out("add", "Plan the move")
    home.out("sync")
    task = next(t["id"] for t in home.json("list", "--all") if t["title"] == "Plan the move")
    newcomer = unique_email("mover")
    shared = ok(olga.post(f"/api/redo/tasks/{task}/share", json={"email": newcomer, "permission": "read-write"}))
    assert [i["email"] for i in shared["invitations"]] == [newcomer], shared
    link = link_in(mail_to(mailbox, newcomer, "Olga invited you to Plan the move on Hearth"), "/signup")
    page = olga.get(f"/redo/tasks/{task}")
    assert page.status_code == 200 and newcomer in page.text and "Withdraw invitation" in page.text, describe(page)

    invitation = shared["invitations"][0]["id"]
    ok(olga.delete(f"/api/shares/redo/task/{task}/invitations/{invitation}"))
    assert ok(olga.get(f"/api/redo/tasks/{task}/share"))["invitations"] == []
    assert_link_gives_nothing(server, link, newcomer, "cancelled")


def verify_all(mailbox: Mailbox, server, address: str) -> None:
    link = link_in(mail_to(mailbox, address, "Confirm your email for Hearth"), "/verify-email")
    assert "Your email is confirmed" in server.client().get(link.removeprefix(server.base_url)).text


def assert_link_gives_nothing(server, link: str, address: str, why: str) -> None:
    """The invitation link's page says why it no longer works, and signing up with its token is
    refused naming `invitation`: no account is made from it."""
    session = server.client().session
    page = session.get(link, timeout=30)
    assert page.status_code == 400 and why in page.text, describe(page)
    token = link.split("invitation=")[1]
    r = server.client().signup(address, "Someone", invitation=token)
    assert r.status_code == 400, describe(r)
    error = json_of(r)["error"]
    assert error["field"] == "invitation" and why in error["message"], error
