"""Auralyst over real HTTP on SQLite and on PostgreSQL: a shared journal's changes reach the
owner's event stream (from another process too), an export imports into a new journal exactly,
a corrupted file writes nothing, and nobody else sees anything."""

from __future__ import annotations

import json
import time

from hearth_harness import SseStream, describe, json_of, unique_email


def account(server, name: str):
    email = unique_email(name.lower())
    r = server.client().signup(email, name, timeZone="America/New_York")
    assert r.status_code == 201, describe(r)
    return email, server.client().with_token(json_of(r)["accessToken"]), json_of(r)["accessToken"]


def created(response) -> dict:
    assert response.status_code == 201, describe(response)
    return next(iter(json_of(response).values()))


def normalized(export: dict) -> dict:
    """The export with each id replaced by its order of first appearance (journal first)."""
    names: dict[str, str] = {}

    def rename(value, key=None):
        if isinstance(value, dict):
            keys = sorted(value, key=lambda k: ("" if k == "id" else k))
            return {k: rename(value[k], k) for k in keys}
        if isinstance(value, list):
            return [rename(v, key) for v in value]
        if isinstance(value, str) and key is not None and (key == "id" or key.endswith("ID")):
            return names.setdefault(value, f"id{len(names)}")
        return value

    journal = dict(export["journal"], title="title", createdAt="created")
    result = {"journal": rename(journal)}
    for key in ["entries", "medications", "schedules", "intakes", "collaboratorNotes"]:
        result[key] = rename(export[key])
    result["summary"] = export["summary"]
    return result


def test_a_shared_journal_round_trips_and_stays_private(server) -> None:
    _, ann, ann_token = account(server, "Ann")
    bob_email, bob, _ = account(server, "Bob")
    _, eve, _ = account(server, "Eve")
    journal = created(ann.post("/api/auralyst/journals", json={"title": "Ann's", "timeZone": "America/New_York"}))["id"]
    base = f"/api/auralyst/journals/{journal}"

    entry = created(ann.post(f"{base}/entries", json={
        "severity": 0, "symptoms": {"Headache": 7, "Anxiety": 2}, "isMenstruating": True,
        "timestamp": "2026-03-08T06:59:59.999Z", "note": "Clocks went forward, \"again\"\nsecond line",
    }))
    medication = created(ann.post(f"{base}/medications", json={
        "name": "Magnesium", "defaultAmount": 400, "defaultUnit": "mg",
        "schedules": [{"label": "Morning", "time": "08:00", "days": [2, 3, 4, 5, 6]},
                      {"time": "21:00", "everyDays": 3, "startDate": "2026-03-01"}],
    }))
    created(ann.post(f"{base}/intakes", json={
        "medicationId": medication["id"], "scheduleId": medication["schedules"][0]["id"],
        "scheduledDate": "2026-03-09", "timestamp": "2026-03-09T12:03:00Z", "entryId": entry["id"],
    }))

    # Bob joins read-write; his note reaches Ann's event stream
    r = ann.post(f"{base}/shares", json={"email": bob_email, "permission": "read-write"})
    assert r.status_code == 200, describe(r)
    r = bob.post("/api/invitations/respond", json={"app": "auralyst", "kind": "journal", "resourceId": journal, "decision": "accept"})
    assert r.status_code == 200, describe(r)
    stream = SseStream(server.base_url, ann_token)
    try:
        assert stream.response.status_code == 200, describe(stream.response)
        note = created(bob.post(f"{base}/notes", json={"text": "Seemed tired", "entryId": entry["id"]}))
        frame = stream.next_event("auralyst.changed", timeout=5)
        assert frame is not None, "no auralyst.changed event reached the owner"
        payload = json.loads(frame["data"])["payload"]
        payload = json.loads(payload) if isinstance(payload, str) else payload
        assert payload == {"journalId": journal, "kind": "note", "id": note["id"], "action": "created"}
        # ...and Ann's inbox, not Bob's
        frame = stream.next_event("notification.created", timeout=5)
        assert frame is not None, "no notification.created event reached the owner"
        notices = json_of(ann.get("/api/notifications"))["notifications"]
        assert [(n["kind"], n["body"], n["url"]) for n in notices] == [
            ("auralyst.note", "Seemed tired", f"/auralyst/journals/{journal}")
        ]
        assert notices[0]["title"].endswith("added a note to " + json_of(ann.get(base))["journal"]["title"])
        assert json_of(bob.get("/api/notifications"))["notifications"] == []
    finally:
        stream.close()
    # Bob may not edit Ann's entry; Eve sees nothing at all
    assert bob.patch(f"{base}/entries/{entry['id']}", json={"severity": 1}).status_code == 403
    for path in ["", "/entries", f"/entries/{entry['id']}", "/export", "/insights?window=90d"]:
        r = eve.get(base + path)
        assert r.status_code == 404 and "Ann" not in r.text, describe(r)

    # Export, import into a new journal, export again: the same journal, ids aside
    for fmt in ["json", "csv"]:
        exported = ann.get(f"{base}/export?format={fmt}")
        assert exported.status_code == 200, describe(exported)
        copy = created(ann.post("/api/auralyst/journals", json={"title": f"Copy {fmt}", "timeZone": "America/New_York"}))["id"]
        r = ann.post(f"/api/auralyst/journals/{copy}/import?format={fmt}", data=exported.content,
                     headers={"Content-Type": "text/csv" if fmt == "csv" else "application/json"})
        assert r.status_code == 200, describe(r)
        assert json_of(r)["imported"] == {"entries": 1, "medications": 1, "schedules": 2, "intakes": 1, "notes": 1}
        original = json_of(ann.get(f"{base}/export"))
        again = json_of(ann.get(f"/api/auralyst/journals/{copy}/export"))
        # Every field, time and reference is the same; Bob's note is Ann's in her copy
        assert without_authors(normalized(again)) == without_authors(normalized(original))
        ann_id = json_of(ann.get("/api/me"))["user"]["id"]
        assert {n["authorID"] for n in again["collaboratorNotes"]} == {ann_id}
        assert [n["authorName"] for n in again["collaboratorNotes"]] == ["Bob"]

    # A corrupted file (the intake's medication removed) writes nothing
    document = json_of(ann.get(f"{base}/export"))
    document["medications"] = []
    document["schedules"] = []
    empty = created(ann.post("/api/auralyst/journals", json={"title": "Empty"}))["id"]
    r = ann.post(f"/api/auralyst/journals/{empty}/import", json=document)
    assert r.status_code == 400 and json_of(r)["error"]["code"] == "invalid_import", describe(r)
    assert json_of(r)["error"]["message"].startswith("intakes[0]: Medication "), describe(r)
    after = json_of(ann.get(f"/api/auralyst/journals/{empty}/export"))
    assert after["entries"] == [] and after["collaboratorNotes"] == [] and after["intakes"] == []


def without_authors(value):
    if isinstance(value, dict):
        return {k: without_authors(v) for k, v in value.items() if k != "authorID"}
    if isinstance(value, list):
        return [without_authors(v) for v in value]
    return value


def test_a_change_on_one_process_reaches_the_owner_on_another(start_server, pg_url) -> None:
    a = start_server("postgres", name="auralystA")
    b = start_server(database_url=pg_url, name="auralystB", secret=a.secret)
    _, ann, ann_token = account(a, "Ann")
    bob_email, _, bob_token = account(a, "Bob")
    bob_on_b = b.client().with_token(bob_token)
    journal = created(ann.post("/api/auralyst/journals", json={"title": "Shared"}))["id"]
    base = f"/api/auralyst/journals/{journal}"
    entry = created(ann.post(f"{base}/entries", json={"severity": 5}))
    assert ann.post(f"{base}/shares", json={"email": bob_email, "permission": "read-write"}).status_code == 200
    r = bob_on_b.post("/api/invitations/respond", json={"app": "auralyst", "kind": "journal", "resourceId": journal, "decision": "accept"})
    assert r.status_code == 200, describe(r)

    stream = SseStream(a.base_url, ann_token)
    try:
        assert stream.response.status_code == 200, describe(stream.response)
        sent = time.monotonic()
        note = created(bob_on_b.post(f"{base}/notes", json={"text": "From the other process", "entryId": entry["id"]}))
        frame = stream.next_event("auralyst.changed", timeout=5)
        assert frame is not None, "the note made on B never reached the owner's stream on A"
        assert frame["at"] - sent < 2.0
        assert note["id"] in frame["data"]
    finally:
        stream.close()
    # Removed on A, Bob's next request on B sees nothing
    assert ann.delete(f"{base}/shares/{json_of(bob_on_b.get('/api/me'))['user']['id']}").status_code == 200
    assert bob_on_b.get(f"{base}/entries").status_code == 404
