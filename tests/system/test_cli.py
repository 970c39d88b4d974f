"""The `hearth` command's administration subcommands, run as an administrator would."""

from __future__ import annotations

import sqlite3
import subprocess
from pathlib import Path

import pytest

from hearth_harness import (
    PASSWORD,
    _clean_env,
    describe,
    hearth_binary,
    json_of,
    make_workdir,
    new_secret,
    sqlite_url,
)


def run(env: dict[str, str], *args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run(
        [str(hearth_binary()), *args],
        env=env,
        input=stdin,
        capture_output=True,
        text=True,
        timeout=60,
    )


@pytest.fixture
def cli_env() -> tuple[dict[str, str], Path]:
    workdir = make_workdir("cli")
    database = workdir / "hearth.sqlite"
    env = {
        **_clean_env(),
        "HEARTH_DATABASE_URL": sqlite_url(database),
        "HEARTH_SECRET": new_secret(),
        "HEARTH_LOG_LEVEL": "warning",
        "HEARTH_PORT": "18765",
    }
    return env, workdir


def test_user_administration(cli_env) -> None:
    env, _ = cli_env
    assert run(env, "migrate").returncode == 0

    empty = run(env, "user", "list")
    assert empty.returncode == 0 and "No accounts yet" in empty.stdout

    created = run(
        env, "user", "create", "--email", "Admin@Example.com", "--name", "Ada", "--password-stdin",
        "--admin", stdin=PASSWORD + "\n",
    )
    assert created.returncode == 0, created.stderr
    assert "admin@example.com" in created.stdout and PASSWORD not in created.stdout

    generated = run(env, "user", "create", "--email", "b@example.com", "--name", "Bea")
    assert generated.returncode == 0, generated.stderr
    assert "Password: " in generated.stdout

    duplicate = run(env, "user", "create", "--email", "b@example.com", "--name", "Again")
    assert duplicate.returncode != 0
    assert "already uses this email" in duplicate.stderr

    listing = run(env, "user", "list")
    lines = listing.stdout.strip().splitlines()
    assert len(lines) == 2 and "admin" in lines[0] and "active" in lines[1]

    disabled = run(env, "user", "disable", "b@example.com")
    assert disabled.returncode == 0 and "Disabled" in disabled.stdout
    assert "disabled" in run(env, "user", "list").stdout
    unknown = run(env, "user", "disable", "ghost@example.com")
    assert unknown.returncode != 0 and "ghost@example.com" in unknown.stderr

    reset = run(env, "user", "reset-password", "admin@example.com")
    assert reset.returncode == 0, reset.stderr
    link = reset.stdout.splitlines()[0]
    assert link.startswith("http://127.0.0.1:18765/reset-password?token=")


def test_reset_link_sets_a_new_password(cli_env, start_server) -> None:
    env, workdir = cli_env
    created = run(
        env, "user", "create", "--email", "r@example.com", "--name", "R", "--password-stdin",
        stdin=PASSWORD + "\n",
    )
    assert created.returncode == 0, created.stderr
    link = run(env, "user", "reset-password", "r@example.com").stdout.splitlines()[0]
    token = link.split("token=", 1)[1]

    server = start_server(database_url=env["HEARTH_DATABASE_URL"], secret=env["HEARTH_SECRET"])
    client = server.client()
    page = client.session.get(server.base_url + "/reset-password", params={"token": token})
    assert page.status_code == 200
    csrf = page.cookies.get("hearth_csrf")
    assert csrf
    form = {"token": token, "newPassword": "brand new password", "_csrf": csrf}
    done = client.session.post(server.base_url + "/reset-password", data=form)
    assert done.status_code == 200, describe(done)
    again = client.session.post(server.base_url + "/reset-password", data=form)
    assert again.status_code == 400, "a reset link works only once"
    assert client.login("r@example.com", "brand new password").status_code == 200
    assert client.login("r@example.com", PASSWORD).status_code == 401


def test_backup_is_a_consistent_copy(cli_env) -> None:
    env, workdir = cli_env
    run(env, "user", "create", "--email", "k@example.com", "--name", "Kept")
    target = workdir / "backup.sqlite"
    done = run(env, "backup", str(target))
    assert done.returncode == 0, done.stderr
    with sqlite3.connect(target) as db:
        emails = [row[0] for row in db.execute("SELECT email FROM users")]
    assert emails == ["k@example.com"]
    refused = run(env, "backup", str(target))
    assert refused.returncode != 0 and "already exists" in refused.stderr


@pytest.mark.parametrize(
    ("variable", "value"),
    [("HEARTH_PORT", "eighty"), ("HEARTH_DATABASE_URL", "mysql://x"), ("HEARTH_ENV", "staging")],
)
def test_a_bad_setting_stops_start_up_naming_it(cli_env, variable: str, value: str) -> None:
    env, _ = cli_env
    failed = run({**env, variable: value}, "serve")
    assert failed.returncode != 0
    assert variable in failed.stderr, failed.stderr
    assert "Traceback" not in failed.stderr and "Fatal error" not in failed.stderr


def test_files_hearth_makes_are_the_owners_alone(cli_env) -> None:
    env, workdir = cli_env
    env = {k: v for k, v in env.items() if k != "HEARTH_SECRET"}
    run(env, "user", "create", "--email", "m@example.com", "--name", "Mode")
    target = workdir / "backup.sqlite"
    assert run(env, "backup", str(target)).returncode == 0
    made = [workdir / "secret", workdir / "hearth.sqlite", target]
    made += [path for path in workdir.glob("hearth.sqlite-*")]
    for path in made:
        assert path.exists(), path
        assert path.stat().st_mode & 0o077 == 0, f"{path.name} is {oct(path.stat().st_mode & 0o777)}"
