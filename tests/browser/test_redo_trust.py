"""Redo in the browser where it meets the server: no key question for a newcomer, a refused
change that is shown and can be discarded, and a first upload while registering fails."""

from __future__ import annotations

import re
from datetime import datetime
from zoneinfo import ZoneInfo

from hearth_harness import PASSWORD, json_of, unique_email
from playwright.sync_api import Page, expect
from redo_cli import RedoHome
from test_redo import sign_in

LOG_NODES = """async (taskId) => {
  const account = document.querySelector("[data-redo-app]").dataset.account;
  const db = await new Promise((resolve, reject) => {
    const request = indexedDB.open("redo-log-" + account, 1);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
  const all = await new Promise((resolve) => {
    const request = db.transaction("nodes").objectStore("nodes").getAll();
    request.onsuccess = () => resolve(request.result);
  });
  db.close();
  return all.filter((r) => r.taskId === taskId).map((r) => ({ id: r.id, synced: !!r.synced, refused: r.refused || null }));
}"""


def owner_home(live_server, label: str) -> tuple[str, RedoHome]:
    email = unique_email(label)
    assert live_server.client().signup(email, display_name="Ann").status_code == 201
    home = RedoHome.fresh(label)
    home.out("init", "--name", label)
    home.out("login", "--server", live_server.base_url, "--email", email, "--password-stdin", stdin=PASSWORD + "\n")
    return email, home


def test_a_new_account_adds_a_task_on_the_first_screen_with_no_key_question(page: Page, live_server) -> None:
    sign_in(page, live_server)
    expect(page.locator("#redo-list")).to_contain_text("No tasks yet. Add your first one above")
    expect(page.locator("#redo-list")).not_to_contain_text("`")
    expect(page.get_by_role("button", name=re.compile("key", re.I))).to_have_count(0)
    page.locator("#redo-add-title").fill("Plant the bulbs")
    page.get_by_role("button", name="Add task").click()
    expect(page.locator(".redo-task", has_text="Plant the bulbs")).to_be_visible()
    expect(page.locator(".redo-sync-status")).to_contain_text("Everything is synced")
    nodes = json_of(page.request.get("/api/redo/nodes"))["nodes"]
    assert [n["data"]["payload"].get("title") for n in nodes if n["action"] == "CREATE"] == ["Plant the bulbs"]
    # The key was made and registered without a word; its details live on the settings page
    keys = json_of(page.request.get("/api/redo/keys"))["keys"]
    assert [k["publicKey"] for k in keys] == [nodes[0]["author"]["publicKey"]]
    page.goto("/redo/settings")
    expect(page.get_by_role("button", name="Export this key for the CLI")).to_be_visible()

    # Offline, Redo still opens: the list from the worker's copy, the task page (never visited)
    # drawn from the browser's log, and a change made there syncs once back online
    page.goto("/redo")
    page.wait_for_function("""async () => {
      const cache = await caches.open("hearth-pages");
      const copies = await Promise.all(["/redo", "/redo/calendar", "/redo/analytics", "/redo/tasks/_offline"]
        .map((path) => cache.match(new URL(path, location.href).href)));
      return copies.every(Boolean);
    }""")
    page.context.set_offline(True)
    page.reload()
    expect(page.locator(".redo-task", has_text="Plant the bulbs")).to_be_visible()
    page.get_by_role("link", name="Plant the bulbs").click()
    expect(page.locator("h1.redo-title")).to_have_text("Plant the bulbs")
    expect(page.locator(".redo-summary")).to_contain_text("Due tomorrow")
    page.get_by_role("button", name="Snooze 1 day").click()
    expect(page.locator(".redo-summary")).to_contain_text("Due in 2 days")
    page.goto("/redo/calendar")
    expect(page.locator(".redo-calendar")).to_be_visible()
    page.goto("/redo/analytics")
    expect(page.locator("h1")).to_be_visible()
    page.context.set_offline(False)
    page.goto("/redo")
    expect(page.locator(".redo-sync-status")).to_contain_text("Everything is synced")
    actions = [n["action"] for n in json_of(page.request.get("/api/redo/nodes"))["nodes"]]
    assert actions.count("SNOOZE") == 1, actions

    # The copies leave with the session
    with page.expect_navigation():
        page.get_by_role("button", name="Log out").click()
    page.wait_for_function("async () => !(await caches.has('hearth-pages'))")


def test_the_first_upload_while_registering_fails_loses_nothing(page: Page, live_server) -> None:
    # Registering the key fails until the route is lifted, as it does offline on first use
    page.route("**/api/redo/keys", lambda route: route.fulfill(status=503, content_type="application/json", body='{"error":{"code":"unavailable","message":"The server is busy; try again."}}'))
    sign_in(page, live_server)
    for title in ("Call the bank", "Renew the passport"):
        page.locator("#redo-add-title").fill(title)
        page.get_by_role("button", name="Add task").click()
        expect(page.locator(".redo-task", has_text=title)).to_contain_text("not synced yet")
    expect(page.locator(".redo-sync-status")).to_contain_text("your changes are safe here")
    assert json_of(page.request.get("/api/redo/nodes"))["nodes"] == []

    # A reload while it still fails keeps both: the sync never forgets unsent work
    page.reload()
    for title in ("Call the bank", "Renew the passport"):
        expect(page.locator(".redo-task", has_text=title)).to_contain_text("not synced yet")
    expect(page.locator(".redo-sync-status")).to_contain_text("your changes are safe here")

    page.unroute("**/api/redo/keys")
    page.evaluate("window.dispatchEvent(new Event('online'))")
    expect(page.locator(".redo-sync-status")).to_contain_text("Everything is synced")
    nodes = json_of(page.request.get("/api/redo/nodes"))["nodes"]
    titles = sorted(n["data"]["payload"]["title"] for n in nodes if n["action"] == "CREATE")
    assert titles == ["Call the bank", "Renew the passport"]
    expect(page.locator(".redo-task", has_text="not synced yet")).to_have_count(0)


def test_a_read_only_participants_offline_edit_is_refused_shown_and_discarded(page: Page, live_server) -> None:
    bob = sign_in(page, live_server)
    _, ann = owner_home(live_server, "ann-owner")
    # The CLI (Europe/Paris) makes a due day end at its midnight, which is the next morning in
    # the page's Asia/Tokyo: so Tokyo's today, given to the CLI, is tomorrow on the page, at
    # any hour (a relative "tomorrow" was right only from 15:00 to 23:00 UTC).
    today_in_tokyo = datetime.now(ZoneInfo("Asia/Tokyo")).date().isoformat()
    ann.out("add", "Water the plants", "--due", today_in_tokyo)
    ann.out("sync")
    task = ann.json("list")[0]
    ann.out("share", task["id"], bob, "--read-write")
    bob_token = json_of(live_server.client().login(bob))["accessToken"]
    answer = {"app": "redo", "kind": "task", "resourceId": task["id"], "decision": "accept"}
    assert live_server.client().with_token(bob_token).post("/api/invitations/respond", json=answer).status_code == 200
    page.reload()
    row = page.locator(".redo-task", has_text="Water the plants")
    expect(row).to_contain_text("Due tomorrow")
    expect(page.locator(".redo-sync-status")).to_contain_text("Everything is synced")

    # Offline, Bob snoozes it; meanwhile Ann makes him read-only
    page.context.set_offline(True)
    expect(page.locator(".redo-sync-status")).to_contain_text("Offline")
    ann.out("share", task["id"], bob, "--read-only")
    page.get_by_role("button", name="Snooze Water the plants one day").click()
    expect(row).to_contain_text("Due in 2 days")
    expect(row).to_contain_text("not synced yet")

    # Back online: the change is refused, shown in words, and out of the task at once
    page.context.set_offline(False)
    page.evaluate("window.dispatchEvent(new Event('online'))")
    refused = page.locator(".redo-refused")
    expect(refused).to_contain_text("You can only view this task.")
    expect(refused).to_contain_text("Water the plants")
    expect(row).to_contain_text("Due tomorrow")
    expect(row).not_to_contain_text("not synced yet")

    page.get_by_role("button", name="Discard my change to Water the plants").click()
    expect(refused).to_have_count(0)
    expect(page.locator("#redo-messages")).to_contain_text("Discarded")
    # What the browser holds of the task is exactly what the owner's server holds
    ann.out("sync")
    held = page.evaluate(LOG_NODES, task["id"])
    owner = json_of(live_server.client().with_token(bob_token).get(f"/api/redo/tasks/{task['id']}/nodes"))["nodes"]
    assert sorted(r["id"] for r in held) == sorted(n["id"] for n in owner)
    assert all(r["synced"] and r["refused"] is None for r in held)
    # A reload shows the same, and nothing waits
    page.reload()
    expect(row).to_contain_text("Due tomorrow")
    expect(page.locator(".redo-refused")).to_have_count(0)
    expect(page.locator(".redo-sync-status")).to_contain_text("Everything is synced")
