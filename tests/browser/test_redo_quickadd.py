"""Issue 37 on Redo: the quick add reads the dates, times and repeats people type, says before
adding what the protocol will hold (a month is 30 days) and which deadline a task with no date
gets, and every page names priorities on one scale, p1 the most urgent."""

from __future__ import annotations

import datetime as dt

from playwright.sync_api import Page, expect
from test_redo import sign_in
from test_redo_ux import ZONE, server_nodes


def ready_to_sign(page: Page) -> None:
    """The browser's key: made on first use, or (before that) with a click."""
    create = page.get_by_role("button", name="Create a key for this browser")
    ready = page.locator(".redo-device.ready")
    expect(ready.or_(create).first).to_be_visible()
    if create.is_visible():
        create.click()
    expect(ready).to_be_visible()


def words(day: dt.date, today: dt.date) -> str:
    """A day as the preview writes it: "Tue, Dec 1", with the year when it is not this one."""
    return f"{day.strftime('%a, %b')} {day.day}" + ("" if day.year == today.year else f", {day.year}")


def due(day: dt.date, today: dt.date) -> str:
    """The due day as the preview says it: "today (…)", "tomorrow (…)" or the day alone."""
    ahead = (day - today).days
    return {0: f"today ({words(day, today)})", 1: f"tomorrow ({words(day, today)})"}.get(ahead, words(day, today))


def local(wall: str) -> dt.datetime:
    return dt.datetime.fromisoformat(wall.replace("Z", "+00:00")).astimezone(ZONE)


def test_the_quick_add_reads_days_times_and_repeats_and_says_what_it_will_add(page: Page, live_server) -> None:
    sign_in(page, live_server)
    ready_to_sign(page)
    today = dt.datetime.now(ZONE).date()
    tomorrow = today + dt.timedelta(days=1)
    first_of_month = (today.replace(day=1) + dt.timedelta(days=32)).replace(day=1)
    friday = today + dt.timedelta(days=(4 - today.weekday()) % 7 or 7)
    preview = page.locator(".redo-quick-preview")
    chips = preview.locator("li.tag")
    notes = preview.locator("li.redo-quick-note")

    # Each line, what the preview says before adding, then the task it adds
    lines = [
        (
            "Pay rent on the 1st every month p2",
            "Pay rent",
            [
                f"Due {due(first_of_month, today)}",
                "P2 · High",
                f"Repeats every 30 days from {words(first_of_month, today)}",
            ],
            [
                "Redo repeats by a count of days: a month is 30 days, counted from each completion,"
                " so later deadlines drift from the 1st."
            ],
        ),
        (
            "Call mum tomorrow 9am p1",
            "Call mum",
            [f"Due {due(tomorrow, today)} at 09:00", "P1 · Urgent"],
            [],
        ),
        (
            "Return the books in 3 days",
            "Return the books",
            [f"Due {due(today + dt.timedelta(days=3), today)}"],
            [],
        ),
        (
            "Team notes every other Friday p5",
            "Team notes",
            [f"Due {due(friday, today)}", "P5 · Someday", f"Repeats every 2 weeks from {words(friday, today)}"],
            [],
        ),
        (
            "Water the ferns every 2 weeks",
            "Water the ferns",
            [
                f"Due {due(today + dt.timedelta(days=14), today)} — type a date to change it",
                f"Repeats every 2 weeks from {words(today + dt.timedelta(days=14), today)}",
            ],
            [],
        ),
        (
            "Stretch every day",
            "Stretch",
            [
                f"Due {due(tomorrow, today)} — type a date to change it",
                f"Repeats every day from {words(tomorrow, today)}",
            ],
            [],
        ),
        (
            "Read a book",
            "Read a book",
            [f"Due {due(tomorrow, today)} — type a date to change it"],
            [],
        ),
    ]
    for line, title, said, noted in lines:
        page.locator("#redo-add-title").fill(line)
        expect(chips).to_have_text(said)
        expect(notes).to_have_text(noted)
        page.get_by_role("button", name="Add task").click()
        expect(page.locator(".redo-task-title", has_text=title)).to_be_visible()
        expect(preview).to_be_hidden()

    # The tasks as signed: the protocol's priority (p1 is 5), the repeat in days, the first deadline
    nodes = server_nodes(page, lambda nodes: len(nodes) >= 2 * len(lines))
    tasks = {}
    for create in (n for n in nodes if n["action"] == "CREATE"):
        todo = next(n for n in nodes if n["action"] == "CREATE_TODO" and n["taskId"] == create["taskId"])
        tasks[create["data"]["payload"]["title"]] = (create["data"]["payload"], local(todo["data"]["payload"]["deadline"]))
    assert set(tasks) == {title for _, title, _, _ in lines}

    payload, deadline = tasks["Pay rent"]
    assert payload == {"title": "Pay rent", "priority": 4, "frequencyDays": 30}
    assert deadline.date() == first_of_month and (deadline.hour, deadline.minute) == (23, 59)

    payload, deadline = tasks["Call mum"]
    assert payload == {"title": "Call mum", "priority": 5}
    assert deadline == dt.datetime.combine(tomorrow, dt.time(9, 0), ZONE)

    payload, deadline = tasks["Return the books"]
    assert payload == {"title": "Return the books"}
    assert deadline.date() == today + dt.timedelta(days=3)

    payload, deadline = tasks["Team notes"]
    assert payload == {"title": "Team notes", "priority": 1, "frequencyDays": 14}
    assert deadline.date() == friday

    # No date typed: the planner's default, one repeat (or a day) from now, on the day shown
    payload, deadline = tasks["Water the ferns"]
    assert payload == {"title": "Water the ferns", "frequencyDays": 14}
    assert deadline.date() == today + dt.timedelta(days=14)
    payload, deadline = tasks["Stretch"]
    assert payload == {"title": "Stretch", "frequencyDays": 1}
    assert deadline.date() == tomorrow
    payload, deadline = tasks["Read a book"]
    assert payload == {"title": "Read a book"}
    assert deadline.date() == tomorrow

    # The list and the task's page name the priority on the same scale; the edit menu starts at P1
    expect(page.locator(".redo-task", has_text="Call mum")).to_contain_text("· P1 · Urgent priority")
    expect(page.locator(".redo-task", has_text="Pay rent")).to_contain_text("· P2 · High priority")
    page.get_by_role("link", name="Team notes").click()
    expect(page.locator(".redo-summary")).to_contain_text("P5 · Someday")
    options = page.locator("#redo-edit-priority option")
    expect(options).to_have_text(["P1 · Urgent", "P2 · High", "P3 · Medium", "P4 · Low", "P5 · Someday"])
    expect(page.locator("#redo-edit-priority")).to_have_value("1")
