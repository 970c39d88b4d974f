"""A Redo task's deadline reminder in the browser: chosen on the task page, then, when the
server's clock (HEARTH_TEST_CLOCK, POST /api/debug/clock) reaches ten minutes before the
deadline, delivered as a Web Push to a push service on loopback and listed in the inbox."""

from __future__ import annotations

from datetime import datetime

from fake_push import FakePushService
from hearth_harness import PASSWORD, HearthServer, describe, json_of, make_workdir, sqlite_url, unique_email
from playwright.sync_api import Browser, Page, expect
from test_push import Browser as PushDevice


def test_a_reminder_before_the_deadline_is_pushed_and_kept_in_the_inbox(browser: Browser) -> None:
    # A server of its own, whose clock the test moves (the shared one's must follow real time)
    workdir = make_workdir("browser-redo-reminder")
    server = HearthServer(
        sqlite_url(workdir / "hearth.sqlite"), workdir, name="redo-reminder",
        extra_env={"HEARTH_TEST_CLOCK": "on"},
    )
    server.start()
    push = FakePushService().start()
    context = browser.new_context(
        base_url=server.base_url, viewport={"width": 1280, "height": 900},
        timezone_id="Europe/Paris", locale="en-US",
    )
    try:
        check_reminder(context.new_page(), server, push)
    finally:
        context.close()
        push.stop()
        server.stop()


def log_in(page: Page, email: str, then: str) -> None:
    page.goto(f"/login?next={then}")
    page.locator('input[name="email"]').fill(email)
    page.locator('input[name="password"]').fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url(f"**{then}")


def api_client(server: HearthServer, email: str):
    """Signed in again whenever needed: moving the clock ends access tokens."""
    r = server.client().login(email)
    assert r.status_code == 200, describe(r)
    return server.client().with_token(json_of(r)["accessToken"])


def check_reminder(page: Page, server: HearthServer, push: FakePushService) -> None:
    email = unique_email("remind")
    r = server.client().signup(email, display_name="Rem", timeZone="Europe/Paris")
    assert r.status_code == 201, describe(r)
    api = api_client(server, email)
    phone = PushDevice(push.script("/push/rem", 201))
    assert api.post("/api/push/subscriptions", json=phone.subscription()).status_code == 201

    # A task due tomorrow, added in the browser; its nodes reach the server
    log_in(page, email, "/redo")
    make_key = page.get_by_role("button", name="Create a key for this browser")
    if make_key.is_visible():
        make_key.click()
    page.locator("#redo-add-title").fill("Pay the rent tomorrow")
    with page.expect_response(
        lambda response: response.url.endswith("/api/redo/nodes") and response.request.method == "POST"
    ) as upload:
        page.get_by_role("button", name="Add task").click()
    assert upload.value.ok, upload.value.text()
    page.get_by_role("link", name="Pay the rent").click()
    expect(page.locator("h1.redo-title")).to_have_text("Pay the rent")

    # The task page asks when to remind, and says when the reminder comes
    form = page.get_by_role("form", name="Remind me")
    expect(form).to_contain_text("You will not be reminded of this task.")
    form.locator("#redo-reminder-before").select_option(label="10 minutes before")
    form.get_by_role("button", name="Save reminder").click()
    expect(page.locator(".flash")).to_contain_text("You will be reminded 10 minutes before.")
    expect(page.get_by_role("form", name="Remind me")).to_contain_text("Next reminder:")
    task_id = page.url.rstrip("/").split("/")[-1]
    reminder = json_of(api.get(f"/api/redo/tasks/{task_id}/reminder"))
    assert reminder["before"] == 10, reminder
    next_at = datetime.fromisoformat(reminder["nextAt"].replace("Z", "+00:00"))

    # When the server's clock passes ten minutes before the deadline
    r = api.post("/api/debug/clock", json={"advanceSeconds": 0})
    now = datetime.fromisoformat(json_of(r)["now"].replace("Z", "+00:00"))
    r = api.post("/api/debug/clock", json={"advanceSeconds": (next_at - now).total_seconds() + 1})
    assert r.status_code == 200, describe(r)
    api = api_client(server, email)
    api.settled()

    # Then the phone gets the push, once, and the inbox lists it
    [delivered] = push.wait_for("/push/rem", 1)
    message = phone.read(delivered)
    assert message["title"].startswith("“Pay the rent” is due "), message
    assert message["url"] == f"/redo/tasks/{task_id}", message
    notices = json_of(api.get("/api/notifications"))["notifications"]
    assert [(n["kind"], n["title"]) for n in notices] == [("redo.deadline", message["title"])], notices

    page.goto("/notifications")
    if "/login" in page.url:
        log_in(page, email, "/notifications")
    expect(page.locator(".notification", has_text="Pay the rent")).to_contain_text("is due")
    assert len(push.requests_to("/push/rem")) == 1
