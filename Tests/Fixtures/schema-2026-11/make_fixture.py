"""Makes the schema fixtures: a SQLite file and a PostgreSQL dump written by Hearth as of
commit c4a3cc0 (2026-11, before the apps became modules and SQLite took PostgreSQL's names),
with rows in every table, and each table's rows as JSON for the forward-migration test.

    HEARTH_BIN=/path/to/old/hearth REDO_BIN=.build/debug/redo \
    HEARTH_TEST_DATABASE_URL=postgres://... .venv/bin/python Tests/Fixtures/schema-2026-11/make_fixture.py

Run once, from the repository root, with a `hearth` built from that commit; the outputs are
committed beside this script.
"""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[2] / "tests" / "system"))

from hearth_harness import HearthServer, json_of, reset_postgres  # noqa: E402
from redo_cli import RedoHome  # noqa: E402

PASSWORD = "correct horse battery"


class FakeLightward:
    """Accepts every invitation and answers every turn."""

    def __init__(self) -> None:
        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:  # noqa: N802
                body = self.rfile.read(int(self.headers.get("Content-Length", "0"))).decode()
                text = "accept" if body.endswith("accept or decline.") else "Hello, both of you."
                data = text.encode()
                self.send_response(200)
                self.send_header("Content-Type", "text/plain; charset=utf-8")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def log_message(self, *args: object) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/api/plain"


def until(check, what: str, timeout: float = 30) -> object:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = check()
        if value:
            return value
        time.sleep(0.1)
    raise RuntimeError(f"timed out waiting for {what}")


def fill(database_url: str, workdir: Path, lightward: FakeLightward) -> None:
    binary = os.environ["HEARTH_BIN"]
    server = HearthServer(
        database_url,
        workdir,
        extra_env={
            "SOFTER_LIGHTWARD_URL": lightward.url, "ONPU_TRANSLATOR": "off",
            "ONPU_UNIDIC_DIR": os.environ["ONPU_UNIDIC_DIR"],
        },
    ).start()
    env = server.env(server.port)

    def cli(*args: str, stdin: str | None = None) -> str:
        done = subprocess.run([binary, *args], env=env, input=stdin, capture_output=True, text=True)
        assert done.returncode == 0, done.stderr
        return done.stdout

    client = server.client()
    people = {}
    for email, name in [("ann@example.com", "Ann"), ("bob@example.com", "Bob"), ("cat@example.com", "Cat")]:
        reply = client.signup(email, name, PASSWORD, timeZone="Europe/Paris", phone=None)
        assert reply.status_code == 201, reply.text
        people[name] = client.with_token(json_of(reply)["accessToken"])
    cli("user", "create", "--email", "root@example.com", "--name", "Root", "--phone", "+14155550123",
        "--time-zone", "Asia/Tokyo", "--password-stdin", "--admin", stdin=PASSWORD + "\n")
    cli("user", "disable", "cat@example.com")
    ann, bob = people["Ann"], people["Bob"]
    # A second session for Ann, then ended: a revoked row.
    second = json_of(client.login("ann@example.com", PASSWORD))
    assert client.with_token(second["accessToken"]).post("/api/auth/logout", json={"refreshToken": second["refreshToken"]}).status_code in (200, 204)

    # Auralyst: a journal shared read-write with Bob, with one record of each kind.
    journal = json_of(ann.post("/api/auralyst/journals", json={"title": "Ann's journal", "timeZone": "Europe/Paris"}))["journal"]["id"]
    base = f"/api/auralyst/journals/{journal}"
    def add(person, path: str, body: dict) -> str:
        reply = person.post(f"{base}/{path}", json=body)
        assert reply.status_code == 201, f"{path}: {reply.status_code} {reply.text}"
        return next(iter(json_of(reply).values()))["id"]

    entry_id = add(ann, "entries", {"severity": 6, "timestamp": "2026-11-20T07:30:00Z", "symptoms": {"Headache": 5}, "note": "Slept badly"})
    medication_id = add(ann, "medications", {"name": "Ibuprofen", "defaultAmount": 200, "defaultUnit": "mg", "isAsNeeded": True})
    add(ann, "intakes", {"medicationId": medication_id, "timestamp": "2026-11-20T08:00:00Z", "entryId": entry_id})
    assert ann.post(f"{base}/shares", json={"email": "bob@example.com", "permission": "read-write"}).status_code == 200
    assert bob.post("/api/invitations/respond", json={"app": "auralyst", "kind": "journal", "resourceId": journal, "decision": "accept"}).status_code == 200
    add(bob, "notes", {"text": "Call me if it gets worse", "entryId": entry_id})
    add(bob, "entries", {"severity": 2})
    ann.post(f"{base}/shares", json={"email": "cat@example.com", "permission": "read-only"})

    # Softer: a room with Ann, Lightward and Bob, through Lightward's acceptance and a turn.
    room = json_of(ann.post("/api/softer/rooms", json={"nickname": "Ann", "participants": [{"contact": "bob@example.com", "nickname": "Bob"}]}))["room"]["id"]
    until(lambda: bob.post(f"/api/softer/rooms/{room}/here").status_code == 200, "Bob's arrival")
    def state() -> dict:
        return json_of(ann.get(f"/api/softer/rooms/{room}"))["room"]
    until(lambda: state().get("state") == "active" or state().get("isActive"), "an active room", 30)
    ann.post(f"/api/softer/rooms/{room}/messages", json={"text": "Hello, everyone."})
    time.sleep(1)

    # Onpu: a song through analysis, favorited.
    job = json_of(ann.post("/v1/jobs", json={"title": "古池", "artist": "芭蕉", "lyrics": "古池や\n蛙飛び込む\n水の音"}))["jobId"]
    until(lambda: json_of(ann.get(f"/v1/jobs/{job}")).get("status") == "succeeded", "the analysis")
    songs = json_of(ann.get("/api/onpu/songs"))["songs"]
    ann.post(f"/api/onpu/songs/{songs[0]['id']}/favorite", json={"favorite": True})

    # Redo: a device key and a task with its history, from the CLI.
    home = RedoHome.fresh("fixture")
    home.out("init", "--name", "laptop")
    home.out("login", "--server", server.base_url, "--email", "ann@example.com", "--password-stdin", stdin=PASSWORD + "\n")
    home.out("add", "Water the plants", "--every", "7")
    home.out("complete", "Water the plants")
    home.out("sync")
    server.stop()


def sqlite_rows(path: Path) -> dict:
    db = sqlite3.connect(path)
    tables = [r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")]
    out = {}
    for table in tables:
        columns = [r[1] for r in db.execute(f'PRAGMA table_info("{table}")')]
        pairs = ", ".join(f"'{c}', \"{c}\"" for c in columns)
        rows = db.execute(f'SELECT json_object({pairs}) FROM "{table}" ORDER BY rowid').fetchall()
        out[table] = [json.loads(r[0]) for r in rows]
    return out


def postgres_rows(url: str) -> dict:
    tables = subprocess.run(["psql", url, "-At", "-c", "SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename"], capture_output=True, text=True, check=True).stdout.split()
    out = {}
    for table in tables:
        text = subprocess.run(["psql", url, "-At", "-c", f"SELECT row_to_json(t)::text FROM {table} t ORDER BY 1"], capture_output=True, text=True, check=True).stdout
        out[table] = [json.loads(line) for line in text.splitlines() if line]
    return out


def main() -> None:
    lightward = FakeLightward()
    with tempfile.TemporaryDirectory() as scratch:
        work = Path(scratch)
        sqlite_path = work / "hearth.sqlite"
        fill(str(sqlite_path), work / "sqlite", lightward)
        subprocess.run(["sqlite3", str(sqlite_path), "PRAGMA wal_checkpoint(TRUNCATE); VACUUM;"], check=True)
        (HERE / "hearth.sqlite").write_bytes(sqlite_path.read_bytes())
        (HERE / "sqlite-rows.json").write_text(json.dumps(sqlite_rows(sqlite_path), indent=1, ensure_ascii=False) + "\n")

        url = os.environ["HEARTH_TEST_DATABASE_URL"]
        reset_postgres(url)
        fill(url, work / "postgres", lightward)
        dump = subprocess.run(["pg_dump", "--no-owner", "--no-privileges", "--inserts", "--schema=public", url], capture_output=True, text=True, check=True).stdout
        (HERE / "postgres.sql").write_text(dump)
        (HERE / "postgres-rows.json").write_text(json.dumps(postgres_rows(url), indent=1, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main()
