"""The `redo` CLI end to end, offline, checked against independent RFC 8785 and Ed25519 code."""

from __future__ import annotations

import hashlib
import json
import sqlite3
import stat

import rfc8785
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat

from redo_cli import RedoHome


def body_of(node: dict) -> dict:
    return {k: v for k, v in node.items() if k not in ("id", "signature")}


def test_a_day_with_redo() -> None:
    home = RedoHome.fresh()
    # A new person initializes a home: the key file is theirs alone
    assert "user id:" in home.out("init", "--name", "Blob")
    identity = home.path / "identity.json"
    assert stat.S_IMODE(identity.stat().st_mode) == 0o600
    assert "Nothing to do" in home.out("list")

    home.out("add", "Water the plants", "--priority", "5", "--due", "today", "--every", "3")
    home.out("add", "File taxes", "--priority", "2", "--due", "+20d", "--points", "5")
    home.out("add", "Call mum", "--due", "tomorrow", "--description", "About Sunday")

    tasks = home.json("list")
    assert [t["title"] for t in tasks] == ["Water the plants", "Call mum", "File taxes"]
    assert [t["due"] for t in tasks] == ["Due today", "Due tomorrow", "Due in 2 weeks"]
    table = home.out("list")
    assert "Water the plants" in table.splitlines()[1]

    # Completing a repeating task makes its next todo explicitly
    home.out("complete", "water the plants", "--notes", "all of them")
    plants = home.json("show", "Water the plants")
    assert len(plants["todos"]) == 2
    assert plants["todos"][0]["notes"] == "all of them" and "completed" in plants["todos"][0]
    assert "Due in 3 days" == next(t["due"] for t in home.json("list") if t["title"] == "Water the plants")

    taxes = next(t for t in tasks if t["title"] == "File taxes")
    home.out("edit", taxes["id"][:8], "--title", "File the taxes", "--priority", "4")
    home.out("snooze", "Call mum", "--days", "2")
    assert next(t["due"] for t in home.json("list") if t["title"] == "Call mum") == "Due in 3 days"

    home.out("archive", "File the taxes")
    assert [t["title"] for t in home.json("list", "--archived")] == ["File the taxes"]
    assert "File the taxes" not in home.out("list")
    home.out("unarchive", "File the taxes")
    assert "File the taxes" in home.out("list")

    home.out("delete", "Call mum")
    assert "Call mum" not in home.out("list", "--all")

    history = home.json("history", "File the taxes")
    assert [n["action"] for n in history] == ["CREATE", "CREATE_TODO", "UPDATE", "ARCHIVE", "UNARCHIVE"]

    # The whole log verifies, here and in another home that imports it
    exported = home.out("export")
    nodes = json.loads(exported)
    assert len(nodes) == 13
    assert home.run("verify", "-", stdin=exported).returncode == 0
    other = RedoHome.fresh("redo-other")
    other.out("init")
    assert "Imported 13 new nodes" in other.out("import", "-", stdin=exported)
    assert [t["title"] for t in other.json("list", "--all")] == [t["title"] for t in home.json("list", "--all")]
    assert "0 invalid" in home.out("verify", "--all")


def test_exported_nodes_verify_with_independent_code() -> None:
    home = RedoHome.fresh()
    home.out("init")
    for i in range(5):
        home.out("add", f"Task {i} — ünïcödé 🚀 \"quoted\"\n\ttabbed", "--priority", str(i % 5 + 1))
    home.out("complete", home.json("list")[0]["id"])
    nodes = json.loads(home.out("export"))
    assert len(nodes) == 11
    for node in nodes:
        canonical = rfc8785.dumps(body_of(node))
        assert node["id"] == "sha256:" + hashlib.sha256(canonical).hexdigest()
        public_key = Ed25519PublicKey.from_public_bytes(bytes.fromhex(node["author"]["publicKey"]))
        public_key.verify(bytes.fromhex(node["signature"]), canonical)  # raises if invalid
        assert node["author"]["userId"] == node["author"]["publicKey"][:32]
    # and `redo debug hash` agrees on each
    for node in nodes[:3]:
        assert home.out("debug", "hash", stdin=json.dumps(node)).strip() == node["id"]


def test_a_late_create_cannot_wipe_a_task_it_is_imported_into() -> None:
    home = RedoHome.fresh()
    home.out("init")
    home.out("add", "Water the plants")
    (create, _todo) = json.loads(home.out("export"))
    # Someone else's CREATE for the same task, dated a day earlier
    key = Ed25519PrivateKey.generate()
    public = key.public_key().public_bytes(Encoding.Raw, PublicFormat.Raw).hex()
    body = {
        "version": 1,
        "parents": [],
        "timestamp": {"lamport": 1, "wall": "2025-01-01T00:00:00.000Z"},
        "author": {"userId": public[:32], "deviceId": "elsewhere", "publicKey": public},
        "action": "CREATE",
        "taskId": create["taskId"],
        "data": {"payload": {"title": "Mine now"}},
    }
    canonical = rfc8785.dumps(body)
    late = {**body, "id": "sha256:" + hashlib.sha256(canonical).hexdigest(), "signature": key.sign(canonical).hex()}
    result = home.run("import", "-", stdin=json.dumps([late]), check=False)
    assert "E_DUPLICATE_CREATE" in (result.stdout + result.stderr).decode()
    assert [t["title"] for t in home.json("list", "--all")] == ["Water the plants"]
    assert "0 invalid" in home.out("verify", "--all")


def test_verify_gives_each_node_its_verdict() -> None:
    home = RedoHome.fresh()
    home.out("init")
    home.out("add", "Original")
    nodes = json.loads(home.out("export"))
    tampered = json.loads(json.dumps(nodes))
    tampered[0]["data"]["payload"]["title"] = "Forged"
    unsigned = dict(nodes[1])
    del unsigned["signature"]
    result = home.run("verify", "-", "--json", stdin=json.dumps(tampered + [unsigned]), check=False)
    assert result.returncode == 1
    verdicts = json.loads(result.stdout)
    assert [v.get("code") for v in verdicts] == [
        "E_HASH_MISMATCH",
        "E_PARENT_NOT_FOUND",  # the CREATE_TODO whose parent was forged
        "E_INVALID_SIGNATURE",
    ]


def test_bad_arguments_get_clear_messages() -> None:
    home = RedoHome.fresh()
    result = home.run("list", check=False)
    assert result.returncode != 0 and b"run `redo init` first" in result.stderr
    home.out("init")
    for args, message in [
        (("add", "x", "--priority", "7"), b"--priority must be from 1 to 5 (5 is the most urgent) or p1 to p5 (p1 is the most urgent), not 7"),
        (("add", "x", "--due", "someday"), b'cannot read the date "someday"'),
        (("add", "  "), b"the title must not be empty"),
        (("complete", "nothing-like-this"), b'no task matches "nothing-like-this"'),
        (("snooze", "x"), b"give exactly one of --days and --until"),
        (("verify",), b"give a FILE to check, or --all"),
        (("import", "-"), b"not a JSON array of nodes"),
    ]:
        result = home.run(*args, stdin=b"", check=False)
        assert result.returncode != 0, args
        assert message in result.stderr, (args, result.stderr)
    assert home.out("list", "--all").startswith("No tasks")


def test_a_store_changed_behind_redo_is_validated_again() -> None:
    """The cache is trusted only while no node or head changed under it, whoever changed them."""
    home = RedoHome.fresh()
    home.out("init")
    home.out("add", "Keep me", "--due", "today")
    home.out("add", "Forge me", "--due", "today")
    database = sqlite3.connect(home.path / "redo.sqlite")
    with database:
        task_id = next(t["id"] for t in home.json("list") if t["title"] == "Forge me")
        rows = database.execute("SELECT id, json FROM node WHERE taskId = ?", (task_id,)).fetchall()
        node_id, body = next((i, bytes(b)) for i, b in rows if json.loads(b)["action"] == "CREATE")
        database.execute("UPDATE node SET json = ? WHERE id = ?", (body.replace(b"Forge me", b"Forged!!"), node_id))
    assert database.execute("SELECT count(*) FROM staleTask").fetchone() == (1,)
    database.close()

    # The next read finds the task stale, validates every node again and drops the forged branch
    assert [t["title"] for t in home.json("list", "--all")] == ["Keep me"]
    report = home.run("verify", "--all")
    assert b"0 invalid" in report.stdout, report.stdout
    assert home.run("show", task_id[:8], check=False).returncode != 0


def test_list_filters_and_stats_read_the_same_tasks() -> None:
    home = RedoHome.fresh("redo-filters")
    home.out("init", "--name", "laptop")
    home.out("add", "Water the plants", "--every", "3", "--priority", "5", "--points", "2")
    home.out("add", "File taxes", "--priority", "2", "--points", "5")
    home.out("add", "Call mum", "--priority", "p3")
    home.out("edit", "Call mum", "--description", "About the garden", "--priority", "p2")
    home.out("complete", "File taxes")
    home.out("complete", "Water the plants")

    def titles(*args: str) -> list[str]:
        return [t["title"] for t in home.json("list", *args)]

    # Search reads titles and descriptions; priorities combine; --all brings back what is done
    assert titles("--search", "GARDEN") == ["Call mum"]
    assert sorted(titles("--priority", "5", "--priority", "2", "--all")) == ["File taxes", "Water the plants"]
    # p1 is the most urgent, the protocol's 5, as the web app says it
    assert titles("--priority", "p2") == ["Call mum"]
    assert sorted(titles("--priority", "p1", "--priority", "p4", "--all")) == ["File taxes", "Water the plants"]
    assert "priority:    4 (P2 · High)" in home.out("show", "Call mum")
    assert titles("--sort", "title") == ["Call mum", "Water the plants"]
    assert titles("--preset", "high", "--sort", "priority") == ["Water the plants", "Call mum"]
    assert "No tasks match." in home.out("list", "--search", "nothing like this")
    bad = home.run("list", "--sort", "sideways", check=False)
    assert bad.returncode != 0 and b"--sort must be one of" in bad.stderr

    # Stats count the same tasks: two completions today, story points of what has no todo left
    stats = home.json("stats")
    assert stats["active"] == 2 and stats["completed"]["allTime"] == 2
    assert stats["storyPoints"] == {"total": 8, "completed": 5, "pending": 3, "completionRate": 0.625}
    assert stats["trend"][-1]["completions"] == 2 and stats["trend"][-1]["points"] == 7
    assert stats["week"]["completed"] == 2 and stats["week"]["activeDays"] == 1
    assert stats["forecast"]["remaining"] == 2
    assert sum(stats["timeOfDay"].values()) == 2
    assert "Points       5 of 8 done (63%), 3 pending" in home.out("stats")


def test_import_takes_new_nodes_whose_parents_are_stored_already() -> None:
    laptop = RedoHome.fresh("redo-laptop")
    laptop.out("init", "--name", "laptop")
    phone = RedoHome.fresh("redo-phone")
    phone.out("key", "import", "-", stdin=laptop.out("key", "export"))
    laptop.out("add", "Water the plants", "--every", "3")
    everything = laptop.path.parent / "all.json"
    laptop.out("export", str(everything))
    phone.out("import", str(everything))
    known = {node["id"] for node in json.loads(everything.read_text())}

    # Only what is new goes across: its parents are on the phone already
    laptop.out("edit", "Water the plants", "--priority", "5")
    laptop.out("complete", "Water the plants")
    fresh = [node for node in json.loads(laptop.out("export")) if node["id"] not in known]
    assert [node["action"] for node in fresh] == ["UPDATE", "COMPLETE_TODO", "CREATE_TODO"]
    newcomers = laptop.path.parent / "new.json"
    newcomers.write_text(json.dumps(fresh))
    assert "Imported 3 new nodes; 0 already here; 0 rejected." in phone.out("import", str(newcomers))
    def state(home: RedoHome) -> list[dict]:
        return [{k: v for k, v in task.items() if k not in ("rank", "due")} for task in home.json("list", "--all")]

    assert state(phone) == state(laptop)
