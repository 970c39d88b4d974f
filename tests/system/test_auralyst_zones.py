"""Auralyst over real HTTP on SQLite and on PostgreSQL: changing a journal's time zone leaves
every past day where it was. Each entry and dose keeps the zone it was logged in, so the daily
averages, the hour-by-weekday map and the days a medication was taken read the same before and
after the change, and so does a dose checked off for its day; what is logged after the change
counts in the new zone."""

from __future__ import annotations

from hearth_harness import describe, json_of, unique_email


def created(response) -> dict:
    assert response.status_code == 201, describe(response)
    return next(iter(json_of(response).values()))


def insights(client, base: str) -> dict:
    r = client.get(f"{base}/insights?window=all")
    assert r.status_code == 200, describe(r)
    return json_of(r)


def by_day(report: dict) -> dict[str, float]:
    return {row["day"]: row["average"] for row in report["averageSeverity"]}


def test_a_zone_change_leaves_every_past_day_where_it_was(server) -> None:
    r = server.client().signup(unique_email("ann"), "Ann", timeZone="Europe/Berlin")
    assert r.status_code == 201, describe(r)
    ann = server.client().with_token(json_of(r)["accessToken"])
    journal = created(ann.post("/api/auralyst/journals", json={"title": "Ann's", "timeZone": "Europe/Berlin"}))
    base = f"/api/auralyst/journals/{journal['id']}"

    # Given entries logged in Berlin, one just after its midnight (23:30 UTC, still the day
    # before in New York), and a dose of a painkiller just after it
    for timestamp, severity in [
        ("2026-11-02T11:00:00Z", 2),
        ("2026-11-02T23:30:00Z", 8),
        ("2026-11-03T11:00:00Z", 6),
        ("2026-11-05T11:00:00Z", 3),
    ]:
        created(ann.post(f"{base}/entries", json={"severity": severity, "timestamp": timestamp}))
    painkiller = created(ann.post(f"{base}/medications", json={"name": "Ibuprofen", "isAsNeeded": True}))
    created(ann.post(f"{base}/intakes", json={
        "medicationId": painkiller["id"], "origin": "asNeeded", "timestamp": "2026-11-02T23:40:00Z"}))
    # and a daily 08:00 dose, taken at 08:00 Berlin on the 3rd (its day is worked out then)
    daily = created(ann.post(f"{base}/medications", json={
        "name": "Magnesium", "startDate": "2026-11-02", "schedules": [{"id": "am", "time": "08:00"}]}))
    taken = created(ann.post(f"{base}/intakes", json={
        "medicationId": daily["id"], "scheduleId": "am", "timestamp": "2026-11-03T07:00:00Z"}))
    assert taken["scheduledDate"] == "2026-11-03"
    before = insights(ann, base)
    assert by_day(before) == {"2026-11-02": 2, "2026-11-03": 7, "2026-11-05": 3}, before["averageSeverity"]

    # When the journal moves to New York
    r = ann.patch(base, json={"timeZone": "America/New_York"})
    assert r.status_code == 200, describe(r)
    assert json_of(r)["journal"]["timeZone"] == "America/New_York"

    # Then every past day is where it was: the daily averages, the hours they were logged at,
    # and the day the painkiller was taken
    after = insights(ann, base)
    assert after["timeZone"] == "America/New_York"
    assert after["averageSeverity"] == before["averageSeverity"]
    assert after["heatmap"] == before["heatmap"]
    assert after["medicationEffects"] == before["medicationEffects"]
    assert after["medicationEffects"][0]["daysTaken"] == 1
    magnesium = [next(a for a in report["adherence"] if a["name"] == "Magnesium") for report in (before, after)]
    assert [m["taken"] for m in magnesium] == [1, 1]
    assert [m["startedOn"] for m in magnesium] == ["2026-11-02", "2026-11-02"]

    # And an entry logged now counts in New York: 03:30 UTC on the 6th is 22:30 on the 5th there
    created(ann.post(f"{base}/entries", json={"severity": 9, "timestamp": "2026-11-06T03:30:00Z"}))
    assert by_day(insights(ann, base)) == {"2026-11-02": 2, "2026-11-03": 7, "2026-11-05": 6}

    # Moving back leaves the new entry on New York's day too
    r = ann.patch(base, json={"timeZone": "Europe/Berlin"})
    assert r.status_code == 200, describe(r)
    assert by_day(insights(ann, base)) == {"2026-11-02": 2, "2026-11-03": 7, "2026-11-05": 6}
