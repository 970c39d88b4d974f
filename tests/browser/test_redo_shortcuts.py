"""Redo's keyboard shortcuts on the task list: add, move, complete, snooze, search and `?`."""

from __future__ import annotations

from playwright.sync_api import Page, expect
from test_redo import sign_in


def test_the_list_works_from_the_keyboard(page: Page, live_server) -> None:
    sign_in(page, live_server)
    expect(page.locator(".redo-keys-hint")).to_contain_text("Press ? for keyboard shortcuts")

    # n goes to the add field, which keeps the focus for the next task; what is typed there is
    # text, not shortcuts
    page.locator("body").press("n")
    expect(page.locator("#redo-add-title")).to_be_focused()
    for line, title in (("Alpha jobs p1", "Alpha jobs"), ("Beta jobs", "Beta jobs"), ("Gamma jobs", "Gamma jobs")):
        page.keyboard.type(line)
        page.keyboard.press("Enter")
        expect(page.locator(".redo-task", has_text=title)).to_be_visible()
        expect(page.locator("#redo-add-title")).to_be_focused()
    expect(page.locator("#redo-add-title")).to_have_value("")
    page.locator("#redo-add-title").blur()

    # j and k move between tasks; the list is in rank order, Alpha (p1) first
    titles = page.locator(".redo-task .redo-task-title")
    page.keyboard.press("j")
    expect(titles.nth(0)).to_be_focused()
    page.keyboard.press("j")
    expect(titles.nth(1)).to_be_focused()
    page.keyboard.press("k")
    expect(titles.nth(0)).to_be_focused()
    page.keyboard.press("ArrowDown")
    expect(titles.nth(1)).to_be_focused()
    second = titles.nth(1).text_content()

    # s snoozes the task you are on by a day; x completes it and the focus stays on the list
    page.keyboard.press("s")
    expect(page.locator(".redo-task", has_text=second)).to_contain_text("Due in 2 days")
    row_focused = page.locator(".redo-task:focus-within")
    expect(row_focused).to_have_count(1)
    focused_title = row_focused.locator(".redo-task-title").text_content()
    page.keyboard.press("x")
    expect(page.locator(".redo-task", has_text=focused_title)).to_have_count(0)
    expect(page.locator(".toast")).to_contain_text(f"Completed “{focused_title}”.")
    expect(page.locator(".redo-task:focus-within")).to_have_count(1)

    # Enter opens the task you are on
    page.keyboard.press("j")
    opened = page.locator(".redo-task:focus-within .redo-task-title").text_content()
    page.keyboard.press("Enter")
    expect(page.locator("h1.redo-title")).to_have_text(opened)
    page.go_back()

    # / goes to the search, and ? lists every shortcut in a dialog Escape closes
    page.locator("body").press("/")
    expect(page.locator("#redo-q")).to_be_focused()
    page.locator("#redo-q").blur()
    page.keyboard.press("?")
    dialog = page.get_by_role("dialog", name="Keyboard shortcuts")
    expect(dialog).to_be_visible()
    for text in ("Add a task", "Move to the next task", "Complete the task you are on", "Snooze it one day", "Search", "Show these shortcuts"):
        expect(dialog).to_contain_text(text)
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()


def test_the_list_fits_a_phone(page: Page, live_server) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    sign_in(page, live_server)
    for title in ("Buy oat milk and a loaf of the good sourdough bread", "Ring the plumber about the boiler", "Pay the phone bill", "Book the car service", "Renew the library card", "Return the parcel"):
        page.locator("#redo-add-title").fill(title)
        page.get_by_role("button", name="Add task").click()
        expect(page.locator(".redo-task", has_text=title[:20])).to_be_visible()

    # Compact cards: one line of title, the actions beside it
    heights = page.locator(".redo-task").evaluate_all("(rows) => rows.map((row) => row.getBoundingClientRect().height)")
    assert max(heights) < 90, heights
    assert page.evaluate("document.documentElement.scrollWidth") <= 390

    # The filters wait behind their button
    expect(page.locator("#redo-q")).to_be_hidden()
    page.get_by_text("Filters and sort").click()
    expect(page.locator("#redo-q")).to_be_visible()

    # The batch bar stays in view while the list scrolls under it
    for title in ("Pay the phone bill", "Return the parcel"):
        page.get_by_role("checkbox", name=f"Select {title}").check()
    bar = page.get_by_role("toolbar", name="Selected tasks")
    expect(bar).to_contain_text("2 selected")
    page.mouse.wheel(0, 400)
    page.wait_for_function("window.scrollY > 100")
    # (the list may redraw as the adds sync, so the check waits for the bar drawn last)
    expect(bar).to_be_in_viewport()
    expect(bar).to_contain_text("2 selected")
