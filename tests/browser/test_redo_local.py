"""Redo's web app as a local-first client: its JavaScript replay against RedoCore (the redo CLI)
on the same logs, offline work that syncs when the connection returns, and its sealed key."""

from __future__ import annotations

import json
import re
import random
from pathlib import Path

from dialogs import answer
from hearth_harness import PASSWORD
from playwright.sync_api import Page, expect
from redo_cli import RedoHome
from test_redo import load_redo_core, sign_in

VECTORS = Path(__file__).resolve().parents[2] / "Tests" / "Fixtures" / "redo-vectors" / "protocol-vectors.json"


def random_work(rng: random.Random, homes: list[RedoHome], steps: int) -> None:
    """Offline work on several devices of one identity, with logs exchanged now and then."""
    counter = 0
    for _ in range(steps):
        home = rng.choice(homes)
        live = home.json("list")
        choice = rng.random()
        if not live or choice < 0.2:
            counter += 1
            home.out("add", f"Task {counter}", *(["--every", str(rng.randint(1, 7))] if rng.random() < 0.5 else []))
        else:
            task = rng.choice(live)["id"]
            if choice < 0.4:
                home.out("edit", task, "--priority", str(rng.randint(1, 5)))
            elif choice < 0.55:
                home.out("edit", task, "--title", f"Renamed {rng.randint(1, 99)}")
            elif choice < 0.7:
                home.out("complete", task)
            elif choice < 0.85:
                home.out("snooze", task, "--days", str(rng.randint(1, 5)))
            elif choice < 0.93:
                home.out("archive", task)
            else:
                home.out("delete", task)
        if rng.random() < 0.3:
            source, target = rng.sample(homes, 2)
            exchange(source, target)


def exchange(source: RedoHome, target: RedoHome) -> None:
    exported = source.path.parent / "exchange.json"
    source.out("export", str(exported))
    target.out("import", str(exported))


def test_the_browser_replays_every_log_as_redocore_does(page: Page) -> None:
    load_redo_core(page)
    merges = 0
    for seed in (1, 2, 3, 4):
        rng = random.Random(seed)
        first = RedoHome.fresh(f"replay-{seed}")
        first.out("init", "--name", "laptop")
        key = first.out("key", "export")
        homes = [first]
        for n in range(rng.randint(1, 3)):
            home = RedoHome.fresh(f"replay-{seed}-{n}")
            home.out("key", "import", "-", stdin=key)
            homes.append(home)
        random_work(rng, homes, 30)
        for home in homes:
            nodes = json.loads(home.out("export"))
            merges += sum(node["action"] == "MERGE" for node in nodes)
            expected = {t["id"]: {k: v for k, v in t.items() if k not in ("rank", "due")} for t in home.json("list", "--all")}
            shuffled = nodes[:]
            rng.shuffle(shuffled)
            for order in (nodes, shuffled):
                result = page.evaluate(
                    """async (nodes) => {
                      for (const node of nodes) {
                        const verdict = await redoCore.validateNode(node);
                        if (!verdict.ok) return { invalid: verdict };
                      }
                      return redoCore.replay(nodes);
                    }""",
                    order,
                )
                assert "invalid" not in result, (seed, result)
                assert result["rejections"] == [], (seed, result["rejections"])
                assert result["tasks"] == expected, f"seed {seed}: the browser's replay differs from RedoCore's"
    assert merges > 0, "the random work should fork some tasks"


def test_the_browser_agrees_with_the_protocol_vectors(page: Page) -> None:
    load_redo_core(page)
    vectors = json.loads(VECTORS.read_text(encoding="utf-8"))
    for case in vectors["canonical"]:
        assert page.evaluate("(text) => redoCore.canonicalize(JSON.parse(text))", case["input"]) == case["canonical"], case["name"]
    for case in vectors["nodes"]:
        verdict = page.evaluate("(node) => redoCore.validateNode(node)", case["node"])
        assert (verdict.get("code") if not verdict["ok"] else None) == case["code"], case["name"]


def test_offline_work_syncs_when_the_connection_returns(page: Page, live_server) -> None:
    email = sign_in(page, live_server)
    expect(page.locator(".redo-device-status")).to_contain_text("signs your changes as")
    expect(page.locator(".redo-sync-status")).to_contain_text("Everything is synced")

    # Offline: add two tasks, complete one, snooze and rename the other
    page.context.set_offline(True)
    expect(page.locator(".redo-sync-status")).to_contain_text("Offline")
    for title in ("Buy stamps", "Post the letter"):
        page.locator("#redo-add-title").fill(title)
        page.get_by_role("button", name="Add task").click()
        expect(page.locator(".redo-task", has_text=title)).to_contain_text("not synced yet")
    page.get_by_role("button", name="Complete Buy stamps").click()
    expect(page.locator(".redo-task", has_text="Buy stamps")).to_have_count(0)
    page.get_by_role("button", name="Snooze Post the letter one day").click()
    expect(page.locator(".redo-task", has_text="Post the letter")).to_contain_text("Due in 2 days")
    expect(page.locator(".redo-sync-status")).to_contain_text("Offline: changes to 2 tasks saved here")

    # Back online, the browser syncs by itself; another device sees everything
    page.context.set_offline(False)
    expect(page.locator(".redo-sync-status")).to_contain_text("Everything is synced")
    expect(page.locator(".redo-task", has_text="Post the letter")).not_to_contain_text("not synced yet")
    cli = RedoHome.fresh("redo-second-device")
    cli.out("init", "--name", "phone")
    cli.out("login", "--server", live_server.base_url, "--email", email, "--password-stdin", stdin=PASSWORD + "\n")
    cli.out("sync")
    tasks = {t["title"]: t for t in cli.json("list", "--all")}
    assert set(tasks) == {"Buy stamps", "Post the letter"}
    assert tasks["Buy stamps"]["todos"][0].get("completed")
    assert len(tasks["Post the letter"]["todos"]) == 1 and "completed" not in tasks["Post the letter"]["todos"][0]
    assert cli.run("verify", "--all").returncode == 0

    # The CLI's change comes back to the browser through the same sync
    cli.out("edit", "Post the letter", "--priority", "5")
    cli.out("sync")
    page.reload()
    expect(page.locator(".redo-task", has_text="Post the letter")).to_contain_text("· P1 · Urgent priority")


def test_the_signing_key_leaves_only_through_the_export_that_asks(page: Page, live_server) -> None:
    sign_in(page, live_server)
    expect(page.locator(".redo-device-status")).to_contain_text("signs your changes as")
    # The key's import and export live on Redo's settings page, not on every page
    expect(page.get_by_role("button", name="Export this key for the CLI")).to_have_count(0)
    page.goto("/redo/settings")
    expect(page.locator(".redo-device-status")).to_contain_text("signs your changes as")
    # The key's id is behind Details, not in the sentence
    expect(page.locator(".redo-device-status")).not_to_contain_text(re.compile("[0-9a-f]{32}"))
    public_key = page.locator(".redo-key-id").text_content()
    assert re.fullmatch("[0-9a-f]{32}", public_key)

    # What IndexedDB holds is a key that WebCrypto refuses to export, and an encrypted seed
    verdict = page.evaluate(
        """async () => {
          const db = await new Promise((resolve) => { const r = indexedDB.open("redo", 1); r.onsuccess = () => resolve(r.result); });
          const identity = await new Promise((resolve) => { const r = db.transaction("keys").objectStore("keys").get("device"); r.onsuccess = () => resolve(r.result); });
          let exported = "refused";
          try { await crypto.subtle.exportKey("pkcs8", identity.privateKey); exported = "exported"; } catch (_) {}
          return { extractable: identity.privateKey.extractable, exported, sealed: identity.sealedSeed.byteLength > 32 };
        }"""
    )
    assert verdict == {"extractable": False, "exported": "refused", "sealed": True}

    # Saying no to the question exports nothing; saying yes downloads the key
    page.get_by_role("button", name="Export this key for the CLI").click()
    answer(page, "Cancel")
    expect(page.locator("#redo-messages")).to_have_text("Nothing exported.")
    with page.expect_download() as download:
        page.get_by_role("button", name="Export this key for the CLI").click()
        answer(page, "Export the key")
    exported = json.loads(Path(download.value.path()).read_text())
    assert exported["publicKey"].startswith(public_key)
    home = RedoHome.fresh("redo-imported")
    home.out("key", "import", "-", stdin=json.dumps(exported))
    assert json.loads(home.out("key", "export"))["publicKey"] == exported["publicKey"]


def test_a_task_not_yet_on_the_server_opens_from_this_browser_then_in_full(page: Page, live_server) -> None:
    sign_in(page, live_server)
    expect(page.locator(".redo-sync-status")).to_contain_text("Everything is synced")

    # The upload fails (the server cannot be reached), so only this browser holds the task
    page.route("**/api/redo/nodes", lambda route: route.abort() if route.request.method == "POST" else route.continue_())
    page.locator("#redo-add-title").fill("Call the plumber")
    page.get_by_role("button", name="Add task").click()
    row = page.locator(".redo-task", has_text="Call the plumber")
    expect(row).to_contain_text("not synced yet")
    task_id = row.get_attribute("data-task-id")

    # Its page is not on the server: the browser draws its own copy, and says so
    response = page.goto(f"/redo/tasks/{task_id}")
    assert response is not None and response.status == 404
    expect(page.locator("h1.redo-title")).to_have_text("Call the plumber")
    expect(page.locator(".redo-offline-task")).to_contain_text("Not on the server yet")
    # This page's own first attempt fails too; one still in flight would reload the page under us
    expect(page.locator(".redo-sync-status")).to_contain_text("Not synced")

    # Once it syncs, the server's whole page opens by itself
    page.unroute("**/api/redo/nodes")
    page.evaluate("() => window.dispatchEvent(new Event('online'))")
    expect(page.get_by_role("button", name="Save changes")).to_be_enabled()
    expect(page.locator("h1.redo-title")).to_have_text("Call the plumber")
    assert page.request.get(f"/redo/tasks/{task_id}").status == 200

    # A task that is nowhere, or not this person's, says so
    page.goto("/redo/tasks/00000000-0000-4000-8000-000000000000")
    expect(page.locator(".redo-offline-task")).to_contain_text("There is no such task")
