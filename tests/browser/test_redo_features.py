"""What Redo's users had in the reference app, on the web: batch actions, the calendar of due
dates, snoozing to a day and completing with a note, and saved views on every device."""

from __future__ import annotations

import datetime as dt
from zoneinfo import ZoneInfo

from dialogs import answer
from hearth_harness import PASSWORD
from playwright.sync_api import Page, expect
from test_redo import sign_in


def add_task(page: Page, title: str) -> None:
    page.locator("#redo-add-title").fill(title)
    page.get_by_role("button", name="Add task").click()
    expect(page.locator(".redo-task", has_text=title)).to_be_visible()


def test_batch_actions_calendar_notes_and_snoozing_to_a_day(page: Page, live_server) -> None:
    sign_in(page, live_server)
    expect(page.locator(".redo-device-status")).to_contain_text("signs your changes as")
    for title in ("Alpha", "Beta", "Gamma"):
        add_task(page, title)

    # Two chosen, then completed together
    page.get_by_role("checkbox", name="Select Alpha").check()
    page.get_by_role("checkbox", name="Select Beta").check()
    toolbar = page.get_by_role("toolbar", name="Selected tasks")
    expect(toolbar).to_contain_text("2 selected")
    toolbar.get_by_role("button", name="Complete").click()
    expect(page.locator(".toast")).to_contain_text("Completed 2 tasks.")
    expect(page.locator(".redo-task")).to_have_count(1)
    expect(toolbar).to_be_hidden()
    expect(page.locator(".redo-sync-status")).to_contain_text("Everything is synced")

    # The calendar shows what is left on its day
    page.get_by_role("link", name="Calendar").click()
    calendar = page.locator(".redo-month")
    # Gamma is due tomorrow in the browser's zone, which may be in the next month
    today = dt.datetime.now(ZoneInfo("Asia/Tokyo")).date()
    if (today + dt.timedelta(days=1)).month != today.month:
        page.get_by_role("button", name="Next →").click()
    expect(calendar.locator("caption")).to_contain_text("1 due")
    expect(calendar.get_by_role("link", name="Gamma")).to_be_visible()

    # On the task's page: snooze to a chosen day with a note, then complete with a note
    calendar.get_by_role("link", name="Gamma").click()
    later = dt.date.today() + dt.timedelta(days=10)
    page.locator("#redo-snooze-until").fill(later.isoformat())
    page.locator("#redo-snooze-notes").fill("Waiting for parts")
    page.get_by_role("button", name="Snooze", exact=True).click()
    expect(page.locator(".redo-summary")).to_contain_text("Due in 1 week")
    expect(page.locator(".redo-todos")).to_contain_text("Waiting for parts")
    page.locator("#redo-complete-notes").fill("Fixed at last")
    page.get_by_role("button", name="Complete", exact=True).click()
    expect(page.locator(".redo-summary")).to_contain_text("Done")
    expect(page.locator(".redo-todos")).to_contain_text("Fixed at last")


def test_saved_views_follow_the_account_to_another_browser(page: Page, browser, live_server) -> None:
    email = sign_in(page, live_server)
    page.goto("/redo?q=garden&sort=title")
    page.get_by_role("button", name="Save this view").click()
    page.get_by_label("Its name").fill("Garden jobs")
    answer(page, "Save")
    expect(page.locator(".redo-saved-presets")).to_contain_text("Garden jobs")

    context = browser.new_context(base_url=live_server.base_url)
    other = context.new_page()
    other.goto("/login?next=/redo")
    other.locator('input[name="email"]').fill(email)
    other.locator('input[name="password"]').fill(PASSWORD)
    other.get_by_role("button", name="Log in").click()
    other.wait_for_url("**/redo")
    saved = other.locator(".redo-saved-presets")
    expect(saved.get_by_role("link", name="Garden jobs")).to_have_attribute("href", "/redo?q=garden&sort=title")
    saved.get_by_role("button", name="Forget the view Garden jobs").click()
    expect(saved).not_to_contain_text("Garden jobs")
    context.close()
    page.reload()
    expect(page.locator(".redo-saved-presets")).not_to_contain_text("Garden jobs")
