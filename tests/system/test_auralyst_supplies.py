"""Auralyst's supplies: what is on hand of a medication, which the doses logged take from, and
one refill notice (auralyst.refill) when it reaches the threshold the person set, to the owner
and to read-write caregivers who get dose reminders, until a refill re-arms it. The server's
clock is moved (HEARTH_TEST_CLOCK) where time matters, and jobs are awaited, never slept on.
"""

from __future__ import annotations

from datetime import timedelta
from zoneinfo import ZoneInfo

from hearth_harness import describe, json_of, unique_email
from test_dose_reminders import advance, server_now, sign_in

ZONE = "Europe/Berlin"


class Person:
    def __init__(self, server, name: str) -> None:
        self.server = server
        self.email = unique_email(name.lower())
        r = server.client().signup(self.email, name)
        assert r.status_code == 201, describe(r)
        self.client = server.client().with_token(json_of(r)["accessToken"])

    def sign_in_again(self) -> None:
        """The clock moved past the access token's life."""
        self.client = sign_in(self.server, self.email)

    def notices(self, kind: str = "auralyst.refill") -> list[dict]:
        r = self.client.get("/api/notifications")
        assert r.status_code == 200, describe(r)
        return [n for n in json_of(r)["notifications"] if n["kind"] == kind]


def share(ann: Person, person: Person, journal: str, permission: str) -> None:
    base = f"/api/auralyst/journals/{journal}"
    r = ann.client.post(f"{base}/shares", json={"email": person.email, "permission": permission})
    assert r.status_code == 200, describe(r)
    r = person.client.post(
        "/api/invitations/respond",
        json={"app": "auralyst", "kind": "journal", "resourceId": journal, "decision": "accept"},
    )
    assert r.status_code == 200, describe(r)


def journal_with_caregivers(server):
    """Ann's journal; Bob read-write with dose reminders on, Cat read-write without, Dan
    read-only."""
    ann, bob, cat, dan = (Person(server, name) for name in ("Ann", "Bob", "Cat", "Dan"))
    r = ann.client.post("/api/auralyst/journals", json={"title": "Ann's journal", "timeZone": ZONE})
    assert r.status_code == 201, describe(r)
    journal = json_of(r)["journal"]["id"]
    base = f"/api/auralyst/journals/{journal}"
    for person, permission in ((bob, "read-write"), (cat, "read-write"), (dan, "read-only")):
        share(ann, person, journal, permission)
    r = bob.client.put(f"{base}/dose-reminders", json={"enabled": True})
    assert r.status_code == 200, describe(r)
    return ann, bob, cat, dan, base


def add_counted(ann: Person, base: str, supply: dict, **fields) -> str:
    """Levothyroxine, in tablets (a dose logged without an amount is 50 mcg), counted."""
    body = {"name": "Levothyroxine", "defaultAmount": 50, "defaultUnit": "mcg", "supply": supply}
    r = ann.client.post(f"{base}/medications", json=body | fields)
    assert r.status_code == 201, describe(r)
    return json_of(r)["medication"]["id"]


def supply(person: Person, base: str, medication: str) -> dict | None:
    r = person.client.get(f"{base}/medications/{medication}")
    assert r.status_code == 200, describe(r)
    return json_of(r)["medication"].get("supply")


def take(person: Person, base: str, medication: str, **fields) -> dict:
    r = person.client.post(f"{base}/intakes", json={"medicationId": medication, "origin": "asNeeded"} | fields)
    assert r.status_code == 201, describe(r)
    return json_of(r)["intake"]


def test_doses_take_from_the_supply_and_one_refill_notice_reaches_the_owner_and_an_opted_in_caregiver(
    backend, start_server
) -> None:
    server = start_server(backend, extra_env={"HEARTH_TEST_CLOCK": "on"})
    ann, bob, cat, dan, base = journal_with_caregivers(server)

    # Ann counts 8 tablets and asks to hear at 5; the count is in tablets, a refill is 8 until
    # she says otherwise
    medication = add_counted(ann, base, {"onHand": 8, "refillAt": 5, "unit": "tablets"})
    counted = supply(ann, base, medication)
    assert {k: counted[k] for k in ("onHand", "unit", "refillAt", "refillAmount", "isLow")} == {
        "onHand": 8, "unit": "tablets", "refillAt": 5, "refillAmount": 8, "isLow": False,
    }, counted
    assert supply(dan, base, medication)["onHand"] == 8, "a read-only caregiver sees it"

    # A dose she took an hour before counting (logged late) was already out of the box
    an_hour_ago = (server_now(ann.client) - timedelta(hours=1)).strftime("%Y-%m-%dT%H:%M:%SZ")
    take(ann, base, medication, amount=1, unit="tablets", timestamp=an_hour_ago)
    assert supply(ann, base, medication)["onHand"] == 8

    # Doses from now take their amount in tablets, or one: a 50 mcg dose is one tablet
    advance(ann.client, 60)
    take(bob, base, medication, amount=2, unit="tablets")
    assert supply(ann, base, medication)["onHand"] == 6
    ann.client.settled()
    assert ann.notices() == [] and bob.notices() == []
    take(cat, base, medication)
    at_threshold = supply(ann, base, medication)
    assert at_threshold["onHand"] == 5 and at_threshold["isLow"] is True, at_threshold

    # At the threshold: one notice to Ann and to Bob (dose reminders on), none to Cat or Dan
    ann.client.settled()
    for person in (ann, bob):
        [notice] = person.notices()
        assert notice["title"] == "Levothyroxine is running low", notice
        assert notice["body"] == (
            "5 tablets left in Ann's journal (you asked to hear at 5 tablets). Get a refill, then "
            "tap Refilled to add 8 tablets, or record it on the Medications page."
        ), notice["body"]
        assert notice["url"].endswith(f"/medications#supply-{medication}")
        assert [(a["id"], a["title"]) for a in notice["actions"]] == [("refilled", "Refilled")], notice
    assert cat.notices() == [] and dan.notices() == []

    # The next dose takes one more, and tells nobody again
    take(bob, base, medication, amount=1, unit="tablets")
    ann.client.settled()
    assert supply(ann, base, medication)["onHand"] == 4
    assert len(ann.notices()) == 1 and len(bob.notices()) == 1

    # Ann records a refill of 30 on the page's form (the API): 34 on hand, and the notice is
    # closed for Bob, saying who refilled
    r = ann.client.post(f"{base}/medications/{medication}/refill", json={"amount": 30})
    assert r.status_code == 200, describe(r)
    refilled = json_of(r)["medication"]["supply"]
    assert (refilled["onHand"], refilled["refillAmount"], refilled["isLow"]) == (34, 30, False)
    [closed] = bob.notices()
    assert closed["actions"] == [] and closed["read"] is True, closed
    assert closed["body"] == "Levothyroxine was refilled by Ann: 34 tablets on hand.", closed["body"]

    # The refill re-armed the notice: a threshold just below the count, a dose, a second notice
    r = ann.client.patch(f"{base}/medications/{medication}", json={"supply": {"refillAt": 33}})
    assert r.status_code == 200 and json_of(r)["medication"]["supply"]["onHand"] == 34, describe(r)
    take(cat, base, medication, amount=1, unit="tablets")
    ann.client.settled()
    assert len(ann.notices()) == 2 and len(bob.notices()) == 2
    assert cat.notices() == []

    # Bob taps Refilled on his: the last refill's 30 are added, and Ann's notice is closed
    newest = bob.notices()[0]
    r = bob.client.post(f"/api/notifications/{newest['id']}/actions/refilled")
    assert r.status_code == 200, describe(r)
    assert json_of(r)["message"] == "Levothyroxine refilled: 63 tablets on hand.", describe(r)
    assert supply(ann, base, medication)["onHand"] == 63
    assert all(n["actions"] == [] for n in ann.notices()), ann.notices()


def test_skipped_doses_take_nothing_and_deleted_or_edited_doses_are_given_back(
    backend, start_server
) -> None:
    server = start_server(backend, extra_env={"HEARTH_TEST_CLOCK": "on"})
    ann, bob, _, _, base = journal_with_caregivers(server)
    r = ann.client.patch(base, json={"doseGraceMinutes": 10})
    assert r.status_code == 200, describe(r)
    due = (server_now(ann.client) + timedelta(hours=2)).astimezone(ZoneInfo(ZONE)).replace(second=0, microsecond=0)
    medication = add_counted(
        ann, base, {"onHand": 10, "refillAt": 2},
        schedules=[{"id": "am", "time": due.strftime("%H:%M"), "amount": 1, "unit": "mcg"}],
    )
    assert supply(ann, base, medication)["unit"] == "mcg", "the medication's unit, unless told"

    # Nobody logs the dose; after the grace period Ann marks it skipped from the notice
    advance(ann.client, (due - server_now(ann.client)).total_seconds() + 1)
    ann.sign_in_again()
    ann.client.settled()
    advance(ann.client, 10 * 60 + 1)
    ann.client.settled()
    [missed] = ann.notices("auralyst.dose-missed")
    r = ann.client.post(f"/api/notifications/{missed['id']}/actions/skipped")
    assert r.status_code == 200, describe(r)
    [intake] = json_of(ann.client.get(f"{base}/intakes"))["intakes"]
    assert intake["status"] == "skipped"
    assert supply(ann, base, medication)["onHand"] == 10, "a skipped dose takes nothing"

    # A dose of 3 logged and deleted: the 3 come back
    bob.sign_in_again()
    dose = take(bob, base, medication, amount=3)
    assert supply(ann, base, medication)["onHand"] == 7
    r = bob.client.delete(f"{base}/intakes/{dose['id']}")
    assert r.status_code == 204, describe(r)
    assert supply(ann, base, medication)["onHand"] == 10

    # A dose edited from 2 to 5 takes 3 more; edited back to 1, it gives 4 back
    dose = take(bob, base, medication, amount=2)
    assert supply(ann, base, medication)["onHand"] == 8
    r = bob.client.patch(f"{base}/intakes/{dose['id']}", json={"amount": 5})
    assert r.status_code == 200, describe(r)
    assert supply(ann, base, medication)["onHand"] == 5
    r = ann.client.patch(f"{base}/intakes/{dose['id']}", json={"amount": 1})
    assert r.status_code == 200, describe(r)
    assert supply(ann, base, medication)["onHand"] == 9

    # Never below zero: 9 less a dose of 12 is 0, and undoing that dose finds the 9 again
    dose = take(ann, base, medication, amount=12)
    assert supply(ann, base, medication)["onHand"] == 0
    assert ann.client.delete(f"{base}/intakes/{dose['id']}").status_code == 204
    assert supply(ann, base, medication)["onHand"] == 9

    # Ann stops counting it: the medication stays, without a supply, and doses take nothing
    r = ann.client.delete(f"{base}/medications/{medication}/supply")
    assert r.status_code == 200 and "supply" not in json_of(r)["medication"], describe(r)
    take(ann, base, medication, amount=1)
    assert supply(ann, base, medication) is None


def test_supply_input_is_checked_by_field_and_only_those_who_may_change_it_can(
    backend, start_server
) -> None:
    server = start_server(backend)
    ann, bob, _, dan, base = journal_with_caregivers(server)
    stranger = Person(server, "Eve")
    medication = add_counted(ann, base, {"onHand": 10, "refillAt": 2})

    # Bad input answers 400 naming the field, and changes nothing
    for path, body, field in [
        (f"{base}/medications/{medication}/refill", {"amount": 0}, "amount"),
        (f"{base}/medications/{medication}/refill", {"amount": -3}, "amount"),
        (f"{base}/medications/{medication}/refill", {"amount": "lots"}, "amount"),
        (f"{base}/medications/{medication}/refill", {"amount": 999_999}, "amount"),
        (f"{base}/medications", {"name": "Iron", "supply": {"refillAt": 2}}, "supply.onHand"),
        (f"{base}/medications", {"name": "Iron", "supply": {"onHand": -1}}, "supply.onHand"),
    ]:
        r = ann.client.post(path, json=body)
        assert r.status_code == 400 and json_of(r)["error"]["field"] == field, (body, describe(r))
    for body, field in [
        ({"supply": {"refillAt": 2_000_000}}, "supply.refillAt"),
        ({"supply": {"refillAmount": 0}}, "supply.refillAmount"),
        ({"supply": {"onHand": "ten"}}, "supply.onHand"),
    ]:
        r = ann.client.patch(f"{base}/medications/{medication}", json=body)
        assert r.status_code == 400 and json_of(r)["error"]["field"] == field, (body, describe(r))
    names = [m["name"] for m in json_of(ann.client.get(f"{base}/medications"))["medications"]]
    assert names == ["Levothyroxine"]
    assert supply(ann, base, medication)["onHand"] == 10

    # Another person's journal is not there for Eve; Dan (read-only) sees it but changes nothing
    for path, body in [(f"{base}/medications/{medication}/refill", {"amount": 5}),
                       (f"{base}/medications/{medication}/refill", {"amount": "lots"})]:
        r = stranger.client.post(path, json=body)
        assert r.status_code == 404, describe(r)
    assert stranger.client.get(f"{base}/medications/{medication}").status_code == 404
    assert stranger.client.delete(f"{base}/medications/{medication}/supply").status_code == 404
    r = dan.client.post(f"{base}/medications/{medication}/refill", json={"amount": 5})
    assert r.status_code == 403, describe(r)
    r = dan.client.patch(f"{base}/medications/{medication}", json={"supply": {"onHand": 1}})
    assert r.status_code == 403, describe(r)
    assert dan.client.delete(f"{base}/medications/{medication}/supply").status_code == 403

    # Bob (read-write) records a refill, but the count of Ann's medication is hers to set
    r = bob.client.post(f"{base}/medications/{medication}/refill", json={"amount": 5})
    assert r.status_code == 200 and json_of(r)["medication"]["supply"]["onHand"] == 15, describe(r)
    r = bob.client.patch(f"{base}/medications/{medication}", json={"supply": {"onHand": 1}})
    assert r.status_code == 403, describe(r)
    assert supply(ann, base, medication)["onHand"] == 15
