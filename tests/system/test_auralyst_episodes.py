"""Auralyst's tracking over real HTTP on SQLite and on PostgreSQL: episodes (attacks) with who may
do what, refusals that name the field, and the export; the days with acute medication per month
of the journal's zone; and the daily check-in reminder, fired by the server's test clock
(HEARTH_TEST_CLOCK), not sent on a day that already has an entry. Jobs are awaited, never slept on.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

from hearth_harness import describe, json_of, unique_email
from test_dose_reminders import advance, server_now, sign_in

BERLIN = ZoneInfo("Europe/Berlin")


def person(server, name: str):
    email = unique_email(name.lower())
    r = server.client().signup(email, name, timeZone="Europe/Berlin")
    assert r.status_code == 201, describe(r)
    client = server.client().with_token(json_of(r)["accessToken"])
    return email, client


def created(response) -> dict:
    assert response.status_code == 201, describe(response)
    return next(iter(json_of(response).values()))


def refused(response, status: int, field: str) -> str:
    assert response.status_code == status, describe(response)
    error = json_of(response)["error"]
    assert error["field"] == field, describe(response)
    return error["message"]


def journal_of(server, owner) -> tuple[str, str]:
    journal = created(owner.post("/api/auralyst/journals", json={"title": "Ann's", "timeZone": "Europe/Berlin"}))
    return journal["id"], f"/api/auralyst/journals/{journal['id']}"


def share(owner, base: str, journal: str, email: str, client, permission: str) -> None:
    r = owner.post(f"{base}/shares", json={"email": email, "permission": permission})
    assert r.status_code == 200, describe(r)
    r = client.post("/api/invitations/respond", json={"app": "auralyst", "kind": "journal", "resourceId": journal, "decision": "accept"})
    assert r.status_code == 200, describe(r)


def test_episodes_are_kept_checked_and_shared_like_entries(server) -> None:
    _, ann = person(server, "Ann")
    bob_email, bob = person(server, "Bob")
    rita_email, rita = person(server, "Rita")
    _, eve = person(server, "Eve")
    journal, base = journal_of(server, ann)
    share(ann, base, journal, bob_email, bob, "read-write")
    share(ann, base, journal, rita_email, rita, "read-only")
    triptan = created(ann.post(f"{base}/medications", json={"name": "Sumatriptan", "isAsNeeded": True, "defaultAmount": 50, "defaultUnit": "mg"}))
    dose = created(ann.post(f"{base}/intakes", json={"medicationId": triptan["id"], "origin": "asNeeded"}))

    # "It started now": an open episode, started at the server's now
    episode = created(ann.post(f"{base}/episodes", json={}))
    assert episode["ongoing"] is True and "endedAt" not in episode, episode
    assert episode["helped"] == "not-yet" and episode["aura"] == "unsure" and episode["locations"] == []
    started = datetime.fromisoformat(episode["startedAt"])
    assert abs((started - datetime.fromisoformat(dose["timestamp"])).total_seconds()) < 60
    one = f"{base}/episodes/{episode['id']}"
    # A second one cannot start while it goes on
    message = refused(ann.post(f"{base}/episodes", json={}), 400, "startedAt")
    assert message == "Another episode is still going on; end it first."

    # Where it hurts, aura, what was taken and whether it helped
    r = ann.patch(one, json={
        "locations": ["left", "temples", "left"], "locationNote": " behind the left eye ", "aura": "yes",
        "medicationIds": [triptan["id"]], "intakeIds": [dose["id"]], "helped": "a-little",
    })
    assert r.status_code == 200, describe(r)
    saved = json_of(r)["episode"]
    assert saved["locations"] == ["left", "temples"] and saved["locationNote"] == "behind the left eye"
    assert (saved["aura"], saved["helped"]) == ("yes", "a-little")
    assert saved["medicationIds"] == [triptan["id"]] and saved["intakeIds"] == [dose["id"]]

    # Bad input is refused with the field named, and changes nothing
    assert "knee is not a location" in refused(ann.patch(one, json={"locations": ["left", "knee"]}), 400, "locations[1]")
    before = (started - timedelta(hours=1)).isoformat()
    assert refused(ann.patch(one, json={"endedAt": before}), 400, "endedAt") == "An episode ends after it starts."
    refused(ann.patch(one, json={"helped": "maybe"}), 400, "helped")
    refused(ann.patch(one, json={"aura": "perhaps"}), 400, "aura")
    refused(ann.patch(one, json={"medicationIds": ["nope"]}), 400, "medicationIds[0]")
    refused(ann.patch(one, json={"endedAt": "yesterday"}), 400, "endedAt")
    assert json_of(ann.get(one))["episode"] == saved

    # "It ended now"
    r = ann.patch(one, json={"endedAt": "now"})
    assert r.status_code == 200, describe(r)
    ended = json_of(r)["episode"]
    assert ended["ongoing"] is False and datetime.fromisoformat(ended["endedAt"]) >= started

    # Bob (read-write) reads it but changes only his own; the owner changes any
    assert bob.get(one).status_code == 200
    assert bob.patch(one, json={"helped": "no"}).status_code == 403
    assert bob.delete(one).status_code == 403
    earlier = started - timedelta(hours=3)
    bobs = created(bob.post(f"{base}/episodes", json={"startedAt": earlier.isoformat(), "endedAt": (earlier + timedelta(hours=1)).isoformat()}))
    # One overlapping his is refused
    refused(bob.post(f"{base}/episodes", json={"startedAt": (earlier + timedelta(minutes=20)).isoformat(), "endedAt": (earlier + timedelta(minutes=90)).isoformat()}), 400, "startedAt")
    assert bob.patch(f"{base}/episodes/{bobs['id']}", json={"aura": "no"}).status_code == 200
    assert ann.patch(f"{base}/episodes/{bobs['id']}", json={"note": "Seen by Ann"}).status_code == 200

    # Rita (read-only) reads and writes nothing; Eve sees nothing at all
    assert [e["id"] for e in json_of(rita.get(f"{base}/episodes"))["episodes"]] == [bobs["id"], episode["id"]]
    assert json_of(rita.get(one))["episode"]["canEdit"] is False
    assert rita.post(f"{base}/episodes", json={}).status_code == 403
    assert rita.patch(one, json={"aura": "no"}).status_code == 403
    assert rita.delete(one).status_code == 403
    for method, path in [("GET", "/episodes"), ("GET", f"/episodes/{episode['id']}"), ("POST", "/episodes"),
                         ("PATCH", f"/episodes/{episode['id']}"), ("DELETE", f"/episodes/{episode['id']}")]:
        r = eve.request(method, base + path, json={} if method in ("POST", "PATCH") else None)
        assert r.status_code == 404 and "Sumatriptan" not in r.text, describe(r)

    # The export carries them
    exported = json_of(ann.get(f"{base}/export?format=json"))
    rows = {row["id"]: row for row in exported["episodes"]}
    assert rows[episode["id"]]["locations"] == ["left", "temples"]
    assert rows[episode["id"]]["intakeIDs"] == [dose["id"]] and rows[episode["id"]]["helped"] == "a-little"
    assert rows[episode["id"]]["aura"] is True and rows[bobs["id"]]["aura"] is False
    assert rows[bobs["id"]]["note"] == "Seen by Ann"

    # Deleted by its author, it is gone
    assert bob.delete(f"{base}/episodes/{bobs['id']}").status_code == 204
    assert ann.get(f"{base}/episodes/{bobs['id']}").status_code == 404
    assert [e["id"] for e in json_of(ann.get(f"{base}/episodes"))["episodes"]] == [episode["id"]]


def local(day: datetime, hour: int, minute: int = 0) -> str:
    return day.replace(hour=hour, minute=minute, second=0, microsecond=0).isoformat()


def test_days_with_medication_are_counted_per_month_of_the_journals_zone(backend, start_server) -> None:
    server = start_server(backend, extra_env={"HEARTH_TEST_CLOCK": "on"})
    ann_email, ann = person(server, "Ann")
    # The 15th of next month, at noon in Berlin
    now = server_now(ann).astimezone(BERLIN)
    first = (now.replace(day=1) + timedelta(days=32)).replace(day=1, hour=12, minute=0, second=0, microsecond=0)
    target = first.replace(day=15)
    advance(ann, (target - server_now(ann)).total_seconds())
    ann = sign_in(server, ann_email)  # the token has expired meanwhile
    _, base = journal_of(server, ann)
    triptan = created(ann.post(f"{base}/medications", json={"name": "Sumatriptan", "isAsNeeded": True}))
    magnesium = created(ann.post(f"{base}/medications", json={"name": "Magnesium", "schedules": [{"time": "08:00", "days": [1, 2, 3, 4, 5, 6, 7]}]}))

    def take(medication: str, timestamp: str, origin: str = "asNeeded") -> None:
        created(ann.post(f"{base}/intakes", json={"medicationId": medication, "origin": origin, "timestamp": timestamp}))

    # Nine days of this month with the triptan, one of them twice, the last at 00:30 Berlin
    # (the evening before in UTC); one at 23:30 Berlin on the last day of the month before
    for day in range(1, 9):
        take(triptan["id"], local(first.replace(day=day), 9))
    take(triptan["id"], local(first.replace(day=3), 21))
    take(triptan["id"], local(first.replace(day=10), 0, 30))
    take(triptan["id"], local(first - timedelta(days=1), 23, 30))
    # The preventive's scheduled doses are no acute medication
    take(magnesium["id"], local(first.replace(day=11), 8), origin="scheduled")

    def months() -> list[dict]:
        r = ann.get(f"{base}/insights?window=7d")
        assert r.status_code == 200, describe(r)
        return json_of(r)["medicationMonths"]

    this, before, _ = months()
    assert this == {"month": first.strftime("%Y-%m"), "days": 9, "isCurrent": True}
    assert before["month"] == (first - timedelta(days=1)).strftime("%Y-%m") and before["days"] == 1
    page = ann.get(base.replace("/api/", "/") + "/insights")
    assert "Days with medication this month: 9" in page.text
    assert "Doctors watch for" not in page.text

    # A tenth day brings the gentle note
    take(triptan["id"], local(first.replace(day=14), 18))
    assert months()[0]["days"] == 10
    page = ann.get(base.replace("/api/", "/") + "/insights")
    assert "Days with medication this month: 10" in page.text
    assert "Doctors watch for 10 or more days a month of triptans" in page.text


def test_the_daily_check_in_comes_at_its_time_unless_the_day_has_an_entry(backend, start_server) -> None:
    server = start_server(backend, extra_env={"HEARTH_TEST_CLOCK": "on"})
    ann_email, ann = person(server, "Ann")
    rita_email, rita = person(server, "Rita")
    journal, base = journal_of(server, ann)
    share(ann, base, journal, rita_email, rita, "read-only")

    # Off until turned on; a reader cannot turn it on, and a bad time names the field
    assert json_of(ann.get(f"{base}/check-in")) == {"enabled": False, "time": "20:00", "timeZone": "Europe/Berlin"}
    assert rita.put(f"{base}/check-in", json={"enabled": True}).status_code == 403
    refused(ann.put(f"{base}/check-in", json={"enabled": True, "time": "25:00"}), 400, "time")

    # Two hours from the server's now, Berlin time, at 03:00 or later (so that an hour before
    # it is the same day)
    due = (server_now(ann) + timedelta(hours=2)).astimezone(BERLIN).replace(second=0, microsecond=0)
    if due.hour < 3:
        due = due.replace(hour=3)
    r = ann.put(f"{base}/check-in", json={"enabled": True, "time": due.strftime("%H:%M")})
    assert r.status_code == 200, describe(r)
    setting = json_of(r)
    assert setting["enabled"] is True and setting["time"] == due.strftime("%H:%M")
    assert datetime.fromisoformat(setting["nextAt"]) == due

    def until(moment: datetime, plus: float = 0):
        """The clock moved to `moment` (and `plus` seconds); a client signed in after it."""
        client = sign_in(server, ann_email)
        advance(client, (moment - server_now(client)).total_seconds() + plus)
        return sign_in(server, ann_email)

    def check_ins(client) -> list[dict]:
        client.settled()
        r = client.get("/api/notifications")
        assert r.status_code == 200, describe(r)
        return [n for n in json_of(r)["notifications"] if n["kind"] == "auralyst.check-in"]

    # A minute before, nothing; at its time, the reminder
    assert check_ins(until(due, -60)) == []
    [notice] = check_ins(until(due, 1))
    assert notice["title"] == "How was today?" and notice["url"] == f"/auralyst/journals/{journal}"
    assert datetime.fromisoformat(notice["occurredAt"]) == due

    # The next day an entry is logged an hour before its time: nothing is sent
    tomorrow = due + timedelta(days=1)
    created(until(tomorrow, -3600).post(f"{base}/entries", json={"severity": 3}))
    assert len(check_ins(until(tomorrow, 1))) == 1

    # The day after, without an entry, it comes again
    assert len(check_ins(until(tomorrow + timedelta(days=1), 1))) == 2

    # Turned off, it stops
    ann = sign_in(server, ann_email)
    r = ann.put(f"{base}/check-in", json={"enabled": False})
    assert r.status_code == 200 and "nextAt" not in json_of(r), describe(r)
    assert len(check_ins(until(tomorrow + timedelta(days=2), 1))) == 2
