"""Bringing tasks into Redo from Todoist's CSV export and Taskwarrior's JSON export, signed in
the browser as any change is (fixtures in Tests/Fixtures/redo-imports, to each tool's format)."""

from __future__ import annotations

from pathlib import Path

from hearth_harness import json_of
from playwright.sync_api import Page, expect
from test_redo import sign_in

FIXTURES = Path(__file__).resolve().parents[2] / "Tests" / "Fixtures" / "redo-imports"


def import_file(page: Page, name: str) -> None:
    page.goto("/redo/settings")
    page.locator("#redo-import-file").set_input_files(str(FIXTURES / name))


def test_a_todoist_export_comes_over_as_signed_tasks(page: Page, live_server) -> None:
    sign_in(page, live_server)
    import_file(page, "todoist.csv")
    preview = page.locator(".redo-import-preview")
    expect(preview).to_contain_text("Found 4 open tasks in this Todoist export: Pay rent, Water the plants")
    page.get_by_role("button", name="Import 4 tasks").click()
    expect(preview).to_contain_text("Imported 4 tasks from Todoist.")
    preview.get_by_role("link", name="See them on the task list").click()
    for title in ("Pay rent", "Water the plants", "Buy stamps, envelopes", "Send the report"):
        expect(page.locator(".redo-task", has_text=title)).to_be_visible()
    expect(page.locator(".redo-task", has_text="Water the plants")).to_contain_text("every 3 days")
    expect(page.locator(".redo-sync-status")).to_contain_text("Everything is synced")
    nodes = json_of(page.request.get("/api/redo/nodes"))["nodes"]
    creates = {n["data"]["payload"]["title"]: n["data"]["payload"] for n in nodes if n["action"] == "CREATE"}
    assert creates["Pay rent"]["priority"] == 5
    assert "Landlord changed banks" in creates["Pay rent"]["description"]
    assert creates["Send the report"]["description"] == 'Numbers for Q4, "final" version'
    todos = {n["taskId"]: n["data"]["payload"]["deadline"] for n in nodes if n["action"] == "CREATE_TODO"}
    stamps = next(n["taskId"] for n in nodes if n["action"] == "CREATE" and n["data"]["payload"]["title"] == "Buy stamps, envelopes")
    # The end of 5 December in the browser's zone (Asia/Tokyo)
    assert todos[stamps] == "2026-12-05T14:59:59.999Z"


def test_a_taskwarrior_export_brings_its_open_tasks_and_says_what_it_left_out(page: Page, live_server) -> None:
    sign_in(page, live_server)
    import_file(page, "taskwarrior.json")
    preview = page.locator(".redo-import-preview")
    expect(preview).to_contain_text("Found 4 open tasks in this Taskwarrior export")
    expect(preview).to_contain_text("Left out: 1 completed, 1 deleted.")
    page.get_by_role("button", name="Import 4 tasks").click()
    expect(preview).to_contain_text("Imported 4 tasks from Taskwarrior.")
    page.goto("/redo")
    expect(page.locator(".redo-task", has_text="Take out the bins")).to_contain_text("weekly")
    expect(page.locator(".redo-task", has_text="Call the dentist")).to_have_count(0)
    expect(page.locator(".redo-sync-status")).to_contain_text("Everything is synced")
    nodes = json_of(page.request.get("/api/redo/nodes"))["nodes"]
    passport = next(n["taskId"] for n in nodes if n["action"] == "CREATE" and n["data"]["payload"]["title"] == "Renew the passport")
    deadline = next(n["data"]["payload"]["deadline"] for n in nodes if n["action"] == "CREATE_TODO" and n["taskId"] == passport)
    assert deadline == "2026-12-10T17:00:00.000Z"


def test_a_file_that_is_neither_export_is_refused_in_words(page: Page, live_server, tmp_path) -> None:
    sign_in(page, live_server)
    wrong = tmp_path / "notes.csv"
    wrong.write_text("name,when\nmilk,today\n")
    page.goto("/redo/settings")
    page.locator("#redo-import-file").set_input_files(str(wrong))
    expect(page.locator(".redo-import-preview")).to_contain_text("Nothing to import: this is neither a Todoist CSV export")
    expect(page.get_by_role("button", name="Import", exact=True)).to_be_hidden()
