"""Notices by email: a person who turns email on for a kind receives it through a real SMTP
server on loopback (aiosmtpd, STARTTLS with a password), with a link to the notice and a
List-Unsubscribe link to their settings; during their quiet hours it waits."""

from __future__ import annotations

import email
import email.policy
import time
from datetime import datetime, timedelta, timezone

from hearth_harness import HOST, describe, json_of, unique_email
from test_mail import certificate, smtp_server  # noqa: F401 (pytest fixtures)


def test_a_notice_goes_by_email_when_chosen_and_waits_out_quiet_hours(
    backend, start_server, certificate, smtp_server  # noqa: F811
) -> None:
    cert_path, context = certificate
    mailbox, port = smtp_server(tls_context=context, require_starttls=True, auth_require_tls=True)
    server = start_server(
        backend,
        extra_env={
            "HEARTH_SMTP_URL": f"smtp://user:pass@{HOST}:{port}",
            "HEARTH_SMTP_CA_FILE": str(cert_path),
            "HEARTH_MAIL_FROM": "Hearth <hearth@example.org>",
        },
    )
    address = unique_email("mia")
    r = server.client().signup(address, "Mia")
    assert r.status_code == 201, describe(r)
    mia = server.client().with_token(json_of(r)["accessToken"])

    r = mia.post("/api/push/test")
    assert r.status_code == 202, describe(r)
    mia.settled()
    assert mailbox.delivered == [], "email went out although it is off by default"

    r = mia.put("/api/notifications/preferences", json={"kinds": {"hearth.test": {"email": True}}})
    assert r.status_code == 200, describe(r)
    r = mia.post("/api/push/test")
    assert r.status_code == 202, describe(r)
    deadline = time.monotonic() + 20
    while not mailbox.delivered and time.monotonic() < deadline:
        time.sleep(0.05)
    [(sender, recipients, content)] = mailbox.delivered
    assert sender == "hearth@example.org" and recipients == [address]
    message = email.message_from_bytes(content, policy=email.policy.default)
    assert message["Subject"] == "Notifications work"
    assert message["List-Unsubscribe"] == f"<{server.base_url}/account/notifications>"
    text = message.get_body(preferencelist=("plain",)).get_content()
    newest = json_of(mia.get("/api/notifications"))["notifications"][0]
    assert f"{server.base_url}/notifications/{newest['id']}/open" in text
    assert message.get_body(preferencelist=("html",)) is not None

    # Quiet hours around now (Mia's zone is UTC): the next one waits.
    now = datetime.now(timezone.utc)
    quiet = {"start": (now - timedelta(hours=1)).strftime("%H:%M"),
             "end": (now + timedelta(hours=1)).strftime("%H:%M")}
    r = mia.put("/api/notifications/preferences", json={"quietHours": quiet})
    assert r.status_code == 200 and json_of(r)["quietHours"] == quiet, describe(r)
    r = mia.post("/api/push/test")
    assert r.status_code == 202 and json_of(r)["unread"] == 3, describe(r)
    mia.settled()
    assert len(mailbox.delivered) == 1, "an email went out during quiet hours"


def test_a_daily_digest_mails_the_days_notices_together_at_its_time(
    backend, start_server, certificate, smtp_server  # noqa: F811
) -> None:
    cert_path, context = certificate
    mailbox, port = smtp_server(tls_context=context, require_starttls=True, auth_require_tls=True)
    server = start_server(
        backend,
        extra_env={
            "HEARTH_SMTP_URL": f"smtp://user:pass@{HOST}:{port}",
            "HEARTH_SMTP_CA_FILE": str(cert_path),
            "HEARTH_MAIL_FROM": "Hearth <hearth@example.org>",
            "HEARTH_TEST_CLOCK": "on",
        },
    )
    address = unique_email("dag")
    r = server.client().signup(address, "Dag")
    assert r.status_code == 201, describe(r)
    dag = server.client().with_token(json_of(r)["accessToken"])

    # The digest two hours from the server's now (Dag's zone is UTC), to the minute.
    r = dag.post("/api/debug/clock", json={"advanceSeconds": 0})
    assert r.status_code == 200, describe(r)
    now = datetime.fromisoformat(json_of(r)["now"].replace("Z", "+00:00"))
    at = (now + timedelta(hours=2)).replace(second=0, microsecond=0)
    digest = {"enabled": True, "time": at.strftime("%H:%M")}
    r = dag.put(
        "/api/notifications/preferences",
        json={"kinds": {"hearth.test": {"email": True}}, "emailDigest": digest},
    )
    assert r.status_code == 200 and json_of(r)["emailDigest"] == digest, describe(r)

    for _ in range(2):
        r = dag.post("/api/push/test")
        assert r.status_code == 202, describe(r)
    dag.settled()
    assert mailbox.delivered == [], "an email went out although the digest was chosen"

    r = dag.post("/api/debug/clock", json={"advanceSeconds": int((at - now).total_seconds()) + 30})
    assert r.status_code == 200, describe(r)
    deadline = time.monotonic() + 20
    while not mailbox.delivered and time.monotonic() < deadline:
        time.sleep(0.05)
    r = server.client().login(address)  # the clock moved past the access token's life
    assert r.status_code == 200, describe(r)
    server.client().with_token(json_of(r)["accessToken"]).settled()
    [(sender, recipients, content)] = mailbox.delivered
    assert sender == "hearth@example.org" and recipients == [address]
    message = email.message_from_bytes(content, policy=email.policy.default)
    assert message["Subject"] == "Your daily digest: 2 notifications"
    assert message["List-Unsubscribe"] == f"<{server.base_url}/account/notifications>"
    text = message.get_body(preferencelist=("plain",)).get_content()
    # Two hours on, the access token has expired: log in again.
    r = server.client().login(address)
    assert r.status_code == 200, describe(r)
    dag = server.client().with_token(json_of(r)["accessToken"])
    notices = json_of(dag.get("/api/notifications"))["notifications"]
    assert len(notices) == 2
    for notice in notices:
        assert f"{server.base_url}/notifications/{notice['id']}/open" in text
    assert text.count("Notifications work") == 2
