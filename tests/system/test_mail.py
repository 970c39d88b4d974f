"""`hearth mail test` against aiosmtpd on loopback: STARTTLS with AUTH, implicit TLS, a server
without STARTTLS (refused before the password goes out), and a wrong password."""

from __future__ import annotations

import datetime
import email
import email.policy
import email.utils
import ipaddress
import socket
import ssl
import subprocess
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterator

import pytest
from aiosmtpd.controller import Controller
from aiosmtpd.smtp import AuthResult, LoginPassword
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID

from hearth_harness import HOST, _clean_env, free_port, hearth_binary, make_workdir

SUBJECT = "Hearth test ✓ テスト"
RECIPIENT = "someone@example.org"
SENDER = "hearth@example.org"


@dataclass
class Mailbox:
    """What the server received, and every login it was asked to check."""

    delivered: list[tuple[str, list[str], bytes]] = field(default_factory=list)
    logins: list[tuple[bytes, bytes]] = field(default_factory=list)

    async def handle_DATA(self, server, session, envelope) -> str:
        self.delivered.append((envelope.mail_from, list(envelope.rcpt_tos), envelope.content))
        return "250 2.0.0 OK"

    def authenticator(self, server, session, envelope, mechanism, auth_data) -> AuthResult:
        assert isinstance(auth_data, LoginPassword)
        self.logins.append((auth_data.login, auth_data.password))
        ok = (auth_data.login, auth_data.password) == (b"user", b"pass")
        return AuthResult(success=ok, handled=False)


@pytest.fixture(scope="module")
def certificate() -> tuple[Path, ssl.SSLContext]:
    """A self-signed P-256 certificate for localhost and 127.0.0.1, and a server context with it."""
    workdir = make_workdir("mail-cert")
    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "localhost")])
    now = datetime.datetime.now(datetime.timezone.utc)
    cert = (
        x509.CertificateBuilder()
        .subject_name(name)
        .issuer_name(name)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(minutes=5))
        .not_valid_after(now + datetime.timedelta(days=1))
        .add_extension(
            x509.SubjectAlternativeName(
                [x509.DNSName("localhost"), x509.IPAddress(ipaddress.ip_address(HOST))]
            ),
            critical=False,
        )
        .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
        .sign(key, hashes.SHA256())
    )
    cert_path = workdir / "smtp-cert.pem"
    key_path = workdir / "smtp-key.pem"
    cert_path.write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    key_path.write_bytes(
        key.private_bytes(
            serialization.Encoding.PEM,
            serialization.PrivateFormat.PKCS8,
            serialization.NoEncryption(),
        )
    )
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(cert_path, key_path)
    return cert_path, context


@pytest.fixture
def smtp_server() -> Iterator[Any]:
    """Starts an aiosmtpd server with the given options on a free port; stops it afterwards."""
    started: list[Controller] = []

    def start(**options: Any) -> tuple[Mailbox, int]:
        mailbox = Mailbox()
        port = free_port()
        controller = Controller(
            mailbox, hostname=HOST, port=port, authenticator=mailbox.authenticator, **options
        )
        controller.start()
        started.append(controller)
        return mailbox, port

    yield start
    for controller in started:
        controller.stop()


def mail_test(url: str, ca_file: Path) -> subprocess.CompletedProcess:
    env = {
        **_clean_env(),
        "HEARTH_ENV": "development",
        "HEARTH_LOG_LEVEL": "warning",
        "HEARTH_SMTP_URL": url,
        "HEARTH_SMTP_CA_FILE": str(ca_file),
        "HEARTH_MAIL_FROM": f"Hearth Tëst <{SENDER}>",
    }
    return subprocess.run(
        [str(hearth_binary()), "mail", "test", "--to", RECIPIENT],
        env=env,
        capture_output=True,
        text=True,
        timeout=90,
    )


def check_delivered(mailbox: Mailbox) -> None:
    assert len(mailbox.delivered) == 1
    mail_from, rcpt_tos, content = mailbox.delivered[0]
    assert (mail_from, rcpt_tos) == (SENDER, [RECIPIENT])
    message = email.message_from_bytes(content, policy=email.policy.default)
    assert message["Subject"] == SUBJECT
    assert message["From"].addresses[0].display_name == "Hearth Tëst"
    assert message["To"].addresses[0].addr_spec == RECIPIENT
    assert message["Auto-Submitted"] == "auto-generated"
    assert message["Message-ID"].startswith("<") and message["Message-ID"].endswith("@example.org>")
    sent = email.utils.parsedate_to_datetime(message["Date"])
    age = datetime.datetime.now(datetime.timezone.utc) - sent
    assert datetime.timedelta(0) <= age < datetime.timedelta(minutes=5)
    assert message.get_content_type() == "multipart/alternative"
    text = message.get_body(preferencelist=("plain",))
    html = message.get_body(preferencelist=("html",))
    assert text is not None and html is not None
    assert [part.get_content_type() for part in message.iter_parts()] == [
        "text/plain",
        "text/html",
    ]
    lines = text.get_content().splitlines()
    assert ".This line begins with a dot, which SMTP must carry through." in lines
    assert "テスト" in html.get_content()
    assert all(len(line) <= 998 for line in content.split(b"\r\n"))


def test_starttls_with_authentication_delivers(certificate, smtp_server) -> None:
    cert_path, context = certificate
    mailbox, port = smtp_server(
        tls_context=context, require_starttls=True, auth_require_tls=True
    )
    result = mail_test(f"smtp://user:pass@{HOST}:{port}", cert_path)
    assert result.returncode == 0, result.stderr
    assert "Sent a test message" in result.stdout
    assert mailbox.logins == [(b"user", b"pass")]
    check_delivered(mailbox)


def test_implicit_tls_delivers(certificate, smtp_server) -> None:
    cert_path, context = certificate
    # aiosmtpd advertises AUTH over implicit TLS only with auth_require_tls=False.
    mailbox, port = smtp_server(ssl_context=context, auth_require_tls=False)
    result = mail_test(f"smtps://user:pass@{HOST}:{port}", cert_path)
    assert result.returncode == 0, result.stderr
    check_delivered(mailbox)


def test_a_server_without_starttls_is_refused_before_the_password(
    certificate, smtp_server
) -> None:
    cert_path, _ = certificate
    mailbox, port = smtp_server(auth_require_tls=False)
    result = mail_test(f"smtp://user:pass@{HOST}:{port}", cert_path)
    assert result.returncode != 0
    assert "does not offer STARTTLS" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1, result.stderr
    assert mailbox.logins == [] and mailbox.delivered == []


def test_a_wrong_password_is_refused(certificate, smtp_server) -> None:
    cert_path, context = certificate
    mailbox, port = smtp_server(
        tls_context=context, require_starttls=True, auth_require_tls=True
    )
    result = mail_test(f"smtp://user:wrong@{HOST}:{port}", cert_path)
    assert result.returncode != 0
    assert "authentication refused (535 5.7.8)" in result.stderr, result.stderr
    assert mailbox.logins == [(b"user", b"wrong")] and mailbox.delivered == []


def test_starttls_command_injection_is_refused(certificate) -> None:
    """A reply that arrives right behind the 220 to STARTTLS was sent in the clear, perhaps by
    someone on the path; Hearth must not read it as if it had come over TLS."""
    cert_path, _ = certificate
    heard: list[bytes] = []
    with socket.create_server((HOST, 0)) as listener:
        listener.settimeout(30)

        def serve() -> None:
            connection, _ = listener.accept()
            with connection, connection.makefile("rb") as lines:
                connection.settimeout(30)
                connection.sendall(b"220 relay ESMTP\r\n")
                heard.append(lines.readline())
                connection.sendall(b"250-relay\r\n250-STARTTLS\r\n250 AUTH PLAIN\r\n")
                heard.append(lines.readline())
                connection.sendall(b"220 2.0.0 Ready\r\n250 2.0.0 injected\r\n")
                try:
                    heard.append(connection.recv(4096))
                except OSError:
                    heard.append(b"")

        thread = threading.Thread(target=serve, daemon=True)
        thread.start()
        result = mail_test(f"smtp://user:pass@{HOST}:{listener.getsockname()[1]}", cert_path)
        thread.join(timeout=30)
    assert result.returncode != 0
    assert "after agreeing to STARTTLS" in result.stderr, result.stderr
    # EHLO and STARTTLS, then nothing: no TLS handshake and no password.
    assert heard == [b"EHLO localhost\r\n", b"STARTTLS\r\n", b""]


def test_mail_is_off_without_a_server() -> None:
    env = {**_clean_env(), "HEARTH_ENV": "development", "HEARTH_LOG_LEVEL": "warning"}
    result = subprocess.run(
        [str(hearth_binary()), "mail", "test", "--to", RECIPIENT],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    assert "Mail is off" in result.stdout
