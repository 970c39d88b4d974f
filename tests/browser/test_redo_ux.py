"""Issue 16 on Redo: the list first with a one-line quick add, a toast with Undo after every
change (written as new signed nodes), the due date edited on the task page, snoozing an overdue
task from today, the analytics chart at phone and desk widths, and the history in words."""

from __future__ import annotations

import datetime as dt
import re
import time

from zoneinfo import ZoneInfo

from dialogs import answer
from playwright.sync_api import Page, expect
from test_redo import sign_in

# The browser's zone in these tests (conftest.py), where "tomorrow" is read.
ZONE = ZoneInfo("Asia/Tokyo")
UUID = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")


def start(page: Page, live_server) -> None:
    sign_in(page, live_server)
    expect(page.locator(".redo-device-status")).to_contain_text("signs your changes as")


def quick_add(page: Page, line: str, title: str) -> None:
    page.locator("#redo-add-title").fill(line)
    page.get_by_role("button", name="Add task").click()
    expect(page.locator(".redo-task", has_text=title)).to_be_visible()


def server_nodes(page: Page, enough) -> list[dict]:
    """The server's nodes, once `enough(nodes)` holds (uploads may still be on their way)."""
    deadline = time.monotonic() + 10
    while True:
        nodes = page.request.get("/api/redo/nodes").json()["nodes"]
        if enough(nodes) or time.monotonic() > deadline:
            return nodes
        time.sleep(0.2)


def actions_of(nodes: list[dict], task_id: str) -> list[str]:
    ordered = sorted((n for n in nodes if n["taskId"] == task_id), key=lambda n: (n["timestamp"]["lamport"], n["timestamp"]["wall"]))
    return [n["action"] for n in ordered]


def visible_text(page: Page) -> str:
    """What a person reads: the page without the closed Details."""
    return page.evaluate("() => document.querySelector('main').innerText")


def test_the_list_comes_first_with_a_quick_add_that_reads_the_line(page: Page, live_server) -> None:
    start(page, live_server)
    order = page.evaluate(
        """() => ['.redo-quick', '#redo-list', '.redo-filters', '#redo-device']
             .map((s) => document.querySelector(s))
             .every((el, i, all) => i === 0 || (all[i - 1].compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING))"""
    )
    assert order, "quick add, then the list, then filters, then this browser's key"
    expect(page.locator("#redo-add-priority")).to_have_count(0)
    expect(page.locator("#redo-add-every")).to_have_count(0)

    # What was understood shows before adding
    preview = page.locator(".redo-quick-preview")
    expect(preview).to_be_hidden()
    page.locator("#redo-add-title").fill("Buy milk tomorrow p1 every 3d")
    tomorrow = dt.datetime.now(ZONE).date() + dt.timedelta(days=1)
    expect(preview.locator("li")).to_have_count(3)
    expect(preview.locator("li").first).to_have_text(f"Due tomorrow ({tomorrow.strftime('%a, %b')} {tomorrow.day})")
    expect(preview.locator("li").nth(1)).to_have_text("P1 · Urgent")
    expect(preview).to_contain_text("Repeats every 3 days from")

    page.get_by_role("button", name="Add task").click()
    row = page.locator(".redo-task", has_text="Buy milk")
    expect(row.locator(".redo-task-title")).to_have_text("Buy milk")
    expect(row).to_contain_text("Due tomorrow")
    expect(row).to_contain_text("· P1 · Urgent priority")
    expect(row).to_contain_text("every 3 days")
    expect(page.locator("#redo-add-title")).to_have_value("")
    expect(preview).to_be_hidden()

    nodes = server_nodes(page, lambda nodes: len(nodes) >= 2)
    create = next(n for n in nodes if n["action"] == "CREATE")
    assert create["data"]["payload"] == {"title": "Buy milk", "priority": 5, "frequencyDays": 3}
    todo = next(n for n in nodes if n["action"] == "CREATE_TODO")
    deadline = dt.datetime.fromisoformat(todo["data"]["payload"]["deadline"].replace("Z", "+00:00"))
    assert deadline.astimezone(ZONE).date() == tomorrow


def test_every_change_has_an_undo_written_as_a_new_signed_node(page: Page, live_server) -> None:
    start(page, live_server)
    toast = page.locator(".toast")

    # Add, undone: the task is deleted by a DELETE node, nothing is removed
    quick_add(page, "Alpha", "Alpha")
    alpha = page.locator(".redo-task", has_text="Alpha").get_attribute("data-task-id")
    expect(toast).to_contain_text("Added “Alpha”.")
    toast.get_by_role("button", name="Undo").click()
    expect(page.locator(".redo-task", has_text="Alpha")).to_have_count(0)
    expect(toast).to_contain_text("Undone.")

    # Complete, undone: a new todo due when the done one was
    quick_add(page, "Beta", "Beta")
    beta = page.locator(".redo-task", has_text="Beta")
    beta_id = beta.get_attribute("data-task-id")
    page.get_by_role("button", name="Complete Beta").click()
    expect(toast).to_contain_text("Completed “Beta”.")
    expect(page.locator(".redo-task", has_text="Beta")).to_have_count(0)
    toast.get_by_role("button", name="Undo").click()
    expect(page.locator(".redo-task", has_text="Beta")).to_contain_text("Due tomorrow")

    # Snooze, undone: a SNOOZE back to the old deadline
    page.get_by_role("button", name="Snooze Beta one day").click()
    expect(page.locator(".redo-task", has_text="Beta")).to_contain_text("Due in 2 days")
    expect(toast).to_contain_text("Snoozed to")
    toast.get_by_role("button", name="Undo").click()
    expect(page.locator(".redo-task", has_text="Beta")).to_contain_text("Due tomorrow")

    # On the task's page: archive and edit, each undone after the page reloads
    page.get_by_role("link", name="Beta").click()
    page.get_by_role("button", name="Archive").click()
    expect(page.locator(".redo-summary")).to_contain_text("Archived")
    expect(toast).to_contain_text("Archived “Beta”.")
    toast.get_by_role("button", name="Undo").click()
    expect(page.locator(".redo-summary")).to_contain_text("Due tomorrow")
    expect(toast).to_contain_text("Undone.")

    page.locator("#redo-edit-title").fill("Beta two")
    page.locator("#redo-edit-priority").select_option("5")
    page.get_by_role("button", name="Save changes").click()
    expect(page.locator("h1.redo-title")).to_have_text("Beta two")
    expect(toast).to_contain_text("Saved “Beta two”.")
    toast.get_by_role("button", name="Undo").click()
    expect(page.locator("h1.redo-title")).to_have_text("Beta")
    expect(page.locator(".redo-summary")).to_contain_text("P3 · Medium")

    # Delete, undone: the protocol has no undelete, so the task comes back as a new copy
    page.get_by_role("button", name="Delete").click()
    answer(page, "Delete")
    page.wait_for_url("**/redo")
    expect(toast).to_contain_text("Deleted “Beta”.")
    expect(page.locator(".redo-task", has_text="Beta")).to_have_count(0)
    toast.get_by_role("button", name="Undo").click()
    copy = page.locator(".redo-task", has_text="Beta")
    expect(copy).to_contain_text("Due tomorrow")
    expect(toast).to_contain_text("new copy")
    assert copy.get_attribute("data-task-id") != beta_id

    nodes = server_nodes(page, lambda nodes: "DELETE" in actions_of(nodes, beta_id) and len(nodes) >= 19)
    assert actions_of(nodes, alpha) == ["CREATE", "CREATE_TODO", "DELETE"]
    assert actions_of(nodes, beta_id) == [
        "CREATE", "CREATE_TODO", "COMPLETE_TODO", "CREATE_TODO", "SNOOZE", "SNOOZE",
        "ARCHIVE", "UNARCHIVE", "UPDATE", "UPDATE", "DELETE",
    ]
    beta_nodes = sorted((n for n in nodes if n["taskId"] == beta_id), key=lambda n: n["timestamp"]["lamport"])
    assert beta_nodes[9]["data"]["payload"] == {"title": "Beta", "priority": 3}
    assert all(n.get("signature") for n in nodes)


def test_undoing_a_repeating_completion_brings_the_old_due_date_back(page: Page, live_server) -> None:
    start(page, live_server)
    quick_add(page, "Water the ferns tomorrow every 3d", "Water the ferns")
    row = page.locator(".redo-task", has_text="Water the ferns")
    page.get_by_role("button", name="Complete Water the ferns").click()
    expect(row).to_contain_text("Due in 3 days")
    page.locator(".toast").get_by_role("button", name="Undo").click()
    expect(row).to_contain_text("Due tomorrow")
    task_id = row.get_attribute("data-task-id")
    nodes = server_nodes(page, lambda nodes: len(nodes) >= 5)
    # The completion stays in the history; the next todo is moved back by a SNOOZE
    assert actions_of(nodes, task_id) == ["CREATE", "CREATE_TODO", "COMPLETE_TODO", "CREATE_TODO", "SNOOZE"]


def test_the_due_date_is_edited_on_the_task_page(page: Page, live_server) -> None:
    start(page, live_server)
    quick_add(page, "Dentist", "Dentist")
    page.get_by_role("link", name="Dentist").click()
    later = dt.datetime.now(ZONE).date() + dt.timedelta(days=10)
    page.locator("#redo-edit-due").fill(later.isoformat())
    page.get_by_role("button", name="Save changes").click()
    expect(page.locator(".redo-summary")).to_contain_text("Due in 1 week")
    expect(page.locator("#redo-edit-due")).to_have_value(later.isoformat())
    expect(page.locator(".toast")).to_contain_text("Due ")
    task_id = page.url.rstrip("/").split("/")[-1]
    last = page.request.get(f"/api/redo/tasks/{task_id}/nodes").json()["nodes"][-1]
    assert last["action"] == "SNOOZE"
    assert "newDeadline" in last["data"]["payload"]
    expect(page.locator(".redo-events")).to_contain_text("Due date moved to")


def test_snoozing_an_overdue_task_moves_it_from_today(page: Page, live_server) -> None:
    start(page, live_server)
    quick_add(page, "Pay the old bill 2020-01-02", "Pay the old bill")
    row = page.locator(".redo-task", has_text="Pay the old bill")
    expect(row).to_contain_text("days overdue")
    page.get_by_role("button", name="Snooze Pay the old bill one day").click()
    expect(row).to_contain_text("Due tomorrow")


def test_the_analytics_chart_fits_at_phone_and_desk_widths(page: Page, live_server) -> None:
    start(page, live_server)
    quick_add(page, "Stretch", "Stretch")
    page.get_by_role("button", name="Complete Stretch").click()
    server_nodes(page, lambda nodes: any(n["action"] == "COMPLETE_TODO" for n in nodes))
    for width in (390, 1280):
        page.set_viewport_size({"width": width, "height": 900})
        page.goto("/redo/analytics")
        bars = page.locator(".redo-bars")
        expect(bars.locator("li")).to_have_count(30)
        # A bar only on the one day with a completion
        expect(bars.locator("svg.redo-bar")).to_have_count(1)
        dates = bars.locator(".redo-bar-date")
        expect(dates).to_have_count(5)
        expect(dates.last).to_have_text(re.compile(r"^[A-Z][a-z]{2} \d{1,2}$"))
        fits = page.evaluate(
            """() => {
              const chart = document.querySelector('.redo-bars').getBoundingClientRect();
              const box = document.querySelector('.redo-bars').closest('section').getBoundingClientRect();
              const labels = [...document.querySelectorAll('.redo-bar-date')].map((l) => l.getBoundingClientRect());
              return chart.right <= box.right + 0.5 && chart.left >= box.left - 0.5
                && labels.every((l) => l.left >= chart.left - 0.5 && l.right <= chart.right + 0.5)
                && document.documentElement.scrollWidth <= window.innerWidth;
            }"""
        )
        assert fits, f"the chart fits its box at {width} px"


def test_the_history_is_in_words_and_ids_are_behind_details(page: Page, live_server) -> None:
    start(page, live_server)
    quick_add(page, "Call mum p2", "Call mum")
    page.get_by_role("button", name="Complete Call mum").click()
    server_nodes(page, lambda nodes: any(n["action"] == "COMPLETE_TODO" for n in nodes))
    page.goto("/redo?all=1")
    words = visible_text(page)
    assert "rank" not in words and not UUID.search(words) and not re.search(r"[0-9a-f]{32}", words)

    page.get_by_role("link", name="Call mum").click()
    events = page.locator(".redo-events li")
    expect(events).to_have_count(3)
    expect(events.nth(2)).to_contain_text("Created “Call mum” (P2 · High priority)")
    expect(events.nth(1)).to_contain_text("Due ")
    expect(events.nth(0)).to_contain_text("Completed")
    expect(events.nth(0)).to_contain_text("You")
    expect(events.nth(0).locator("time")).to_have_count(1)
    words = visible_text(page)
    for hidden in ("sha256:", "COMPLETE_TODO", "UTC", "Lamport"):
        assert hidden not in words, hidden
    assert not UUID.search(words)
    details = page.locator(".redo-nodes")
    details.locator("summary").click()
    expect(details).to_contain_text("sha256:")
    expect(details).to_contain_text("COMPLETE_TODO")
