"""A log-out, a revoked session, a new password and a disabled account take effect on the next
request on the process that made the change, and on every other process as soon as the
database's notification reaches it (within a second, however loaded the machine).

Each `hearth serve` keeps the sessions and accounts of recent requests in memory, so that most
requests are authenticated without reading the database. These tests warm that memory on one
process, change the account through another (or through the `hearth user` command), and ask
again at once, and again until the notice has had a second to arrive.
"""

from __future__ import annotations

import subprocess
import time

from hearth_harness import PASSWORD, describe, hearth_binary, json_of, unique_email

ROUNDS = 5


def warm(*clients) -> None:
    """Several requests on each process, so that each has the session in memory."""
    for client in clients:
        for _ in range(3):
            r = client.get("/api/me")
            assert r.status_code == 200, describe(r)


# How long another process may take to hear of a change through the database's notification.
NOTICE_SECONDS = 1.0


def refused(client) -> bool:
    return client.get("/api/me").status_code == 401


def refused_soon(client) -> bool:
    """Refused now, or at a request within NOTICE_SECONDS (each request is the probe)."""
    deadline = time.monotonic() + NOTICE_SECONDS
    while not refused(client):
        if time.monotonic() >= deadline:
            return False
    return True


def shows_soon(client, name: str) -> str:
    """The display name another process shows once it has heard of a change (or after
    NOTICE_SECONDS, whatever it shows then)."""
    deadline = time.monotonic() + NOTICE_SECONDS
    while True:
        seen = json_of(client.get("/api/me"))["user"]["displayName"]
        if seen == name or time.monotonic() >= deadline:
            return seen


def run_cli(server, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [str(hearth_binary()), *args],
        env=server.env(0),
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_log_out_and_revocation_reach_the_other_process_at_once(start_server, pg_url) -> None:
    a = start_server("postgres", name="authA")
    b = start_server(database_url=pg_url, name="authB", secret=a.secret)
    email = unique_email("rosa")
    assert a.client().signup(email, "Rosa").status_code == 201

    for round_ in range(ROUNDS):
        token = json_of(a.client().login(email))["accessToken"]
        on_a, on_b = a.client().with_token(token), b.client().with_token(token)
        warm(on_a, on_b)
        r = on_a.post("/api/auth/logout")
        assert r.status_code == 204, describe(r)
        assert refused_soon(on_b), f"round {round_ + 1}: B still accepted a token logged out on A"
        assert refused(on_a), f"round {round_ + 1}: A still accepted its own logged-out token"

    for round_ in range(ROUNDS):
        keeper = json_of(a.client().login(email))["accessToken"]
        revoked = json_of(a.client().login(email))["accessToken"]
        on_b = b.client().with_token(revoked)
        warm(on_b)
        sessions = json_of(b.client().with_token(revoked).get("/api/me/sessions"))["sessions"]
        target = next(s["id"] for s in sessions if s["current"])
        r = a.client().with_token(keeper).delete(f"/api/me/sessions/{target}")
        assert r.status_code == 204, describe(r)
        assert refused_soon(on_b), f"round {round_ + 1}: B still accepted a session revoked on A"
        assert not refused(b.client().with_token(keeper)), "the session that revoked stays"


def test_a_changed_account_is_read_afresh_on_the_other_process(start_server, pg_url) -> None:
    a = start_server("postgres", name="authA")
    b = start_server(database_url=pg_url, name="authB", secret=a.secret)
    email = unique_email("ines")
    signed_up = json_of(a.client().signup(email, "Ines"))
    other = json_of(a.client().login(email))["accessToken"]
    on_a = a.client().with_token(signed_up["accessToken"])
    on_b = b.client().with_token(signed_up["accessToken"])
    other_on_b = b.client().with_token(other)
    warm(on_a, on_b, other_on_b)

    for round_ in range(ROUNDS):
        name = f"Ines {round_ + 1}"
        r = on_a.patch("/api/me", json={"displayName": name})
        assert r.status_code in (200, 204), describe(r)
        seen = shows_soon(on_b, name)
        assert seen == name, f"round {round_ + 1}: B still shows {seen!r} after A saved {name!r}"

    r = on_a.post(
        "/api/me/password",
        json={"currentPassword": PASSWORD, "newPassword": "another long passphrase"},
    )
    assert r.status_code in (200, 204), describe(r)
    assert refused_soon(other_on_b), "B still accepted a session the new password ended"
    assert not refused(on_b), "the session that changed the password stays"


def test_disabling_an_account_from_the_command_line_reaches_every_process(
    start_server, pg_url
) -> None:
    a = start_server("postgres", name="authA")
    b = start_server(database_url=pg_url, name="authB", secret=a.secret)
    email = unique_email("dora")
    token = json_of(a.client().signup(email, "Dora"))["accessToken"]
    on_a, on_b = a.client().with_token(token), b.client().with_token(token)
    warm(on_a, on_b)

    done = run_cli(a, "user", "disable", email)
    assert done.returncode == 0, done.stderr
    assert refused_soon(on_a) and refused_soon(on_b), "a disabled account was still let in"
    assert a.client().login(email).status_code in (401, 403)

    assert run_cli(a, "user", "disable", "--enable", email).returncode == 0
    token = json_of(b.client().login(email))["accessToken"]
    assert not refused(a.client().with_token(token))


def test_disabling_an_account_from_the_command_line_reaches_a_sqlite_server(start_server) -> None:
    """SQLite has no notifications: the server reads new events every 10 ms, so a change made by
    another process on the same file (here the `hearth user` command) counts within one read."""
    server = start_server("sqlite")
    email = unique_email("sam")
    client = server.client().with_token(json_of(server.client().signup(email, "Sam"))["accessToken"])
    warm(client)
    done = run_cli(server, "user", "disable", email)
    assert done.returncode == 0, done.stderr
    deadline = time.monotonic() + 0.5
    while not refused(client):
        assert time.monotonic() < deadline, "a disabled account was still let in after 0.5 s"
        time.sleep(0.01)


def test_a_deleted_account_is_refused_on_the_other_process(start_server, pg_url) -> None:
    a = start_server("postgres", name="authA")
    b = start_server(database_url=pg_url, name="authB", secret=a.secret)
    token = json_of(a.client().signup(unique_email("gone"), "Gone"))["accessToken"]
    on_a, on_b = a.client().with_token(token), b.client().with_token(token)
    warm(on_a, on_b)
    r = on_a.post("/api/me/delete", json={"password": PASSWORD})
    assert r.status_code == 204, describe(r)
    assert refused_soon(on_b), "B still let a deleted account in"
