"""Auralyst's dose loop with the people sharing a journal: a dose logged by one closes its
reminder for everyone (read, buttons gone, the push replaced under its Topic) and a snoozed
reminder does not come back once the dose is logged. The server's clock is moved
(HEARTH_TEST_CLOCK, POST /api/debug/clock), and jobs are awaited, never slept on.
"""

from __future__ import annotations

import re
from datetime import timedelta
from zoneinfo import ZoneInfo

from hearth_harness import PASSWORD, describe, json_of, unique_email
from test_dose_reminders import advance, server_now, sign_in
from test_push import Browser, push_service  # noqa: F401 (the fixture)


class Person:
    def __init__(self, server, push_service, name: str) -> None:  # noqa: F811 (the fixture)
        self.email = unique_email(name.lower())
        r = server.client().signup(self.email, name)
        assert r.status_code == 201, describe(r)
        self.client = server.client().with_token(json_of(r)["accessToken"])
        self.id = json_of(self.client.get("/api/me"))["user"]["id"]
        self.path = f"/push/{name.lower()}"
        self.phone = Browser(push_service.script(self.path, 201))
        r = self.client.post("/api/push/subscriptions", json=self.phone.subscription())
        assert r.status_code == 201, describe(r)

    def notices(self, kind: str) -> list[dict]:
        r = self.client.get("/api/notifications")
        assert r.status_code == 200, describe(r)
        return [n for n in json_of(r)["notifications"] if n["kind"] == kind]


def shared_journal(server, push_service, zone: str = "Europe/Berlin"):  # noqa: F811
    """Ann's journal, shared read-write with Bob, who asked for its dose reminders."""
    ann = Person(server, push_service, "Ann")
    bob = Person(server, push_service, "Bob")
    r = ann.client.post("/api/auralyst/journals", json={"title": "Ann's journal", "timeZone": zone})
    assert r.status_code == 201, describe(r)
    journal = json_of(r)["journal"]["id"]
    base = f"/api/auralyst/journals/{journal}"
    r = ann.client.post(f"{base}/shares", json={"email": bob.email, "permission": "read-write"})
    assert r.status_code == 200, describe(r)
    r = bob.client.post(
        "/api/invitations/respond",
        json={"app": "auralyst", "kind": "journal", "resourceId": journal, "decision": "accept"},
    )
    assert r.status_code == 200, describe(r)
    r = bob.client.put(f"{base}/dose-reminders", json={"enabled": True})
    assert r.status_code == 200 and json_of(r)["enabled"] is True, describe(r)
    return ann, bob, journal, base


def add_daily_dose(ann: Person, base: str, zone: str, hours: float = 2):
    """A daily Ibuprofen dose `hours` from the server's now; its local due time."""
    due = (server_now(ann.client) + timedelta(hours=hours)).astimezone(ZoneInfo(zone))
    due = due.replace(second=0, microsecond=0)
    r = ann.client.post(
        f"{base}/medications",
        json={"name": "Ibuprofen", "schedules": [{"id": "am", "time": due.strftime("%H:%M"), "amount": 200, "unit": "mg"}]},
    )
    assert r.status_code == 201, describe(r)
    return json_of(r)["medication"]["id"], due


def tokens_of(message: dict) -> dict[str, str]:
    return {a["action"]: a["token"] for a in message["actions"]}


def test_taken_by_one_closes_the_reminder_for_both_and_a_snooze_does_not_bring_it_back(
    backend, start_server, push_service  # noqa: F811 (the fixture)
) -> None:
    server = start_server(backend, extra_env={"HEARTH_TEST_CLOCK": "on"})
    ann, bob, journal, base = shared_journal(server, push_service)
    _, due = add_daily_dose(ann, base, "Europe/Berlin")

    # When the dose is due, both phones show it with Taken and Snooze
    advance(ann.client, (due - server_now(ann.client)).total_seconds() + 1)
    [ann_push] = push_service.wait_for(ann.path, 1)
    [bob_push] = push_service.wait_for(bob.path, 1)
    ann, bob = sign_in_again(server, ann), sign_in_again(server, bob)
    ann_message, bob_message = ann.phone.read(ann_push), bob.phone.read(bob_push)
    assert bob_message["title"] == "Time for Ibuprofen"
    assert ann_push.headers["Topic"] == bob_push.headers["Topic"], "one dose, one topic"
    assert len(bob_push.headers["Topic"]) <= 32
    assert bob_message["tag"] == ann_message["tag"] and bob_message["quiet"] is False

    # Bob snoozes it; then Ann, a minute later, taps Taken on hers
    device = server.client()
    r = device.post("/api/notifications/actions", json={"token": tokens_of(bob_message)["snooze"]})
    assert r.status_code == 200, describe(r)
    advance(ann.client, 60)
    r = device.post("/api/notifications/actions", json={"token": tokens_of(ann_message)["taken"]})
    assert r.status_code == 200 and json_of(r)["message"].startswith("Ibuprofen logged as taken"), describe(r)
    logged_at = (server_now(ann.client)).astimezone(ZoneInfo("Europe/Berlin")).strftime("%H:%M")

    # Bob's phone gets the notice replaced, under the same Topic and tag, quietly, no buttons
    replacement = push_service.wait_for(bob.path, 2)[1]
    assert replacement.headers["Topic"] == bob_push.headers["Topic"]
    replaced = bob.phone.read(replacement)
    assert replaced["tag"] == bob_message["tag"] and replaced["quiet"] is True
    assert replaced["actions"] == []
    assert replaced["body"] == f"Ibuprofen was logged by Ann at {logged_at}."

    # In both inboxes the notice is read and has no buttons left
    for person in (ann, bob):
        [notice] = person.notices("auralyst.dose")
        assert notice["read"] is True and notice["actions"] == [], notice
    # A stale Taken from Bob's phone says what happened instead of failing
    r = device.post("/api/notifications/actions", json={"token": tokens_of(bob_message)["taken"]})
    assert r.status_code == 200 and json_of(r)["message"] == f"Ibuprofen was logged by Ann at {logged_at}.", describe(r)

    # Bob's snooze ends: nothing comes back, to his inbox or to his phone
    advance(ann.client, 600)
    ann.client.settled()
    bob, ann = sign_in_again(server, bob), sign_in_again(server, ann)
    assert len(bob.notices("auralyst.dose")) == 1
    assert len(push_service.requests_to(bob.path)) == 2
    assert len(push_service.requests_to(ann.path)) == 1, "Ann tapped it: her phone is not pushed again"
    r = ann.client.get(f"{base}/intakes", params={"day": due.date().isoformat()})
    assert len(json_of(r)["intakes"]) == 1, describe(r)


def test_a_dose_logged_in_the_journal_closes_its_reminder_and_stops_a_snooze(
    backend, start_server, push_service  # noqa: F811 (the fixture)
) -> None:
    server = start_server(backend, extra_env={"HEARTH_TEST_CLOCK": "on"})
    ann, bob, journal, base = shared_journal(server, push_service)
    medication, due = add_daily_dose(ann, base, "Europe/Berlin")
    advance(ann.client, (due - server_now(ann.client)).total_seconds() + 1)
    bob_message = bob.phone.read(push_service.wait_for(bob.path, 1)[0])
    ann_message = ann.phone.read(push_service.wait_for(ann.path, 1)[0])
    ann, bob = sign_in_again(server, ann), sign_in_again(server, bob)

    # Both snooze it; Bob then logs the dose on the journal's page (the API), not from the notice
    device = server.client()
    for message in (ann_message, bob_message):
        r = device.post("/api/notifications/actions", json={"token": tokens_of(message)["snooze"]})
        assert r.status_code == 200, describe(r)
    r = bob.client.post(
        f"{base}/intakes",
        json={
            "medicationId": medication, "scheduleId": "am", "origin": "scheduled",
            "scheduledDate": due.date().isoformat(), "timestamp": server_now(bob.client).strftime("%Y-%m-%dT%H:%M:%SZ"),
        },
    )
    assert r.status_code == 201, describe(r)

    # Ann's phone shows who logged it; the snoozes end without a word
    replaced = ann.phone.read(push_service.wait_for(ann.path, 2)[1])
    assert replaced["quiet"] is True and replaced["body"].startswith("Ibuprofen was logged by Bob at ")
    advance(ann.client, 601)
    ann.client.settled()
    assert len(push_service.requests_to(ann.path)) == 2
    assert len(push_service.requests_to(bob.path)) == 1
    for person in (ann, bob):
        [notice] = person.notices("auralyst.dose")
        assert notice["read"] is True and notice["actions"] == [], notice


def sign_in_again(server, person: Person) -> Person:
    """The clock moved past the access token's life."""
    person.client = sign_in(server, person.email)
    return person


def join(server, push_service, ann: Person, journal: str, base: str, name: str) -> Person:  # noqa: F811
    """Another person joins Ann's journal read-write."""
    person = Person(server, push_service, name)
    r = ann.client.post(f"{base}/shares", json={"email": person.email, "permission": "read-write"})
    assert r.status_code == 200, describe(r)
    r = person.client.post(
        "/api/invitations/respond",
        json={"app": "auralyst", "kind": "journal", "resourceId": journal, "decision": "accept"},
    )
    assert r.status_code == 200, describe(r)
    return person


def test_a_missed_dose_is_followed_up_once_to_the_owner_and_an_opted_in_caregiver(
    backend, start_server, push_service  # noqa: F811 (the fixture)
) -> None:
    server = start_server(backend, extra_env={"HEARTH_TEST_CLOCK": "on"})
    ann, bob, journal, base = shared_journal(server, push_service)
    carol = join(server, push_service, ann, journal, base, "Carol")

    # Missed-dose notices: on for the owner, off for caregivers until they turn them on
    assert json_of(carol.client.get(f"{base}/dose-reminders")) == {"enabled": False, "missedDoses": False}
    assert json_of(ann.client.get(f"{base}/dose-reminders")) == {"enabled": True, "missedDoses": True}
    r = bob.client.put(f"{base}/dose-reminders", json={"missedDoses": True})
    assert r.status_code == 200 and json_of(r) == {"enabled": True, "missedDoses": True}, describe(r)
    r = bob.client.put(f"{base}/dose-reminders", json={})
    assert r.status_code == 400 and json_of(r)["error"]["field"] == "enabled", describe(r)

    # The journal's grace period: an hour unless the owner sets it, within 10 to 720 minutes
    assert json_of(ann.client.get(base))["journal"]["doseGraceMinutes"] == 60
    r = ann.client.patch(base, json={"doseGraceMinutes": 5})
    assert r.status_code == 400 and json_of(r)["error"]["field"] == "doseGraceMinutes", describe(r)
    r = ann.client.patch(base, json={"doseGraceMinutes": 30})
    assert r.status_code == 200 and json_of(r)["journal"]["doseGraceMinutes"] == 30, describe(r)

    medication, due = add_daily_dose(ann, base, "Europe/Berlin")
    advance(ann.client, (due - server_now(ann.client)).total_seconds() + 1)
    push_service.wait_for(ann.path, 1)
    push_service.wait_for(bob.path, 1)
    ann, bob, carol = (sign_in_again(server, p) for p in (ann, bob, carol))

    # Nobody logs it: 30 minutes on, Ann and Bob are told it was missed, Carol is not
    ann.client.settled()
    advance(ann.client, 29 * 60)
    ann = sign_in_again(server, ann)
    ann.client.settled()
    assert ann.notices("auralyst.dose-missed") == [], "not before the grace period ends"
    advance(ann.client, 61)
    ann_followup = ann.phone.read(push_service.wait_for(ann.path, 2)[1])
    bob_followup = bob.phone.read(push_service.wait_for(bob.path, 2)[1])
    for message in (ann_followup, bob_followup):
        assert message["kind"] == "auralyst.dose-missed"
        assert message["title"] == "Ibuprofen was missed"
        assert "not logged within 30 minutes" in message["body"], message["body"]
        assert [(a["action"], a["title"]) for a in message["actions"]] == [("late", "Taken (late)"), ("skipped", "Skipped")]

    # Once: hours later there is still one follow-up each, and none for Carol
    ann.client.settled()
    advance(ann.client, 2 * 3600)
    ann, bob, carol = (sign_in_again(server, p) for p in (ann, bob, carol))
    ann.client.settled()
    assert len(ann.notices("auralyst.dose-missed")) == 1 and len(bob.notices("auralyst.dose-missed")) == 1
    assert carol.notices("auralyst.dose-missed") == [] and carol.notices("auralyst.dose") == []
    assert len(push_service.requests_to(ann.path)) == 2

    # Bob took it late: it is logged as late and closed for Ann (one quiet push for her phone)
    device = server.client()
    r = device.post("/api/notifications/actions", json={"token": tokens_of(bob_followup)["late"]})
    assert r.status_code == 200 and json_of(r)["message"].startswith("Ibuprofen logged as taken late at "), describe(r)
    replaced = ann.phone.read(push_service.wait_for(ann.path, 3)[2])
    assert replaced["quiet"] is True and replaced["body"].startswith("Ibuprofen was logged as taken late by Bob at ")
    ann.client.settled()
    assert len(push_service.requests_to(ann.path)) == 3, "one replacement per phone"
    for notice in ann.notices("auralyst.dose") + ann.notices("auralyst.dose-missed"):
        assert notice["read"] is True and notice["actions"] == [], notice
    # It is on the day it was taken (after midnight when the dose was late in the evening), for
    # the day it was due
    taken_on = server_now(ann.client).astimezone(due.tzinfo).date()
    [intake] = json_of(ann.client.get(f"{base}/intakes", params={"day": taken_on.isoformat()}))["intakes"]
    assert (intake["medicationId"], intake["scheduleId"], intake["status"]) == (medication, "am", "late")
    assert intake["scheduledDate"] == due.date().isoformat()

    # The next day nobody takes it either, and Ann marks it skipped
    next_due = due + timedelta(days=1)
    advance(ann.client, (next_due - server_now(ann.client)).total_seconds() + 30 * 60 + 1)
    # Its reminder and its follow-up are both due by now: they may arrive in either order
    arrived = [ann.phone.read(p) for p in push_service.wait_for(ann.path, 5)[3:]]
    [followup] = [m for m in arrived if m["kind"] == "auralyst.dose-missed"]
    r = device.post("/api/notifications/actions", json={"token": tokens_of(followup)["skipped"]})
    assert r.status_code == 200 and json_of(r)["message"] == f"Ibuprofen marked skipped for {next_due.date().isoformat()}.", describe(r)

    # Adherence counts them apart: two due, one taken (late), one skipped
    ann = sign_in_again(server, ann)
    r = ann.client.get(f"{base}/insights", params={"window": "7d"})
    assert r.status_code == 200, describe(r)
    [adherence] = [a for a in json_of(r)["adherence"] if a["medicationID"] == medication]
    assert (adherence["scheduled"], adherence["taken"], adherence["late"], adherence["skipped"]) == (2, 1, 1, 1), adherence


def web_session(server, email: str):
    """A browser's session, signed in with the login form."""
    browser = server.client().session
    page = browser.get(server.base_url + "/login", timeout=30, allow_redirects=False)
    csrf = re.search(r'name="_csrf" value="([^"]+)"', page.text).group(1)
    r = browser.post(server.base_url + "/login", timeout=30, allow_redirects=False,
                     data={"email": email, "password": PASSWORD, "_csrf": csrf})
    assert r.status_code in (302, 303), describe(r)
    return browser


def test_a_reminder_that_could_not_be_sent_in_time_is_shown_as_missed(
    backend, start_server, push_service  # noqa: F811 (the fixture)
) -> None:
    server = start_server(backend, extra_env={"HEARTH_TEST_CLOCK": "on"})
    ann = Person(server, push_service, "Ann")
    r = ann.client.post("/api/auralyst/journals", json={"title": "Ann's journal", "timeZone": "Asia/Tokyo"})
    assert r.status_code == 201, describe(r)
    journal = json_of(r)["journal"]["id"]
    base = f"/api/auralyst/journals/{journal}"
    _, due = add_daily_dose(ann, base, "Asia/Tokyo")

    # The server's clock jumps two hours past the dose (as after an outage): no reminder hours
    # late, but a notice that it is shown as missed, with what can still be done
    advance(ann.client, (due - server_now(ann.client)).total_seconds() + 2 * 3600)
    message = ann.phone.read(push_service.wait_for(ann.path, 1)[0])
    assert message["kind"] == "auralyst.dose-missed" and message["title"] == "Ibuprofen was missed"
    assert "Its reminder could not be sent in time." in message["body"], message["body"]
    assert f"The {due.strftime('%H:%M')} dose (200 mg) of {due.date().isoformat()}" in message["body"]
    assert [a["action"] for a in message["actions"]] == ["late", "skipped"]
    ann = sign_in_again(server, ann)
    ann.client.settled()
    assert ann.notices("auralyst.dose") == [] and len(ann.notices("auralyst.dose-missed")) == 1
    assert len(push_service.requests_to(ann.path)) == 1

    # The journal's quick log of that day shows the dose as missed
    browser = web_session(server, ann.email)
    page = browser.get(f"{server.base_url}/auralyst/journals/{journal}?day={due.date().isoformat()}", timeout=30)
    assert page.status_code == 200, describe(page)
    assert f"{due.strftime('%H:%M')} · missed" in page.text
