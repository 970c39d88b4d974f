"""Account mail over real SMTP (aiosmtpd on loopback with STARTTLS), on SQLite and PostgreSQL:
forgot password, email confirmation and invitations by email arrive, their links work, and an
unknown address gets the same answer and no mail."""

from __future__ import annotations

import email
import email.policy
import re
import time
from contextlib import contextmanager
from typing import Any, Iterator
from urllib.parse import urlsplit

import pytest
from aiosmtpd.controller import Controller

from hearth_harness import HOST, PASSWORD, describe, free_port, json_of, unique_email
from test_mail import Mailbox, certificate  # noqa: F401  (a fixture)

SENDER = "hearth@example.org"


@contextmanager
def mailing_server(backend, start_server, certificate, **extra_env: str) -> Iterator[tuple[Any, Mailbox]]:
    """A Hearth server that mails through an aiosmtpd server with STARTTLS and AUTH, with email
    confirmation on, and `extra_env` besides."""
    cert_path, context = certificate
    mailbox = Mailbox()
    port = free_port()
    controller = Controller(
        mailbox,
        hostname=HOST,
        port=port,
        authenticator=mailbox.authenticator,
        tls_context=context,
        require_starttls=True,
        auth_require_tls=True,
    )
    controller.start()
    try:
        server = start_server(
            backend,
            extra_env={
                "HEARTH_SMTP_URL": f"smtp://user:pass@{HOST}:{port}",
                "HEARTH_SMTP_CA_FILE": str(cert_path),
                "HEARTH_MAIL_FROM": f"Hearth <{SENDER}>",
                "HEARTH_EMAIL_VERIFICATION": "on",
                **extra_env,
            },
        )
        yield server, mailbox
    finally:
        controller.stop()


@pytest.fixture
def mail_server(backend, start_server, certificate) -> Iterator[tuple[Any, Mailbox]]:  # noqa: F811
    with mailing_server(backend, start_server, certificate) as served:
        yield served


def mail_to(mailbox: Mailbox, address: str, subject: str, timeout: float = 30) -> email.message.EmailMessage:
    """The one message to `address` with `subject`, waiting for the job to send it."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        found = [
            email.message_from_bytes(content, policy=email.policy.default)
            for _, rcpt, content in list(mailbox.delivered)
            if rcpt == [address]
        ]
        found = [m for m in found if m["Subject"] == subject]
        if found:
            assert len(found) == 1
            return found[0]
        time.sleep(0.1)
    raise AssertionError(f"no mail {subject!r} to {address}; got {[(r, len(c)) for _, r, c in mailbox.delivered]}")


def link_in(message: email.message.EmailMessage, path: str) -> str:
    text = message.get_body(preferencelist=("plain",)).get_content()
    html = message.get_body(preferencelist=("html",)).get_content()
    match = re.search(r"(http://\S+" + re.escape(path) + r"\?\w+=[\w-]+)", text)
    assert match, text
    assert match.group(1) in html
    return match.group(1)


def page_form(session, url: str) -> str:
    """Opens a page and returns the anonymous CSRF token its forms carry."""
    page = session.get(url, timeout=30)
    assert page.status_code == 200, describe(page)
    token = re.search(r'name="_csrf" value="([^"]+)"', page.text)
    assert token, page.text
    return token.group(1)


def test_forgot_password_mails_a_working_link_and_nothing_for_strangers(mail_server) -> None:
    server, mailbox = mail_server
    address = unique_email("reset")
    assert server.client().signup(address, "Rita").status_code == 201

    client = server.client()
    # The stranger's job is older and quicker (no mail), so it is done once Rita's mail is in
    stranger = client.post("/api/auth/forgot-password", json={"email": unique_email("nobody")})
    known = client.post("/api/auth/forgot-password", json={"email": address.upper()})
    assert known.status_code == stranger.status_code == 202, describe(known)
    assert known.text == stranger.text
    bad = client.post("/api/auth/forgot-password", json={"email": "not-an-address"})
    assert bad.status_code == 400 and json_of(bad)["error"]["field"] == "email"

    message = mail_to(mailbox, address, "Reset your Hearth password")
    assert message["From"].addresses[0].addr_spec == SENDER
    assert "one hour" in message.get_body(preferencelist=("plain",)).get_content()
    link = link_in(message, "/reset-password")
    assert link.startswith(server.base_url + "/reset-password?token=")
    time.sleep(0.5)
    recipients = [rcpt for _, rcpt, _ in mailbox.delivered]
    assert recipients.count([address]) == 2  # the confirmation mail and the reset mail
    assert len(recipients) == 2, "nothing goes to an address without an account"

    session = server.client().session
    csrf = page_form(session, link)
    token = link.split("token=")[1]
    done = session.post(
        server.base_url + "/reset-password",
        data={"token": token, "newPassword": "a brand new password", "_csrf": csrf},
        timeout=30,
    )
    assert done.status_code == 200, describe(done)
    again = session.post(
        server.base_url + "/reset-password",
        data={"token": token, "newPassword": "another new password", "_csrf": csrf},
        timeout=30,
    )
    assert again.status_code == 400
    assert server.client().login(address, "a brand new password").status_code == 200
    assert server.client().login(address, PASSWORD).status_code == 401


def test_sign_up_mails_a_confirmation_link(mail_server) -> None:
    server, mailbox = mail_server
    address = unique_email("verify")
    r = server.client().signup(address, "Vera")
    assert r.status_code == 201, describe(r)
    me = server.client().with_token(json_of(r)["accessToken"])
    assert json_of(me.get("/api/me"))["emailVerified"] is False

    link = link_in(mail_to(mailbox, address, "Confirm your email for Hearth"), "/verify-email")
    page = server.client().get(link.removeprefix(server.base_url))
    assert page.status_code == 200, describe(page)
    assert "Your email is confirmed" in page.text
    assert json_of(me.get("/api/me"))["emailVerified"] is True
    assert server.client().get(link.removeprefix(server.base_url)).status_code == 400

    # Asking again once confirmed is a conflict, not another mail
    assert me.post("/api/account/verification-email").status_code == 409


def test_a_confirmation_reaches_the_other_process_s_cached_account(backend, start_server, certificate) -> None:  # noqa: F811
    """/api/me answers from the caller cache, which holds the confirmation with the account: a
    link used on one process reaches another's next requests through the account's event."""
    with mailing_server(backend, start_server, certificate) as (a, mailbox):
        b = start_server(
            database_url=a.database_url, reset=False, name="hearth2", secret=a.secret, extra_env=a.extra_env
        )
        address = unique_email("cross")
        r = a.client().signup(address, "Cato")
        assert r.status_code == 201, describe(r)
        on_b = b.client().with_token(json_of(r)["accessToken"])
        for _ in range(3):  # read, then cached
            assert json_of(on_b.get("/api/me"))["emailVerified"] is False

        link = urlsplit(link_in(mail_to(mailbox, address, "Confirm your email for Hearth"), "/verify-email"))
        # Either process may have sent the mail, so the link names either; A opens it.
        assert a.client().get(f"{link.path}?{link.query}").status_code == 200
        deadline = time.monotonic() + 5
        while json_of(on_b.get("/api/me"))["emailVerified"] is not True:
            assert time.monotonic() < deadline, "the other process still answers unconfirmed"
            time.sleep(0.02)


def test_an_invitation_by_email_signs_up_and_lands_on_the_invitation(mail_server) -> None:
    server, mailbox = mail_server
    r = server.client().signup(unique_email("owner"), "Olga")
    owner = server.client().with_token(json_of(r)["accessToken"])
    journal = json_of(
        owner.post("/api/auralyst/journals", json={"title": "Olga's journal", "timeZone": "UTC"})
    )["journal"]["id"]
    invitee = unique_email("newcomer")
    shared = owner.post(
        f"/api/auralyst/journals/{journal}/shares",
        json={"email": invitee, "permission": "read-only"},
    )
    assert shared.status_code == 200, describe(shared)

    message = mail_to(mailbox, invitee, "Olga invited you to Olga's journal on Hearth")
    link = link_in(message, "/signup")
    session = server.client().session
    csrf = page_form(session, link)
    page = session.get(link, timeout=30).text
    assert f'value="{invitee}"' in page and "readonly" in page
    signed_up = session.post(
        server.base_url + "/signup",
        data={
            "email": "someone-else@example.org",  # the invited address wins
            "displayName": "Nina",
            "password": PASSWORD,
            "timeZone": "UTC",
            "invitation": link.split("invitation=")[1],
            "_csrf": csrf,
        },
        timeout=30,
        allow_redirects=False,
    )
    assert signed_up.status_code in (302, 303), describe(signed_up)
    assert signed_up.headers["Location"] == "/invitations"
    landing = session.get(server.base_url + "/invitations", timeout=30)
    assert landing.status_code == 200, describe(landing)
    assert "Olga&#39;s journal" in landing.text or "Olga's journal" in landing.text

    nina = server.client().login(invitee)
    assert nina.status_code == 200, describe(nina)
    nina_client = server.client().with_token(json_of(nina)["accessToken"])
    assert json_of(nina_client.get("/api/me"))["emailVerified"] is True
    invitations = json_of(nina_client.get("/api/invitations"))
    assert any(i.get("resourceId") == journal for i in invitations["invitations"]), invitations
