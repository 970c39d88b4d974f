"""Notifications in the browser: the bell follows the inbox live, and the account page lists
the devices that receive pushes (subscribed through the page, delivered to a push service on
loopback, removed again).

Headless Chromium cannot reach a real push service, so `PushManager.subscribe` is replaced by
one that returns a subscription whose keys this test holds; everything else is the real page,
service worker registration, API and delivery.
"""

from __future__ import annotations

import base64
import json

import http_ece
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from fake_push import FakePushService
from hearth_harness import (
    PASSWORD,
    Client,
    HearthServer,
    describe,
    json_of,
    make_workdir,
    sqlite_url,
    unique_email,
)
from playwright.sync_api import Browser, Page, expect


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def sign_up(page: Page, base_url: str, name: str) -> Client:
    """Signs up on the page and returns an API client signed in as the same person."""
    email = unique_email(name.lower())
    page.goto("/signup")
    page.locator('input[name="email"]').fill(email)
    page.locator('input[name="displayName"]').fill(name)
    page.locator('input[name="password"]').fill(PASSWORD)
    page.get_by_role("button", name="Create account").click()
    page.wait_for_url(base_url + "/")
    client = Client(base_url)
    r = client.login(email)
    assert r.status_code == 200, describe(r)
    return client.with_token(json_of(r)["accessToken"])


def test_the_bell_counts_unread_notifications_live(page: Page, live_server) -> None:
    api = sign_up(page, live_server.base_url, "Bea")
    bell = page.locator("#notification-bell")
    badge = bell.locator(".badge")
    expect(bell).to_be_visible()
    expect(badge).to_be_hidden()

    assert api.post("/api/push/test").status_code == 202
    expect(badge).to_be_visible()
    expect(badge.locator(".count")).to_have_text("1")
    assert api.post("/api/push/test").status_code == 202
    expect(badge.locator(".count")).to_have_text("2")

    newest = json_of(api.get("/api/notifications"))["notifications"][0]
    r = api.post(f"/api/notifications/{newest['id']}/read")
    assert r.status_code == 200, describe(r)
    expect(badge.locator(".count")).to_have_text("1")

    bell.click()
    page.wait_for_url(live_server.base_url + "/notifications")
    # Notices about the same thing are one line of the inbox, with their count.
    items = page.locator("#notification-list > li")
    expect(items).to_have_count(1)
    expect(items.locator(".notice-count")).to_have_text("· 2 notices")
    expect(page.locator("#notification-list > li.unread")).to_have_count(1)

    # A notice that arrives while the inbox is open appears in it.
    assert api.post("/api/push/test").status_code == 202
    expect(items.locator(".notice-count")).to_have_text("· 3 notices")
    expect(items).to_contain_text("2 unread")
    expect(badge.locator(".count")).to_have_text("2")

    page.get_by_role("button", name="Mark all read").click()
    expect(page.locator(".flash")).to_contain_text("All notifications marked read.")
    expect(page.locator("#notification-list > li.unread")).to_have_count(0)
    expect(badge).to_be_hidden()

    # Opening a notice marks it read and leads to its page.
    assert api.post("/api/push/test").status_code == 202
    expect(badge.locator(".count")).to_have_text("1")
    page.locator("#notification-list > li.unread h2 a").first.click()
    page.wait_for_url(live_server.base_url + "/notifications")
    expect(badge).to_be_hidden()


def test_a_notice_sent_before_the_live_stream_connects_still_reaches_the_page(page: Page, live_server) -> None:
    api = sign_up(page, live_server.base_url, "Cai")
    held = []
    page.route("**/api/events*", lambda route: held.append(route))
    page.reload()
    rendered_at = page.locator("body").get_attribute("data-events-after")
    assert rendered_at is not None and int(rendered_at) >= 0, "the page says where its events start"
    for _ in range(100):
        if held:
            break
        page.wait_for_timeout(50)
    assert held, "the page opened its live stream"
    assert held[0].request.url.endswith(f"/api/events?after={rendered_at}")

    # The notice lands after the page was rendered and before its stream reaches the server.
    assert api.post("/api/push/test").status_code == 202
    held[0].continue_()
    badge = page.locator("#notification-bell .badge")
    expect(badge.locator(".count")).to_have_text("1")


def test_the_account_page_subscribes_lists_and_removes_devices(page: Page, live_server) -> None:
    push = FakePushService().start()
    try:
        endpoint = push.script("/push/device-1", 201)
        key = ec.generate_private_key(ec.SECP256R1())
        auth = bytes(range(100, 116))
        public = key.public_key().public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
        )
        subscription = {"endpoint": endpoint, "expirationTime": None,
                        "keys": {"p256dh": b64url(public), "auth": b64url(auth)}}
        page.context.add_init_script(
            """(subscription) => {
              Notification.requestPermission = async () => "granted";
              PushManager.prototype.subscribe = async function (options) {
                const key = new Uint8Array(options.applicationServerKey);
                sessionStorage.setItem("applicationServerKey", btoa(String.fromCharCode(...key))
                  .replace(/\\+/g, "-").replace(/\\//g, "_").replace(/=+$/, ""));
                return { toJSON: () => subscription };
              };
            }""".replace("(subscription) => {", "((subscription) => {", 1)
            + ")(" + json.dumps(subscription) + ")"
        )
        api = sign_up(page, live_server.base_url, "Dev")
        page.goto("/account")
        devices = page.get_by_role("region", name="Devices")
        expect(devices).to_contain_text("No device receives push notifications yet.")
        devices.get_by_role("button", name="Turn on notifications on this device").click()

        row = devices.locator("#device-list tbody tr")
        expect(row).to_have_count(1)
        expect(row).to_contain_text("Chrome on Linux")
        expect(row).to_contain_text("Not yet")
        server_key = json_of(api.get("/api/push/key"))["publicKey"]
        assert page.evaluate("sessionStorage.getItem('applicationServerKey')") == server_key
        assert page.evaluate("navigator.serviceWorker.getRegistration('/').then(r => !!r)")

        devices.get_by_role("button", name="Send a test notification").click()
        expect(page.locator(".flash")).to_contain_text("Test notification sent")
        [delivered] = push.wait_for("/push/device-1", 1)
        message = json.loads(http_ece.decrypt(delivered.body, private_key=key, auth_secret=auth,
                                              version="aes128gcm"))
        assert message["title"] == "Notifications work"
        page.reload()
        expect(devices.locator("#device-list tbody tr")).not_to_contain_text("Not yet")

        devices.get_by_role("button", name="Remove Chrome on Linux").click()
        expect(page.locator(".flash")).to_contain_text("no longer receives notifications")
        expect(devices).to_contain_text("No device receives push notifications yet.")
        assert json_of(api.get("/api/push/subscriptions"))["subscriptions"] == []
    finally:
        push.stop()


def test_notification_settings_save_and_stay(page: Page, live_server) -> None:
    api = sign_up(page, live_server.base_url, "Set")
    page.goto("/account/notifications")
    expect(page.get_by_role("heading", name="Notification settings")).to_be_visible()
    turn_push = page.get_by_label("It is your turn in a room: on your devices")
    ended_inbox = page.get_by_label("A room you are in ended: in the inbox")
    expect(turn_push).to_be_checked()
    expect(ended_inbox).to_be_checked()
    turn_push.uncheck()
    ended_inbox.uncheck()
    page.get_by_label("From").fill("22:30")
    page.get_by_label("Until").fill("07:00")
    page.get_by_role("button", name="Save notification settings").click()
    expect(page.locator(".flash")).to_contain_text("Notification settings saved.")

    page.reload()
    expect(turn_push).not_to_be_checked()
    expect(ended_inbox).not_to_be_checked()
    expect(page.get_by_label("It is your turn in a room: in the inbox")).to_be_checked()
    expect(page.get_by_label("From")).to_have_value("22:30")
    expect(page.get_by_label("Until")).to_have_value("07:00")
    saved = json_of(api.get("/api/notifications/preferences"))
    assert saved["quietHours"] == {"start": "22:30", "end": "07:00"}
    kinds = {k["id"]: k["channels"] for k in saved["kinds"]}
    assert kinds["softer.your-turn"] == {"inbox": True, "push": False, "email": False}
    assert kinds["softer.room-ended"] == {"inbox": False, "push": True, "email": False}

    # Half a quiet span is refused, naming what is missing, and nothing is lost.
    page.get_by_label("Until").fill("")
    page.get_by_role("button", name="Save notification settings").click()
    expect(page.locator(".flash")).to_contain_text("quiet hours end at a time like 07:00")
    assert json_of(api.get("/api/notifications/preferences"))["quietHours"] == {"start": "22:30", "end": "07:00"}

    # Email in a daily digest: the radio and its time save and stay; the API agrees.
    expect(page.get_by_label("As it happens")).to_be_checked()
    page.get_by_label("Until").fill("07:00")
    page.get_by_label("In a daily digest").check()
    page.get_by_label("Digest time").fill("06:45")
    page.get_by_role("button", name="Save notification settings").click()
    expect(page.locator(".flash")).to_contain_text("Notification settings saved.")
    page.reload()
    expect(page.get_by_label("In a daily digest")).to_be_checked()
    expect(page.get_by_label("Digest time")).to_have_value("06:45")
    saved = json_of(api.get("/api/notifications/preferences"))
    assert saved["emailDigest"] == {"enabled": True, "time": "06:45"}

    # A digest without a time is refused, and the saved one stays.
    page.get_by_label("Digest time").fill("")
    page.get_by_role("button", name="Save notification settings").click()
    expect(page.locator(".flash")).to_contain_text("the daily digest needs a time like 07:30")
    expect(page.get_by_label("In a daily digest")).to_be_checked()
    assert json_of(api.get("/api/notifications/preferences"))["emailDigest"]["time"] == "06:45"

    page.get_by_label("As it happens").check()
    page.get_by_role("button", name="Save notification settings").click()
    expect(page.locator(".flash")).to_contain_text("Notification settings saved.")
    assert json_of(api.get("/api/notifications/preferences"))["emailDigest"] == {"enabled": False}


def test_a_dose_reminder_in_the_inbox_has_buttons_that_log_the_dose(browser: Browser) -> None:
    # A server of its own, whose clock the test moves (the shared one's must follow real time,
    # for the two-factor codes other tests type).
    workdir = make_workdir("browser-dose")
    server = HearthServer(
        sqlite_url(workdir / "hearth.sqlite"), workdir, name="dose", extra_env={"HEARTH_TEST_CLOCK": "on"}
    )
    server.start()
    context = browser.new_context(base_url=server.base_url, viewport={"width": 390, "height": 844})
    try:
        check_dose_reminder(context.new_page(), server)
    finally:
        context.close()
        server.stop()


def check_dose_reminder(page: Page, live_server: HearthServer) -> None:
    import time
    from datetime import datetime, timedelta

    api = sign_up(page, live_server.base_url, "Dot")
    r = api.post("/api/debug/clock", json={"advanceSeconds": 0})
    now = datetime.fromisoformat(json_of(r)["now"].replace("Z", "+00:00"))
    due = (now + timedelta(minutes=2)).replace(second=0, microsecond=0)
    r = api.post("/api/auralyst/journals", json={"title": "Dot's journal", "timeZone": "Etc/UTC"})
    journal = json_of(r)["journal"]["id"]
    base = f"/api/auralyst/journals/{journal}"
    r = api.post(f"{base}/medications", json={"name": "Magnesium", "schedules": [{"id": "am", "time": due.strftime("%H:%M")}]})
    assert r.status_code == 201, describe(r)

    # The owner's reminders are on, and the Medications page says so and can turn them off
    page.goto(f"/auralyst/journals/{journal}/medications")
    toggle = page.get_by_label("Remind me when a dose is due")
    expect(toggle).to_be_checked()
    toggle.uncheck()
    page.get_by_role("button", name="Save").click()
    expect(page.get_by_text("Dose reminders saved.")).to_be_visible()
    assert json_of(api.get(f"{base}/dose-reminders"))["enabled"] is False
    page.reload()
    expect(page.get_by_label("Remind me when a dose is due")).not_to_be_checked()
    page.get_by_label("Remind me when a dose is due").check()
    page.get_by_role("button", name="Save").click()
    expect(page.get_by_text("Dose reminders saved.")).to_be_visible()

    # When the dose is due, the bell counts it and the inbox offers Taken and Snooze
    assert api.post("/api/debug/clock", json={"advanceSeconds": (due - now).total_seconds() + 1}).status_code == 200
    deadline = time.monotonic() + 15
    while json_of(api.get("/api/notifications"))["unread"] == 0 and time.monotonic() < deadline:
        time.sleep(0.2)
    inbox = json_of(api.get("/api/notifications"))
    assert inbox["unread"] == 1, inbox
    page.goto("/notifications")
    notice = page.locator(".notification", has_text="Time for Magnesium")
    expect(notice.get_by_role("button", name="Snooze 10 min: Time for Magnesium")).to_be_visible()
    meta = notice.locator(".meta").inner_text()
    assert "·" not in meta and "Mark read" in meta, f"the date and Mark read, nothing stray: {meta!r}"
    notice.get_by_role("button", name="Taken: Time for Magnesium").click()
    expect(page.get_by_text(f"Magnesium logged as taken at {due.strftime('%H:%M')}.")).to_be_visible()
    expect(page.locator(".notification", has_text="Time for Magnesium").get_by_role("button", name="Taken: Time for Magnesium")).to_have_count(0)
    [intake] = json_of(api.get(f"{base}/intakes", params={"day": due.date().isoformat()}))["intakes"]
    assert intake["scheduleId"] == "am"
