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
    # The invitation names the task as it is now, after a rename
    ann_home.out("edit", shopping["id"][:8], "--title", "Weekly shopping")
    ann_home.out("sync")
    invitations = json_of(bob_client.get("/api/invitations"))["invitations"]
    assert [i["title"] for i in invitations] == ["Weekly shopping"]
    assert "Weekly shopping" in bob_client.get("/invitations").text
    answer = {"app": "redo", "kind": "task", "resourceId": shopping["id"], "decision": "accept"}
    assert bob_client.post("/api/invitations/respond", json=answer).status_code == 200
    bob_home.out("sync")
    assert [t["title"] for t in tasks_of(bob_home).values()] == ["Weekly shopping"]

    # Bob, read-write, completes it; Ann sees his signed change, and is told of it (once for
    # the quarter hour), while Bob is not told of his own change
    bob_home.out("complete", "Weekly shopping")
    bob_home.out("sync")
    ann_home.out("sync")
    assert tasks_of(ann_home)[shopping["id"]] == tasks_of(bob_home)[shopping["id"]]
    ann_client = server.client().with_token(ann_auth["accessToken"])
    notices = json_of(ann_client.get("/api/notifications"))["notifications"]
    assert [(n["kind"], n["title"], n["url"]) for n in notices] == [
        ("redo.shared-task-changed", "Bob changed “Weekly shopping”", f"/redo/tasks/{shopping['id']}")
    ]
    assert json_of(bob_client.get("/api/notifications"))["notifications"] == []

    # Carol sees nothing, and cannot reach the task by id
    carol_home.out("sync")
    assert tasks_of(carol_home) == {}
    _, carol_auth = account(server, "Carol2")
    carol_client = server.client().with_token(carol_auth["accessToken"])
    assert carol_client.get(f"/api/redo/tasks/{shopping['id']}/nodes").status_code == 404
    assert json_of(carol_client.get("/api/redo/nodes"))["nodes"] == []


def test_a_refused_change_leaves_the_state_is_explained_and_can_be_discarded_or_kept(backend, start_server) -> None:
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
    bob_home.out("edit", "Read only for Bob", "--title", "Bob's title")
    bob_home.out("edit", "Bob's title", "--priority", "1")  # builds on the refused change
    result = bob_home.run("sync", check=False)
    assert result.returncode == 1
    assert "You can only view this task." in result.stderr.decode()
    assert "redo refused" in result.stderr.decode()
    # Both changes left Bob's state at once: he sees Ann's task as it is
    shown = bob_home.json("show", task["id"])
    assert (shown["title"], shown["priority"]) == ("Read only for Bob", 3)
    refused = json.loads(bob_home.out("refused", "--json"))
    assert [(r["taskId"], r["title"], len(r["nodeIds"])) for r in refused] == [(task["id"], "Bob's title", 2)]
    assert "You can only view this task." in bob_home.out("refused")
    # The next sync sends nothing again, and his later changes are not built on the refused ones
    assert bob_home.run("sync").returncode == 0
    # He keeps a copy as a task of his own; it syncs, and the shared task is Ann's as before
    assert "Kept a copy" in bob_home.out("refused", "copy", task["id"][:8])
    assert json.loads(bob_home.out("refused", "--json")) == []
    bob_home.out("sync")
    own = [t for t in tasks_of(bob_home).values() if t["id"] != task["id"]]
    assert [(t["title"], t["priority"]) for t in own] == [("Bob's title", 1)]
    ann_home.out("sync")
    assert tasks_of(ann_home) == {task["id"]: tasks_of(bob_home)[task["id"]]}
    assert json.loads(ann_home.out("history", task["id"], "--json"))[-1]["action"] == "CREATE_TODO"

    # Another refused edit is discarded: Bob's device equals Ann's again, nothing waits
    bob_home.out("edit", task["id"][:8], "--description", "mine")
    assert bob_home.run("sync", check=False).returncode == 1
    assert "Discarded" in bob_home.out("refused", "discard", task["id"][:8])
    assert bob_home.out("refused").strip() == "Nothing was refused."
    assert tasks_of(bob_home)[task["id"]] == tasks_of(ann_home)[task["id"]]


def test_a_device_whose_key_is_not_registered_keeps_its_work_until_it_is(start_server) -> None:
    server = start_server("sqlite")
    ann, ann_auth = account(server, "Ann")
    home = signed_in_home(server, ann, "laptop")
    home.out("add", "Kept while the key is unknown")
    # The device's identity is replaced by a new key the server has never seen
    home.out("init", "--force")
    home.out("add", "Also kept")
    result = home.run("sync", check=False)
    assert result.returncode == 1
    assert "not registered" in result.stderr.decode() and "redo login" in result.stderr.decode()
    assert sorted(t["title"] for t in tasks_of(home).values()) == ["Also kept", "Kept while the key is unknown"]
    assert json.loads(home.out("refused", "--json")) == []
    # Signing in again registers the key, and the waiting change goes up
    home.out("login", "--server", server.base_url, "--email", ann, "--password-stdin", stdin=PASSWORD + "\n")
    assert home.run("sync").returncode == 0
    client = server.client().with_token(ann_auth["accessToken"])
    titles = {n["data"]["payload"].get("title") for n in json_of(client.get("/api/redo/nodes"))["nodes"]}
    assert {"Also kept", "Kept while the key is unknown"} <= titles


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
    assert refused.returncode == 1 and b"not shared with you any more" in refused.stderr
    assert tasks_of(bob_home)[task["id"]]["priority"] != 1
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
