"""Redo homes syncing through a real `hearth serve`, on SQLite and on PostgreSQL."""

from __future__ import annotations

import json
import time

from hearth_harness import PASSWORD, HearthServer, json_of, unique_email
from redo_cli import RedoHome


def account(server: HearthServer, name: str) -> tuple[str, dict]:
    email = unique_email(name.lower())
    response = server.client().signup(email, display_name=name)
    assert response.status_code == 201, response.text
    return email, json_of(response)


def signed_in_home(server: HearthServer, email: str, label: str) -> RedoHome:
    home = RedoHome.fresh(label)
    home.out("init", "--name", label)
    home.out("login", "--server", server.base_url, "--email", email, "--password-stdin", stdin=PASSWORD + "\n")
    return home


def tasks_of(home: RedoHome) -> dict[str, dict]:
    """Each task's replayed state, without what depends on the moment it is read."""
    tasks = {}
    for task in home.json("list", "--all"):
        tasks[task["id"]] = {k: v for k, v in task.items() if k not in ("rank", "due")}
    return tasks


def test_two_devices_converge_after_concurrent_offline_edits(backend, start_server) -> None:
    server = start_server(backend)
    ann, _ = account(server, "Ann")
    laptop = signed_in_home(server, ann, "laptop")
    phone = signed_in_home(server, ann, "phone")

    for title in ["Water the plants", "File taxes", "Call mum"]:
        laptop.out("add", title, "--every", "7")
    assert "6 sent, 0 received" in laptop.out("sync")
    phone.out("sync")
    assert set(t["title"] for t in tasks_of(phone).values()) == {"Water the plants", "File taxes", "Call mum"}

    # Offline, both devices change the same tasks
    laptop.out("edit", "Water the plants", "--title", "Water the ferns")
    laptop.out("delete", "Call mum")
    laptop.out("complete", "File taxes")
    phone.out("edit", "Water the plants", "--priority", "5")
    phone.out("edit", "Call mum", "--description", "About Sunday")
    phone.out("snooze", "File taxes", "--days", "3")

    # Then, after syncing in any order, both have the same tasks
    laptop.out("sync")
    phone.out("sync")
    laptop.out("sync")
    assert tasks_of(laptop) == tasks_of(phone)
    final = {t["title"]: t for t in tasks_of(laptop).values()}
    assert final["Water the ferns"]["priority"] == 5
    # A delete removes only its own branch: the phone's concurrent edit keeps the task alive
    assert final["Call mum"]["description"] == "About Sunday"
    assert len(final["File taxes"]["heads"]) == 2
    assert laptop.run("verify", "--all").returncode == 0 and phone.run("verify", "--all").returncode == 0


def test_after_a_fork_both_devices_can_still_complete_and_snooze(backend, start_server) -> None:
    server = start_server(backend)
    ann, _ = account(server, "Ann")
    laptop = signed_in_home(server, ann, "laptop")
    phone = signed_in_home(server, ann, "phone")
    laptop.out("add", "Water the plants", "--every", "3")
    laptop.out("sync")
    phone.out("sync")

    # Offline: the laptop completes the todo (its repeat is a new todo), the phone edits three times
    laptop.out("complete", "Water the plants")
    for priority in ("2", "4", "5"):
        phone.out("edit", "Water the plants", "--priority", priority)
    laptop.out("sync")
    phone.out("sync")
    laptop.out("sync")
    assert tasks_of(laptop) == tasks_of(phone)

    # Both go on: each change is planned on a MERGE of the branches, so its todo is in reach
    phone.out("complete", "Water the plants")
    laptop.out("snooze", "Water the plants", "--days", "2")
    laptop.out("sync")
    phone.out("sync")
    laptop.out("sync")
    assert tasks_of(laptop) == tasks_of(phone)
    (task,) = tasks_of(laptop).values()
    assert task["priority"] == 5
    assert laptop.run("verify", "--all").returncode == 0 and phone.run("verify", "--all").returncode == 0


def test_a_third_account_sees_only_what_was_shared(backend, start_server) -> None:
    server = start_server(backend)
    ann, ann_auth = account(server, "Ann")
    bob, bob_auth = account(server, "Bob")
    carol, _ = account(server, "Carol")
    ann_home = signed_in_home(server, ann, "ann")
    bob_home = signed_in_home(server, bob, "bob")
    carol_home = signed_in_home(server, carol, "carol")

    ann_home.out("add", "Shared shopping")
    ann_home.out("add", "Private diary")
    ann_home.out("sync")
    shopping = next(t for t in ann_home.json("list") if t["title"] == "Shared shopping")
    assert "Invited" in ann_home.out("share", shopping["id"][:8], bob, "--read-write")

    # An invitation alone shows nothing; accepting shows exactly the shared task
    bob_home.out("sync")
    assert tasks_of(bob_home) == {}
    bob_client = server.client().with_token(bob_auth["accessToken"])
    invitations = json_of(bob_client.get("/api/invitations"))["invitations"]
    assert [(i["app"], i["title"], i["permission"]) for i in invitations] == [("redo", "Shared shopping", "read-write")]
    answer = {"app": "redo", "kind": "task", "resourceId": shopping["id"], "decision": "accept"}
    assert bob_client.post("/api/invitations/respond", json=answer).status_code == 200
    bob_home.out("sync")
    assert [t["title"] for t in tasks_of(bob_home).values()] == ["Shared shopping"]

    # Bob, read-write, completes it; Ann sees his signed change, and is told of it (once for
    # the quarter hour), while Bob is not told of his own change
    bob_home.out("complete", "Shared shopping")
    bob_home.out("sync")
    ann_home.out("sync")
    assert tasks_of(ann_home)[shopping["id"]] == tasks_of(bob_home)[shopping["id"]]
    ann_client = server.client().with_token(ann_auth["accessToken"])
    notices = json_of(ann_client.get("/api/notifications"))["notifications"]
    assert [(n["kind"], n["title"], n["url"]) for n in notices] == [
        ("redo.shared-task-changed", "Bob changed “Shared shopping”", f"/redo/tasks/{shopping['id']}")
    ]
    assert json_of(bob_client.get("/api/notifications"))["notifications"] == []

    # Carol sees nothing, and cannot reach the task by id
    carol_home.out("sync")
    assert tasks_of(carol_home) == {}
    _, carol_auth = account(server, "Carol2")
    carol_client = server.client().with_token(carol_auth["accessToken"])
    assert carol_client.get(f"/api/redo/tasks/{shopping['id']}/nodes").status_code == 404
    assert json_of(carol_client.get("/api/redo/nodes"))["nodes"] == []


def test_a_node_the_server_refuses_is_reported_and_kept(backend, start_server) -> None:
    server = start_server(backend)
    ann, _ = account(server, "Ann")
    bob, bob_auth = account(server, "Bob")
    ann_home = signed_in_home(server, ann, "ann")
    bob_home = signed_in_home(server, bob, "bob")
    ann_home.out("add", "Read only for Bob")
    task = ann_home.json("list")[0]
    ann_home.out("share", task["id"], bob, "--read-only")
    bob_client = server.client().with_token(bob_auth["accessToken"])
    answer = {"app": "redo", "kind": "task", "resourceId": task["id"], "decision": "accept"}
    assert bob_client.post("/api/invitations/respond", json=answer).status_code == 200
    bob_home.out("sync")
    bob_home.out("edit", "Read only for Bob", "--priority", "1")
    result = bob_home.run("sync", check=False)
    assert result.returncode == 1
    assert b"forbidden" in result.stderr
    # The change stays on Bob's device; Ann's copy is untouched
    assert bob_home.json("show", task["id"])["priority"] == 1
    ann_home.out("sync")
    assert ann_home.json("show", task["id"])["priority"] == 3
    assert json.loads(ann_home.out("history", task["id"], "--json"))[-1]["action"] == "CREATE_TODO"


def test_sync_watch_brings_changes_in_as_they_happen(start_server) -> None:
    server = start_server("sqlite")
    ann, _ = account(server, "Ann")
    laptop = signed_in_home(server, ann, "laptop")
    phone = signed_in_home(server, ann, "phone")
    watcher = laptop.popen("sync", "--watch")
    try:
        phone.out("add", "Buy bread")
        phone.out("sync")
        deadline = time.monotonic() + 15
        while time.monotonic() < deadline and "Buy bread" not in laptop.out("list"):
            time.sleep(0.2)
        assert "Buy bread" in laptop.out("list")
    finally:
        watcher.terminate()
        watcher.wait(timeout=10)


def test_owners_remove_people_and_people_leave(backend, start_server) -> None:
    server = start_server(backend)
    ann, _ = account(server, "Ann")
    bob, bob_auth = account(server, "Bob")
    carol, carol_auth = account(server, "Carol")
    ann_home = signed_in_home(server, ann, "ann")
    bob_home = signed_in_home(server, bob, "bob")
    carol_home = signed_in_home(server, carol, "carol")
    ann_home.out("add", "Garden")
    ann_home.out("sync")
    task = ann_home.json("list")[0]
    for email, auth, home in ((bob, bob_auth, bob_home), (carol, carol_auth, carol_home)):
        ann_home.out("share", "Garden", email, "--read-write")
        answer = {"app": "redo", "kind": "task", "resourceId": task["id"], "decision": "accept"}
        assert server.client().with_token(auth["accessToken"]).post("/api/invitations/respond", json=answer).status_code == 200
        home.out("sync")
        assert [t["title"] for t in tasks_of(home).values()] == ["Garden"]

    # Sharing again changes only the permission: Bob stays in
    ann_home.out("share", "Garden", bob, "--read-only")
    bob_client = server.client().with_token(bob_auth["accessToken"])
    assert bob_client.get(f"/api/redo/tasks/{task['id']}/nodes").status_code == 200

    # Ann removes Bob: his next request sees nothing, and his later changes are refused
    assert "Removed" in ann_home.out("unshare", "Garden", bob)
    assert bob_client.get(f"/api/redo/tasks/{task['id']}/nodes").status_code == 404
    bob_home.out("edit", "Garden", "--priority", "1")
    refused = bob_home.run("sync", check=False)
    assert refused.returncode == 1 and b"forbidden" in refused.stderr
    assert ann_home.run("unshare", "Garden", bob, check=False).returncode != 0

    # Carol leaves by herself: the task leaves her device and the server's answers
    assert "Left Garden" in carol_home.out("leave", "Garden")
    assert tasks_of(carol_home) == {}
    carol_home.out("sync")
    assert tasks_of(carol_home) == {}
    carol_client = server.client().with_token(carol_auth["accessToken"])
    assert carol_client.get(f"/api/redo/tasks/{task['id']}/nodes").status_code == 404
    ann_client = server.client().with_token(json_of(server.client().login(ann))["accessToken"])
    people = json_of(ann_client.get(f"/api/redo/tasks/{task['id']}/share"))["participants"]
    assert {(p["email"], p["status"]) for p in people} == {(bob, "removed"), (carol, "removed")}
    assert all("email" not in p for p in json_of(carol_client.get(f"/api/redo/tasks/{task['id']}/share")).get("participants", []))
    ann_home.out("sync")
    assert tasks_of(ann_home)[task["id"]]["priority"] == 3
