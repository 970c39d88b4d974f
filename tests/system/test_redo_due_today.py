"""Redo's morning digest through a real `hearth serve` whose clock the test moves
(HEARTH_TEST_CLOCK), on SQLite and on PostgreSQL: tasks added with the `redo` CLI, the digest
turned on over the API, one notice at the chosen time listing what is due that day."""

from __future__ import annotations

import datetime
import time
from zoneinfo import ZoneInfo

from hearth_harness import PASSWORD, describe, json_of, unique_email
from redo_cli import RedoHome

PARIS = ZoneInfo("Europe/Paris")  # the redo CLI's zone in these tests, and the accounts'


def person(server, name: str):
    email = unique_email(name.lower())
    client = server.client()
    r = client.signup(email, name, timeZone="Europe/Paris")
    assert r.status_code == 201, describe(r)
    return email, client.with_token(json_of(r)["accessToken"])


def signed_in_again(server, email: str):
    """After the clock moved past the access token's life."""
    client = server.client()
    r = client.login(email)
    assert r.status_code == 200, describe(r)
    return client.with_token(json_of(r)["accessToken"])


def notices(client) -> list[dict]:
    return json_of(client.get("/api/notifications"))["notifications"]


def test_the_digest_lists_the_tasks_due_that_morning(backend, start_server) -> None:
    server = start_server(backend, extra_env={"HEARTH_TEST_CLOCK": "on"})
    ann_email, ann = person(server, "Ann")
    cy_email, cy = person(server, "Cy")

    # Given the digest on for both at a time a few hours from now, Paris time
    at = (datetime.datetime.now(PARIS) + datetime.timedelta(hours=3)).strftime("%H:%M")
    for client in (ann, cy):
        r = client.put("/api/redo/settings/due-today", json={"enabled": True, "time": at})
        assert r.status_code == 200, describe(r)
        assert json_of(r)["time"] == at and json_of(r)["timeZone"] == "Europe/Paris"
    next_at = datetime.datetime.fromisoformat(json_of(r)["nextAt"].replace("Z", "+00:00"))
    day = next_at.astimezone(PARIS).date()

    # and Ann's tasks: two due that day, one the day after; Cy has none
    home = RedoHome.fresh("redo-due-today")
    home.out("init", "--name", "laptop")
    home.out("login", "--server", server.base_url, "--email", ann_email, "--password-stdin", stdin=PASSWORD + "\n")
    home.out("add", "Water the ferns", "--due", day.isoformat())
    home.out("add", "Call the plumber", "--due", day.isoformat())
    home.out("add", "Book the dentist", "--due", (day + datetime.timedelta(days=1)).isoformat())
    home.out("sync")
    assert notices(ann) == []

    # When the server's clock reaches the chosen time
    r = ann.post("/api/debug/clock", json={"advanceSeconds": max(0, next_at.timestamp() - time.time()) + 2})
    assert r.status_code == 200, describe(r)
    ann, cy = signed_in_again(server, ann_email), signed_in_again(server, cy_email)

    # Then Ann gets one notice naming the two tasks, and Cy, with nothing due, gets none
    deadline = time.monotonic() + 30
    while not notices(ann) and time.monotonic() < deadline:
        time.sleep(0.2)
    got = notices(ann)
    assert [(n["kind"], n["title"]) for n in got] == [("redo.due-today", "2 tasks due today")], got
    assert sorted(got[0]["body"].split("\n")) == ["Call the plumber", "Water the ferns"]
    assert got[0]["url"] == "/redo?preset=today"
    ann.settled()
    assert notices(cy) == []
    assert len(notices(ann)) == 1

    # And turning it off leaves nothing scheduled
    r = ann.put("/api/redo/settings/due-today", json={"enabled": False})
    assert r.status_code == 200 and "nextAt" not in json_of(r), describe(r)
