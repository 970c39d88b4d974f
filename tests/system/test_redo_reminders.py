"""A Redo task's deadline reminder through a real `hearth serve` whose clock the test moves
(HEARTH_TEST_CLOCK), on SQLite and on PostgreSQL: the task made and snoozed with the `redo` CLI
(another device), the reminder set over the API, one Web Push and one notice at the snoozed
deadline less the chosen hour, nothing at the old one, and none once the task is done."""

from __future__ import annotations

from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

from hearth_harness import PASSWORD, describe, json_of, unique_email
from redo_cli import RedoHome
from test_dose_reminders import advance, server_now, sign_in
from test_push import Browser, push_service  # noqa: F401 (the fixture)

PARIS = ZoneInfo("Europe/Paris")


def rfc3339(instant: datetime) -> str:
    return instant.astimezone(ZoneInfo("UTC")).strftime("%Y-%m-%dT%H:%M:%S.000Z")


def deadline_notices(client) -> list[dict]:
    return [n for n in json_of(client.get("/api/notifications"))["notifications"] if n["kind"] == "redo.deadline"]


def test_a_reminder_follows_a_snooze_from_another_device_and_ends_when_done(
    backend, start_server, push_service  # noqa: F811 (the fixture)
) -> None:
    server = start_server(backend, extra_env={"HEARTH_TEST_CLOCK": "on"})
    email = unique_email("ann")
    r = server.client().signup(email, "Ann", timeZone="Europe/Paris")
    assert r.status_code == 201, describe(r)
    ann = server.client().with_token(json_of(r)["accessToken"])
    phone = Browser(push_service.script("/push/ann", 201, 201))
    assert ann.post("/api/push/subscriptions", json=phone.subscription()).status_code == 201

    # Given a task due three hours from the server's now, made on Ann's laptop
    due = (server_now(ann) + timedelta(hours=3)).replace(second=0, microsecond=0)
    laptop = RedoHome.fresh("redo-reminders")
    laptop.out("init", "--name", "laptop")
    laptop.out("login", "--server", server.base_url, "--email", email, "--password-stdin", stdin=PASSWORD + "\n")
    task_id = laptop.json("add", "Pay the rent", "--due", rfc3339(due), "--json")["id"]
    laptop.out("sync")

    # When Ann asks to be reminded an hour before, then snoozes it a day on the laptop
    path = f"/api/redo/tasks/{task_id}/reminder"
    r = ann.put(path, json={"before": 60})
    assert r.status_code == 200, describe(r)
    assert json_of(r)["nextAt"] == rfc3339(due - timedelta(hours=1)).replace(".000", "")
    laptop.out("snooze", task_id, "--days", "1")
    laptop.out("sync")
    moved = due + timedelta(days=1)
    assert json_of(ann.get(path))["nextAt"] == rfc3339(moved - timedelta(hours=1)).replace(".000", "")

    # Then the old time sends nothing
    advance(ann, (due - timedelta(minutes=59) - server_now(ann)).total_seconds())
    ann = sign_in(server, email)
    ann.settled()
    assert deadline_notices(ann) == []
    assert push_service.requests_to("/push/ann") == []

    # and the new one sends one push and one notice, in Ann's time
    advance(ann, (moved - timedelta(minutes=59) - server_now(ann)).total_seconds())
    ann = sign_in(server, email)
    ann.settled()
    [delivered] = push_service.wait_for("/push/ann", 1)
    message = phone.read(delivered)
    # An hour before a deadline just after midnight in Paris, it is due "tomorrow"
    sent = (moved - timedelta(minutes=59)).astimezone(PARIS)
    day = "" if sent.date() == moved.astimezone(PARIS).date() else "tomorrow "
    title = f"“Pay the rent” is due {day}at {moved.astimezone(PARIS).strftime('%H:%M')}"
    assert (message["kind"], message["title"], message["url"]) == ("redo.deadline", title, f"/redo/tasks/{task_id}")
    assert delivered.headers["Urgency"] == "high"
    assert [n["title"] for n in deadline_notices(ann)] == [title]

    # And once the task is done on the laptop, no reminder is planned, and the page says why
    laptop.out("complete", task_id)
    laptop.out("sync")
    r = ann.get(path)
    assert json_of(r) == {"before": 60, "reason": "No reminder: the task is done."}, describe(r)
    page = ann.get(f"/redo/tasks/{task_id}")
    assert "No reminder: the task is done." in page.text
