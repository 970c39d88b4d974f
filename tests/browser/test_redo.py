"""Redo in the browser: the page's canonicalization and signing against the conformance data,
and tasks moving between the browser and the redo CLI."""

from __future__ import annotations

import json
import subprocess
import time
from pathlib import Path

from dialogs import answer
from hearth_harness import PASSWORD, json_of, unique_email
from playwright.sync_api import Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from redo_cli import RedoHome

EXTERNAL = Path(__file__).resolve().parents[2] / "Tests" / "Fixtures" / "external"


def load_redo_core(page: Page) -> None:
    """Imports the Redo core's modules as served, and gathers what they export in `redoCore` for
    the tests' scripts."""
    page.goto("/login")
    page.evaluate(
        """async (names) => {
          const modules = await Promise.all(names.map((name) => import("/static/" + name)));
          window.redoCore = Object.assign({}, ...modules);
        }""",
        ["redo-json.mjs", "redo-crypto.mjs", "redo-node.mjs", "redo-replay.mjs", "redo-plan.mjs"],
    )


def test_canonicalization_matches_the_rfc8785_data(page: Page) -> None:
    load_redo_core(page)
    cyberphone = EXTERNAL / "jcs" / "cyberphone" / "testdata"
    for name in ["arrays", "french", "structures", "unicode", "values", "weird"]:
        source = (cyberphone / "input" / f"{name}.json").read_text(encoding="utf-8")
        expected = (cyberphone / "output" / f"{name}.json").read_text(encoding="utf-8")
        assert page.evaluate("(text) => redoCore.canonicalize(JSON.parse(text))", source) == expected, name

    lines = (EXTERNAL / "jcs" / "es6numbers" / "es6testfile_10k.txt").read_text().splitlines()
    rows = (EXTERNAL / "jcs" / "rfc8785" / "appendix_b_numbers.csv").read_text().splitlines()[1:]
    cases = [line.split(",", 1) for line in lines] + [row.split(",")[:2] for row in rows]
    assert len(cases) == 10_026
    mismatches = page.evaluate(
        """(cases) => {
          const bad = [];
          const view = new DataView(new ArrayBuffer(8));
          for (const [bits, expected] of cases) {
            view.setBigUint64(0, BigInt("0x" + bits));
            const value = view.getFloat64(0);
            let text;
            try { text = redoCore.canonicalize(value); } catch (_) { text = "<reject>"; }
            if (text !== expected) bad.push([bits, expected, text]);
          }
          return bad;
        }""",
        cases,
    )
    assert mismatches == []
    assert page.evaluate("() => { try { redoCore.canonicalize({a: '\\ud800'}); return 'accepted'; } catch (e) { return e.message; } }") == "lone UTF-16 surrogate in a string"


def test_signing_matches_rfc8032_and_the_swift_node_vectors(page: Page) -> None:
    load_redo_core(page)
    vectors = json.loads((EXTERNAL / "ed25519" / "rfc8032" / "rfc8032_7_1_ed25519.json").read_text())["vectors"]
    for vector in vectors:
        signature = page.evaluate(
            "async ([seed, message]) => redoCore.signBytes(await redoCore.importSeed(seed), redoCore.unhex(message))",
            [vector["secret_key"], vector["message"]],
        )
        assert signature == vector["signature"], vector["name"]
    # The derived CREATE vector that the Swift tests pin, signed here
    node = page.evaluate(
        """async () => {
          const seed = "9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60";
          const identity = {
            privateKey: await redoCore.importSeed(seed), deviceId: "test_device",
            publicKey: "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a",
          };
          const draft = {
            taskId: "550e8400-e29b-41d4-a716-446655440000", parents: [], lamport: 1, action: "CREATE",
            payload: { title: "Test Task", priority: 1 },
          };
          return redoCore.signNode(draft, identity, "2025-10-26T00:00:00.000Z");
        }"""
    )
    assert node["id"] == "sha256:893bffa36c8ea29c9aa56ed3a78043d195df215fee3aca844998b23083ab8233"
    assert node["signature"] == (
        "65f082428bd8ef747dbb00ca81aeaa2c1f8ea72c92af752cae23dbe7bfdfb415"
        "13974b7a29b8e23589d992a82b6f5ce88381abf4e29ba5e7573836c37c66090b"
    )


def sign_in(page: Page, live_server) -> str:
    email = unique_email("redo")
    response = live_server.client().signup(email, display_name="Ada")
    assert response.status_code == 201, response.text
    page.goto("/login?next=/redo")
    page.locator('input[name="email"]').fill(email)
    page.locator('input[name="password"]').fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url("**/redo")
    return email


def test_tasks_move_between_the_browser_and_the_cli(page: Page, live_server, screenshots, tmp_path) -> None:
    email = sign_in(page, live_server)
    expect(page.locator("#redo-list")).to_contain_text("No tasks yet")
    expect(page.locator(".redo-device-status")).to_contain_text("signs your changes as")

    # A task made and changed in the browser
    page.locator("#redo-add-title").fill("Water the ferns p1 every 3d")
    page.get_by_role("button", name="Add task").click()
    task = page.locator(".redo-task", has_text="Water the ferns")
    expect(task).to_be_visible()
    expect(task).to_contain_text("· P1 · Urgent priority")
    task.get_by_role("button", name="Complete Water the ferns").click()
    expect(page.locator(".redo-task", has_text="Water the ferns")).to_contain_text("Due in 3 days")

    # verifies in Swift: the nodes the server holds pass `redo verify`
    # The page shows the next due date as soon as it signs the nodes; their uploads may still be
    # on the way, so the server is asked again for a few seconds.
    deadline = time.monotonic() + 10
    while True:
        nodes = json_of(page.request.get("/api/redo/nodes"))["nodes"]
        if len(nodes) >= 4 or time.monotonic() > deadline:
            break
        time.sleep(0.1)
    assert sorted(n["action"] for n in nodes) == ["COMPLETE_TODO", "CREATE", "CREATE_TODO", "CREATE_TODO"]
    exported = tmp_path / "browser-nodes.json"
    exported.write_text(json.dumps(nodes))
    cli = RedoHome.fresh("redo-browser")
    cli.out("init", "--name", "Ada's laptop")
    verdict = cli.run("verify", str(exported))
    assert b"4 nodes, 0 invalid" in verdict.stdout

    # A task made by the CLI appears in the browser after sync, and the CLI gets the browser's
    cli.out("login", "--server", live_server.base_url, "--email", email, "--password-stdin", stdin=PASSWORD + "\n")
    cli.out("add", "Call the plumber", "--priority", "4", "--due", "tomorrow")
    cli.out("sync")
    assert "Water the ferns" in cli.out("list")
    page.reload()
    expect(page.locator(".redo-task", has_text="Call the plumber")).to_contain_text("P2 · High priority")

    # The task page shows its history, and edits go through the same signing
    page.get_by_role("link", name="Call the plumber").click()
    expect(page.locator(".redo-history")).to_contain_text("CREATE_TODO")
    page.locator("#redo-edit-title").fill("Call the plumber again")
    page.get_by_role("button", name="Save changes").click()
    expect(page.locator("h1.redo-title")).to_have_text("Call the plumber again")
    # Only the changed field is written, so a concurrent edit of another field elsewhere survives
    task_id = page.url.rstrip("/").split("/")[-1]
    task_nodes = page.request.get(f"/api/redo/tasks/{task_id}/nodes").json()["nodes"]
    assert task_nodes[-1]["action"] == "UPDATE"
    assert task_nodes[-1]["data"]["payload"] == {"title": "Call the plumber again"}
    cli.out("sync")
    assert "Call the plumber again" in cli.out("list")
    # A change made elsewhere redraws the open task page, as the server has it
    cli.out("edit", "Call the plumber again", "--description", "Ask about the boiler too")
    cli.out("sync")
    expect(page.locator(".redo-summary")).to_contain_text("Ask about the boiler too")

    page.goto("/redo/analytics")
    expect(page.locator(".redo-figures")).to_contain_text("Done, all time")
    expect(page.locator(".redo-week")).to_contain_text("1 / 7")
    # A first day's completions are too few to forecast from: words, no numbers
    expect(page.locator(".redo-forecast")).to_contain_text("The forecast needs two weeks of completed tasks")
    expect(page.locator(".redo-time-of-day")).to_contain_text("Peak:")
    page.goto("/redo")
    picture(page, screenshots / "redo.png")


def picture(page: Page, path: Path) -> None:
    """A screenshot for people to look at; headless chromium sometimes stalls one just after a
    page's scripts start, so it is retried."""
    expect(page.locator(".redo-device.ready")).to_be_visible()
    for _ in range(3):
        try:
            page.screenshot(path=str(path), full_page=True, timeout=5_000)
            return
        except PlaywrightTimeout:
            page.wait_for_timeout(1_000)
    raise AssertionError(f"no screenshot of {page.url}")


def test_redo_pages_need_an_account(page: Page) -> None:
    page.goto("/redo")
    assert "/login" in page.url
    expect(page.locator('input[name="next"]')).to_have_value("/redo")


def test_owners_remove_people_and_people_leave_on_the_web(page: Page, browser, live_server) -> None:
    ann = sign_in(page, live_server)
    accounts = {}
    for name in ("Bob", "Cat"):
        email = unique_email(name.lower())
        response = live_server.client().signup(email, display_name=name)
        assert response.status_code == 201, response.text
        accounts[name] = (email, json_of(response)["accessToken"])
    home = RedoHome.fresh("redo-owner")
    home.out("init", "--name", "Ann's laptop")
    home.out("login", "--server", live_server.base_url, "--email", ann, "--password-stdin", stdin=PASSWORD + "\n")
    home.out("add", "Paint the fence")
    home.out("sync")
    task_id = home.json("list")[0]["id"]
    for email, token in accounts.values():
        home.out("share", "Paint the fence", email, "--read-write")
        accept = {"app": "redo", "kind": "task", "resourceId": task_id, "decision": "accept"}
        assert live_server.client().with_token(token).post("/api/invitations/respond", json=accept).status_code == 200

    # The owner sees who is in, with their emails, and removes Bob
    page.goto(f"/redo/tasks/{task_id}")
    people = page.locator(".redo-people")
    expect(people).to_contain_text(accounts["Bob"][0])
    expect(people).to_contain_text(accounts["Cat"][0])
    people.get_by_role("button", name="Remove Bob").click()
    answer(page, "Stop sharing")
    expect(people).not_to_contain_text(accounts["Bob"][0])
    bob = live_server.client().with_token(accounts["Bob"][1])
    assert bob.get(f"/api/redo/tasks/{task_id}/nodes").status_code == 404

    # Cat, in her own browser, sees no emails and leaves
    context = browser.new_context(base_url=live_server.base_url)
    cat_page = context.new_page()
    cat_page.goto("/login")
    cat_page.locator('input[name="email"]').fill(accounts["Cat"][0])
    cat_page.locator('input[name="password"]').fill(PASSWORD)
    cat_page.get_by_role("button", name="Log in").click()
    cat_page.wait_for_url("**/")
    cat_page.goto(f"/redo/tasks/{task_id}")
    expect(cat_page.locator(".redo-people")).not_to_contain_text("@")
    cat_page.get_by_role("button", name="Leave this task").click()
    answer(cat_page, "Leave")
    cat_page.wait_for_url("**/redo")
    assert cat_page.request.get(f"/api/redo/tasks/{task_id}/nodes").status == 404
    context.close()
