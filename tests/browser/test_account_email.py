"""Account mail in Chromium: each link from a mail that aiosmtpd received is followed as a person
would. A forgotten password is replaced and used; an email is confirmed after the banner asked;
a newcomer signs up from an invitation and lands on it. The new pages pass the page checks."""

from __future__ import annotations

import email
import email.policy
import re
import time
from typing import Any, Iterator

import pytest
from aiosmtpd.controller import Controller
from hearth_harness import HOST, PASSWORD, Client, HearthServer, describe, free_port, make_workdir, sqlite_url, unique_email
from playwright.sync_api import Browser, Page, expect
from test_mail import Mailbox, certificate  # noqa: F401  (a fixture)
from test_pages import walk


@pytest.fixture(scope="module")
def mail_server(certificate) -> Iterator[tuple[HearthServer, Mailbox]]:  # noqa: F811
    cert_path, context = certificate
    mailbox = Mailbox()
    port = free_port()
    controller = Controller(
        mailbox, hostname=HOST, port=port, authenticator=mailbox.authenticator,
        tls_context=context, require_starttls=True, auth_require_tls=True,
    )
    controller.start()
    workdir = make_workdir("browser-account-email")
    server = HearthServer(
        sqlite_url(workdir / "hearth.sqlite"), workdir, name="mail",
        extra_env={
            "HEARTH_SMTP_URL": f"smtp://user:pass@{HOST}:{port}",
            "HEARTH_SMTP_CA_FILE": str(cert_path),
            "HEARTH_MAIL_FROM": "Hearth <hearth@example.org>",
            "HEARTH_EMAIL_VERIFICATION": "on",
        },
    )
    server.start()
    try:
        yield server, mailbox
    finally:
        server.stop()
        controller.stop()


def link_mailed(mailbox: Mailbox, address: str, subject: str, path: str, count: int = 1) -> str:
    """The link in the `count`th mail to `address` with `subject`, once it arrived."""
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        messages = [
            email.message_from_bytes(content, policy=email.policy.default)
            for _, rcpt, content in list(mailbox.delivered) if rcpt == [address]
        ]
        messages = [m for m in messages if m["Subject"] == subject]
        if len(messages) >= count:
            text = messages[count - 1].get_body(preferencelist=("plain",)).get_content()
            match = re.search(r"http://\S+" + re.escape(path) + r"\?\w+=[\w-]+", text)
            assert match, text
            return match.group(0)
        time.sleep(0.1)
    raise AssertionError(f"no mail {subject!r} to {address}")


def new_page(browser: Browser, server: HearthServer) -> Page:
    context = browser.new_context(base_url=server.base_url, viewport={"width": 390, "height": 844})
    return context.new_page()


def log_in(page: Page, address: str, password: str) -> None:
    page.goto("/login")
    page.locator('input[name="email"]').fill(address)
    page.locator('input[name="password"]').fill(password)
    page.get_by_role("button", name="Log in").click()


def test_a_forgotten_password_is_replaced_from_the_mailed_link(browser: Browser, mail_server) -> None:
    server, mailbox = mail_server
    address = unique_email("forgot")
    assert Client(server.base_url).signup(address, "Fern").status_code == 201
    page = new_page(browser, server)
    try:
        page.goto("/login")
        page.get_by_role("link", name="Forgot your password?").click()
        expect(page.get_by_role("heading", name="Forgot your password?")).to_be_visible()
        expect(page.get_by_text("Email is off")).to_have_count(0)
        page.locator('input[name="email"]').fill(address)
        page.get_by_role("button", name="Send the link").click()
        expect(page.get_by_role("heading", name="Check your email")).to_be_visible()

        page.goto(link_mailed(mailbox, address, "Reset your Hearth password", "/reset-password"))
        page.locator('input[name="newPassword"]').fill("a fresh new password")
        page.get_by_role("button", name="Set new password").click()
        expect(page.get_by_role("heading", name="Your password is changed")).to_be_visible()
        log_in(page, address, "a fresh new password")
        page.wait_for_url(server.base_url + "/")
    finally:
        page.context.close()


def test_the_banner_asks_and_the_link_confirms(browser: Browser, mail_server) -> None:
    server, mailbox = mail_server
    address = unique_email("confirm")
    assert Client(server.base_url).signup(address, "Cora").status_code == 201
    page = new_page(browser, server)
    try:
        log_in(page, address, PASSWORD)
        page.wait_for_url(server.base_url + "/")
        banner = page.locator(".verify-banner")
        expect(banner).to_contain_text("Please confirm your email")
        banner.get_by_role("button", name="Send the link again").click()
        expect(page.get_by_text(f"We sent a new link to {address}.")).to_be_visible()

        page.goto(link_mailed(mailbox, address, "Confirm your email for Hearth", "/verify-email", count=2))
        expect(page.get_by_role("heading", name="Your email is confirmed")).to_be_visible()
        page.goto("/")
        expect(page.locator(".verify-banner")).to_have_count(0)
    finally:
        page.context.close()


def test_a_newcomer_signs_up_from_an_invitation_and_lands_on_it(browser: Browser, mail_server) -> None:
    server, mailbox = mail_server
    owner = Client(server.base_url)
    r = owner.signup(unique_email("owner"), "Otto")
    assert r.status_code == 201, describe(r)
    owner.token = r.json()["accessToken"]
    journal = owner.post("/api/auralyst/journals", json={"title": "Otto's headaches"}).json()["journal"]["id"]
    newcomer = unique_email("newcomer")
    r = owner.post(f"/api/auralyst/journals/{journal}/shares", json={"email": newcomer, "permission": "read-only"})
    assert r.status_code == 200, describe(r)

    page = new_page(browser, server)
    try:
        page.goto(link_mailed(mailbox, newcomer, "Otto invited you to Otto's headaches on Hearth", "/signup"))
        field = page.locator('input[name="email"]')
        expect(field).to_have_value(newcomer)
        expect(field).to_have_attribute("readonly", "")
        page.locator('input[name="displayName"]').fill("Nell")
        page.locator('input[name="password"]').fill(PASSWORD)
        page.get_by_role("button", name="Create account").click()
        page.wait_for_url(server.base_url + "/invitations")
        expect(page.get_by_text("Otto's headaches")).to_be_visible()
        expect(page.locator(".verify-banner")).to_have_count(0)
    finally:
        page.context.close()


def test_the_new_pages_pass_the_page_checks(browser: Browser, mail_server, screenshots) -> None:
    """/forgot-password and a page with the banner, on a phone and a desktop, light and dark."""
    server, _ = mail_server
    address = unique_email("walker")
    assert Client(server.base_url).signup(address, "Walt").status_code == 201
    problems = walk(browser, server.base_url, address, ["/", "/forgot-password"], screenshots, "mail")
    assert not problems, "\n".join(problems)
