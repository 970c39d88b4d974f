"""Issue 37's refusal property through a real server, on both databases: Ann's two devices and
Bob's one work on shared tasks while Bob is made read-only, removed and let back in, one of
Ann's keys is revoked and registered again, and a proxy fails uploads at random. Afterwards
every device shows what the server holds, no refused node is in any state, and nothing anyone
signed is lost: it is on the server or set aside on its author's device."""

from __future__ import annotations

import json
import random

import pytest
from flaky_proxy import FlakyProxy
from hearth_harness import PASSWORD, json_of
from redo_cli import RedoHome
from test_redo_devices import random_step
from test_redo_sync import account, tasks_of


def home_via(url: str, email: str, label: str) -> RedoHome:
    home = RedoHome.fresh(label)
    home.out("init", "--name", label)
    home.out("login", "--server", url, "--email", email, "--password-stdin", stdin=PASSWORD + "\n")
    return home


def node_ids(home: RedoHome) -> set[str]:
    return {node["id"] for node in json.loads(home.out("export"))}


def refused_ids(home: RedoHome) -> set[str]:
    return {node for change in json.loads(home.out("refused", "--json")) for node in change["nodeIds"]}


@pytest.mark.parametrize("seed", [1, 2])
def test_refusals_never_lose_or_keep_work(backend, start_server, seed) -> None:
    rng = random.Random(seed)
    server = start_server(backend)
    proxy = FlakyProxy(server.base_url, seed)
    try:
        ann, ann_auth = account(server, "Ann")
        bob, bob_auth = account(server, "Bob")
        ann_client = server.client().with_token(ann_auth["accessToken"])
        bob_client = server.client().with_token(bob_auth["accessToken"])
        devices = {"ann laptop": home_via(proxy.url, ann, "laptop"), "ann phone": home_via(proxy.url, ann, "phone"), "bob": home_via(proxy.url, bob, "bob")}
        laptop, phone, bob_home = devices["ann laptop"], devices["ann phone"], devices["bob"]
        proxy.failing = False
        for title in ("Garden", "Taxes"):
            laptop.out("add", title)
        laptop.out("sync")
        shared = [task["id"] for task in laptop.json("list")]

        bob_id = bob_auth["user"]["id"]

        def share(permission: str, invited: bool = True) -> None:
            for task in shared:
                answer = ann_client.post(f"/api/redo/tasks/{task}/share", json={"email": bob, "permission": permission})
                assert answer.status_code == 200, answer.text
                if invited:  # a change of permission for someone already in asks nothing of them
                    answer = {"app": "redo", "kind": "task", "resourceId": task, "decision": "accept"}
                    assert bob_client.post("/api/invitations/respond", json=answer).status_code == 200

        share("read-write")
        proxy.failing = True
        story = [f"seed {seed} on {backend}"]
        signed: dict[str, set[str]] = {name: set() for name in devices}
        counter = [0]
        for round in range(30):
            if round == 8:
                share("read-only", invited=False)
                story.append("Bob is read-only")
                # Surely once: Bob edits a task he may only view, and the server says so
                proxy.failing = False
                laptop.out("add", "Only to look at")
                laptop.out("sync")
                look = next(t["id"] for t in laptop.json("list") if t["title"] == "Only to look at")
                answer = ann_client.post(f"/api/redo/tasks/{look}/share", json={"email": bob, "permission": "read-only"})
                assert answer.status_code == 200
                answer = {"app": "redo", "kind": "task", "resourceId": look, "decision": "accept"}
                assert bob_client.post("/api/invitations/respond", json=answer).status_code == 200
                bob_home.run("sync", check=False)  # his earlier work may be refused now
                bob_home.out("edit", look, "--title", "Bob was here")
                signed["bob"] |= own_nodes(bob_home)
                refused = bob_home.run("sync", check=False)
                assert refused.returncode == 1 and "You can only view this task." in refused.stderr.decode()
                proxy.failing = True
            if round == 15:
                for task in shared:
                    assert ann_client.delete(f"/api/redo/tasks/{task}/share/{bob_id}").status_code == 200
                story.append("Bob is removed")
            if round == 12:
                keys = json_of(ann_client.get("/api/redo/keys"))["keys"]
                phone_key = next(k["publicKey"] for k in keys if k["publicKey"] != public_key(laptop))
                assert ann_client.delete(f"/api/redo/keys/{phone_key}").status_code == 200
                story.append("Ann's phone key is revoked")
                proxy.failing = False
                phone.out("add", "Written on a revoked key")
                signed["ann phone"] |= own_nodes(phone)
                waiting = phone.run("sync", check=False)
                assert waiting.returncode == 1 and "not registered" in waiting.stderr.decode()
                proxy.failing = True
            if round == 22:
                share("read-write")
                phone.out("login", "--server", proxy.url, "--email", ann, "--password-stdin", stdin=PASSWORD + "\n")
                story.append("Bob may write again; Ann's phone signs in again")
            for name in rng.sample(list(devices), len(devices)):
                home = devices[name]
                if rng.random() < 0.6:
                    story.append(f"{round} {name}: {random_step(rng, home, counter)}")
                    signed[name] |= own_nodes(home)
                if rng.random() < 0.4:
                    result = home.run("sync", check=False)
                    story.append(f"{round} {name}: sync -> {result.returncode} {result.stderr.decode().strip()[:300]}")
        proxy.failing = False
        for _ in range(3):
            for home in devices.values():
                home.run("sync", check=False)
        log = "\n".join(story + [f"proxy faults: {proxy.failed}"])
        print(log)

        truth = {ann: home_via(server.base_url, ann, "fresh-ann"), bob: home_via(server.base_url, bob, "fresh-bob")}
        for home in truth.values():
            home.out("sync")
        held = {email: node_ids(home) for email, home in truth.items()}
        for name, home in devices.items():
            email = bob if name == "bob" else ann
            assert home.run("sync").returncode == 0, f"{name} still has something to say\n{log}"
            mine, theirs = tasks_of(home), tasks_of(truth[email])
            differ = [t for t in set(mine) | set(theirs) if mine.get(t) != theirs.get(t)]
            assert not differ, f"{name} differs from the server on {differ}: {explain(home, truth[email], differ)}\n{log}"
            refused = refused_ids(home)
            assert not refused & (held[ann] | held[bob]), f"{name}: a refused node is on the server\n{log}"
            assert not refused & node_ids(home), f"{name}: a refused node is in its state\n{log}"
            lost = signed[name] - held[email] - refused
            assert not lost, f"{name} lost {len(lost)} nodes\n{log}"
        # Only Bob's work met a lasting refusal; Ann's waited through the faults and the revoked key
        assert refused_ids(laptop) == refused_ids(phone) == set(), log
        assert sum(proxy.failed.values()) > 0, log
    finally:
        proxy.close()


def public_key(home: RedoHome) -> str:
    return json.loads(home.run("key", "export").stdout)["publicKey"]


def own_nodes(home: RedoHome) -> set[str]:
    """The nodes this device signed itself, as far as its store shows them now."""
    key = public_key(home)
    return {node["id"] for node in json.loads(home.out("export")) if node["author"]["publicKey"] == key}


def explain(home: RedoHome, truth: RedoHome, tasks: list[str]) -> str:
    """Each differing task's nodes on the device and on the server, for the failure message."""
    lines = []
    for task in tasks:
        for label, where in (("device", home), ("server", truth)):
            nodes = [n for n in json.loads(where.out("export")) if n["taskId"] == task]
            lines.append(f"{label} {task[:8]}: " + ", ".join(f"{n.get('action') or n['data'].get('action')}@{n['timestamp']['lamport']} {n['id'][7:13]}<{','.join(p[7:13] for p in n['parents'])}" for n in nodes))
    return "\n".join(lines)
