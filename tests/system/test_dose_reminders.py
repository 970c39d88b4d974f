"""Auralyst dose reminders end to end: a schedule in the journal's zone fires as a Web Push with
Taken and Snooze buttons, and the tokens those buttons carry work without a session, as a
service worker posts them. The server's clock is moved (HEARTH_TEST_CLOCK, POST /api/debug/clock).
"""

from __future__ import annotations

from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

from hearth_harness import describe, json_of, unique_email
from test_push import Browser, push_service  # noqa: F401 (the fixture)


def server_now(client) -> datetime:
    r = client.post("/api/debug/clock", json={"advanceSeconds": 0})
    assert r.status_code == 200, describe(r)
    return datetime.fromisoformat(json_of(r)["now"].replace("Z", "+00:00"))


def advance(client, seconds: float) -> None:
    r = client.post("/api/debug/clock", json={"advanceSeconds": seconds})
    assert r.status_code == 200, describe(r)


def sign_in(server, email: str):
    """After the clock moved past the access token's life."""
    r = server.client().login(email)
    assert r.status_code == 200, describe(r)
    return server.client().with_token(json_of(r)["accessToken"])


def test_a_due_dose_is_pushed_and_its_buttons_snooze_and_log_it(
    backend, start_server, push_service  # noqa: F811 (the fixture)
) -> None:
    server = start_server(backend, extra_env={"HEARTH_TEST_CLOCK": "on"})
    email = unique_email("ann")
    r = server.client().signup(email, "Ann")
    assert r.status_code == 201, describe(r)
    ann = server.client().with_token(json_of(r)["accessToken"])
    phone = Browser(push_service.script("/push/ann", *([201] * 5)))
    assert ann.post("/api/push/subscriptions", json=phone.subscription()).status_code == 201

    # A journal in Tokyo with a daily dose two hours from the server's now, Tokyo time
    zone = ZoneInfo("Asia/Tokyo")
    due = (server_now(ann) + timedelta(hours=2)).astimezone(zone).replace(second=0, microsecond=0)
    r = ann.post("/api/auralyst/journals", json={"title": "Ann's journal", "timeZone": "Asia/Tokyo"})
    assert r.status_code == 201, describe(r)
    journal = json_of(r)["journal"]["id"]
    base = f"/api/auralyst/journals/{journal}"
    r = ann.post(
        f"{base}/medications",
        json={"name": "Ibuprofen", "schedules": [{"id": "am", "time": due.strftime("%H:%M"), "amount": 200, "unit": "mg"}]},
    )
    assert r.status_code == 201, describe(r)
    medication = json_of(r)["medication"]["id"]

    # When the dose is due, Ann's phone receives it with both buttons
    advance(ann, (due - server_now(ann)).total_seconds() + 1)
    [first] = push_service.wait_for("/push/ann", 1)
    message = phone.read(first)
    assert message["title"] == "Time for Ibuprofen"
    assert message["kind"] == "auralyst.dose"
    assert message["url"] == f"/auralyst/journals/{journal}/days/{due.date().isoformat()}"
    assert [(a["action"], a["title"]) for a in message["actions"]] == [("taken", "Taken"), ("snooze", "Snooze 10 min")]
    assert first.headers["Urgency"] == "high"
    tokens = {a["action"]: a["token"] for a in message["actions"]}

    # A service worker posts a token without a session; a forged one is refused
    device = server.client()
    r = device.post("/api/notifications/actions", json={"token": tokens["snooze"][:-3] + "AAA"})
    assert r.status_code == 404, describe(r)
    r = device.post("/api/notifications/actions", json={})
    assert r.status_code == 400 and json_of(r)["error"]["field"] == "token", describe(r)
    r = device.post("/api/notifications/actions", json={"token": tokens["snooze"]})
    assert r.status_code == 200, describe(r)
    assert "10 minutes" in json_of(r)["message"]

    # Ten minutes later the same dose comes back, and Taken from it logs the dose
    ann = sign_in(server, email)
    advance(ann, 601)
    second = push_service.wait_for("/push/ann", 2)[1]
    again = phone.read(second)
    assert again["title"] == "Time for Ibuprofen" and again["id"] != message["id"]
    taken = next(a["token"] for a in again["actions"] if a["action"] == "taken")
    r = device.post("/api/notifications/actions", json={"token": taken})
    assert r.status_code == 200, describe(r)
    assert json_of(r)["message"].startswith("Ibuprofen logged as taken at ")
    r = device.post("/api/notifications/actions", json={"token": taken})
    assert r.status_code == 200, describe(r)
    assert json_of(r)["message"].startswith("Ibuprofen was logged by Ann at "), "it says who did"

    r = ann.get(f"{base}/intakes", params={"day": due.date().isoformat()})
    assert r.status_code == 200, describe(r)
    [intake] = json_of(r)["intakes"]
    assert (intake["medicationId"], intake["scheduleId"], intake["amount"]) == (medication, "am", 200)
    assert len(push_service.requests_to("/push/ann")) == 2
