"""Auralyst's report for a clinician: four days of a journal (entries, factors, a note, a
scheduled dose taken, taken late, skipped and missed through the real dose loop on the test
clock, and a dose as needed) exported as a FHIR R4 Bundle, every resource of which an
independent FHIR library parses; the printable page holds the same; each person gets what
their access allows.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

from fhir.resources.R4B import get_fhir_model_class
from fhir.resources.R4B.bundle import Bundle
from hearth_harness import describe, json_of, unique_email
from test_auralyst_dose_loop import web_session
from test_dose_reminders import advance, server_now, sign_in

ZONE = ZoneInfo("Europe/Berlin")


def person(server, name: str):
    email = unique_email(name.lower())
    r = server.client().signup(email, name)
    assert r.status_code == 201, describe(r)
    return email, server.client().with_token(json_of(r)["accessToken"])


def created(response) -> dict:
    assert response.status_code in (200, 201), describe(response)
    return json_of(response)


def stamp(moment: datetime) -> str:
    return moment.astimezone(ZONE).isoformat(timespec="seconds")


def missed_notice(client) -> dict:
    """The one missed-dose notice that still has its buttons."""
    r = client.get("/api/notifications")
    assert r.status_code == 200, describe(r)
    open_ones = [n for n in json_of(r)["notifications"] if n["kind"] == "auralyst.dose-missed" and n["actions"]]
    assert len(open_ones) == 1, open_ones
    return open_ones[0]


def four_days(server) -> dict:
    """Ann's journal over four days at the dose's hour: taken, taken late, skipped, missed."""
    email, ann = person(server, "Ann")
    journal = created(ann.post("/api/auralyst/journals", json={"title": "Ann's journal", "timeZone": "Europe/Berlin"}))
    base = f"/api/auralyst/journals/{journal['journal']['id']}"
    due = (server_now(ann) + timedelta(hours=2)).astimezone(ZONE).replace(second=0, microsecond=0)
    magnesium = created(ann.post(f"{base}/medications", json={
        "name": "Magnesium", "defaultAmount": 400, "defaultUnit": "mg",
        "schedules": [{"id": "am", "label": "Morning", "time": due.strftime("%H:%M")}],
    }))["medication"]["id"]
    ibuprofen = created(ann.post(f"{base}/medications", json={
        "name": "Ibuprofen", "isAsNeeded": True, "useCase": "pain", "defaultAmount": 200, "defaultUnit": "mg",
    }))["medication"]["id"]
    sleep = created(ann.post(f"{base}/factors", json={"name": "Sleep", "kind": "number", "unit": "hours"}))
    wine = created(ann.post(f"{base}/factors", json={"name": "Red wine", "kind": "yesno"}))
    days = [(due + timedelta(days=n)).date().isoformat() for n in range(4)]

    def to_dose(day: int) -> None:
        """The clock to a minute past the day's dose, and its reminder sent."""
        nonlocal ann
        moment = due + timedelta(days=day)
        advance(ann, (moment - server_now(ann)).total_seconds() + 60)
        ann = sign_in(server, email)
        ann.settled()

    def past_grace() -> None:
        nonlocal ann
        advance(ann, 60 * 60)
        ann = sign_in(server, email)
        ann.settled()

    # Day 0: the dose is checked off a minute after its time
    to_dose(0)
    created(ann.post(f"{base}/intakes", json={
        "medicationId": magnesium, "scheduleId": "am", "origin": "scheduled", "scheduledDate": days[0],
        "timestamp": stamp(server_now(ann)),
    }))
    entry = created(ann.post(f"{base}/entries", json={
        "severity": 7, "symptoms": {"Headache": 6}, "isMenstruating": True, "note": "Behind the left eye",
        "timestamp": stamp(server_now(ann)),
    }))["entry"]["id"]
    created(ann.post(f"{base}/notes", json={"text": "Called the doctor", "entryId": entry}))
    created(ann.put(f"{base}/factors/{sleep['factor']['id']}/days/{days[0]}", json={"number": 6.5}))
    past_grace()
    assert [n for n in json_of(ann.get("/api/notifications"))["notifications"] if n["kind"] == "auralyst.dose-missed"] == []

    # Day 1: nobody logs it; the follow-up comes, and Ann answers Taken (late)
    to_dose(1)
    past_grace()
    r = ann.post(f"/api/notifications/{missed_notice(ann)['id']}/actions/late")
    assert r.status_code == 200, describe(r)
    created(ann.post(f"{base}/entries", json={"severity": 3, "timestamp": stamp(server_now(ann))}))
    created(ann.put(f"{base}/factors/{wine['factor']['id']}/days/{days[1]}", json={"present": True}))

    # Day 2: Skipped; and an Ibuprofen as needed
    to_dose(2)
    past_grace()
    r = ann.post(f"/api/notifications/{missed_notice(ann)['id']}/actions/skipped")
    assert r.status_code == 200, describe(r)
    created(ann.post(f"{base}/intakes", json={
        "medicationId": ibuprofen, "origin": "asNeeded", "timestamp": stamp(server_now(ann)), "note": "Headache at work",
    }))

    # Day 3: nobody logs it, and nobody answers
    to_dose(3)
    past_grace()
    return {"email": email, "ann": ann, "journal": journal["journal"]["id"], "base": base, "due": due,
            "days": days, "magnesium": magnesium, "ibuprofen": ibuprofen}


def resources(bundle: dict, kind: str) -> list[dict]:
    return [e["resource"] for e in bundle["entry"] if e["resource"]["resourceType"] == kind]


def test_the_report_exports_as_fhir_r4_and_prints_the_same_days(backend, start_server) -> None:
    server = start_server(backend, extra_env={"HEARTH_TEST_CLOCK": "on"})
    journal = four_days(server)
    ann, base, days, due = journal["ann"], journal["base"], journal["days"], journal["due"]
    period = {"from": days[0], "to": days[3]}

    r = ann.get(f"{base}/report/fhir", params=period)
    assert r.status_code == 200, describe(r)
    assert r.headers["Content-Type"].startswith("application/fhir+json"), r.headers
    bundle = r.json()

    # An independent FHIR library (R4B, which keeps R4's shape for every resource here) parses
    # the bundle and then each resource on its own, by its type
    Bundle.model_validate(bundle)
    assert bundle["type"] == "collection"
    for entry in bundle["entry"]:
        resource = entry["resource"]
        get_fhir_model_class(resource["resourceType"]).model_validate(resource)
        assert entry["fullUrl"] == f"urn:uuid:{resource['id']}"
    ids = {e["resource"]["id"] for e in bundle["entry"]}
    text = r.text
    for reference in [part.split('"')[0] for part in text.split('"reference":"urn:uuid:')[1:]]:
        assert reference in ids, f"{reference} points at no resource of the bundle"

    # The doses: taken, taken late, skipped and missed, in time order, then the one as needed
    administrations = resources(bundle, "MedicationAdministration")
    statuses = [(a["status"], (a.get("statusReason") or [{}])[0].get("text")) for a in administrations]
    assert statuses == [
        ("completed", None),
        ("completed", None),
        ("not-done", "Skipped"),
        ("not-done", "Missed: not logged within 60 minutes of its time"),
        ("completed", None),
    ], statuses
    assert administrations[1]["note"][0]["text"].startswith("Taken late"), administrations[1]
    assert administrations[3]["effectiveDateTime"] == (due + timedelta(days=3)).isoformat(timespec="milliseconds")
    assert administrations[4]["note"][0]["text"] == "Taken as needed."
    assert administrations[0]["dosage"]["dose"] == {"value": 400, "unit": "mg"}

    # A statement per medication, with its schedule as text and timing
    statements = {s["dosage"][0]["text"]: s for s in resources(bundle, "MedicationStatement")}
    assert set(statements) == {f"Morning at {due.strftime('%H:%M')}, every day, 400 mg", "As needed, for pain, 200 mg"}
    morning = statements[f"Morning at {due.strftime('%H:%M')}, every day, 400 mg"]["dosage"][0]
    assert morning["timing"]["repeat"]["timeOfDay"] == [due.strftime("%H:%M:00")]

    # Observations: the two entries (severity, the symptom's rating, menstruation, the entry's
    # note and the note about it) in the journal's zone, and the two factor values on their days
    observations = resources(bundle, "Observation")
    entries = [o for o in observations if "valueInteger" in o]
    assert [o["valueInteger"] for o in entries] == [7, 3]
    first = entries[0]
    offset = (due + timedelta(minutes=1)).strftime("%z")
    assert first["effectiveDateTime"].endswith(offset[:3] + ":" + offset[3:]), first["effectiveDateTime"]
    assert {c["code"]["text"]: c.get("valueInteger", c.get("valueBoolean")) for c in first["component"]} == {
        "Headache severity (0 none to 10 worst)": 6, "Menstruating": True}
    assert [n["text"] for n in first["note"]] == ["Behind the left eye", "Called the doctor"]
    factors = {o["code"]["text"]: o for o in observations if "valueInteger" not in o}
    assert factors["Sleep (hours)"]["valueQuantity"] == {"value": 6.5, "unit": "hours"}
    assert factors["Sleep (hours)"]["effectiveDateTime"] == days[0]
    assert factors["Red wine"]["valueBoolean"] is True
    [patient] = resources(bundle, "Patient")
    assert patient["name"] == [{"text": "Ann"}]

    # The page for the same days says the same, in words
    browser = web_session(server, journal["email"])
    page = browser.get(f"{server.base_url}/auralyst/journals/{journal['journal']}/report", params=period, timeout=30)
    assert page.status_code == 200, describe(page)
    for words in ["Dose log", "Taken late, at", "Skipped", "Missed", "Taken as needed", "Called the doctor",
                  "Red wine", "Sleep", "6.5 hours", "Behind the left eye", f"{base}/report/fhir?from={days[0]}&amp;to={days[3]}"]:
        assert words in page.text, words


def test_the_fhir_report_answers_each_person_by_their_access(backend, start_server) -> None:
    server = start_server(backend)
    _, ann = person(server, "Ann")
    carol_email, carol = person(server, "Carol")
    _, dan = person(server, "Dan")
    journal = created(ann.post("/api/auralyst/journals", json={"title": "Ann's journal"}))["journal"]["id"]
    base = f"/api/auralyst/journals/{journal}"
    created(ann.post(f"{base}/entries", json={"severity": 4, "note": "Only for Ann's people"}))
    created(ann.post(f"{base}/shares", json={"email": carol_email, "permission": "read-only"}))
    r = carol.post("/api/invitations/respond", json={
        "app": "auralyst", "kind": "journal", "resourceId": journal, "decision": "accept"})
    assert r.status_code == 200, describe(r)

    # A read-only caregiver may read the journal, so may export it
    for client in (ann, carol):
        r = client.get(f"{base}/report/fhir")
        assert r.status_code == 200, describe(r)
        assert len(resources(r.json(), "Observation")) == 1
    # A stranger learns nothing, not even that it exists; nobody signed in is asked to sign in
    r = dan.get(f"{base}/report/fhir")
    assert r.status_code == 404 and json_of(r)["error"]["code"] == "not_found", describe(r)
    assert "Only for Ann" not in r.text
    assert server.client().get(f"{base}/report/fhir").status_code == 401

    # A period that cannot be is refused, naming its field
    for params, field in [({"from": "2026-02-30"}, "from"), ({"to": "tomorrow"}, "to"),
                          ({"from": "2026-11-20", "to": "2026-11-19"}, "from"),
                          ({"from": "2020-01-01", "to": "2026-01-01"}, "from")]:
        r = ann.get(f"{base}/report/fhir", params=params)
        assert r.status_code == 400, describe(r)
        assert json_of(r)["error"]["field"] == field, describe(r)
