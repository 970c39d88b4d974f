"""Deleting an account removes every row that belongs to it, in every app, on SQLite and on
PostgreSQL.

Ann uses all four apps the way a person does, as an owner and as a participant in Bob's shared
things: Softer rooms both ways, Redo tasks both ways (with her own signed nodes in Bob's task),
Auralyst journals both ways (with what she wrote in Bob's journal), Onpu songs, saved Redo views,
Redo's due-today digest (a setting and a reminder), a changed email and phone, two-factor
sign-in, a mistyped password, several sessions. Then she deletes her account, and the test

  * reads EVERY column of EVERY row of EVERY table of the database (sqlite3 on the file; a
    `pg_dump --data-only` of the PostgreSQL database) for anything that still names her: her user
    id, her emails (old and new), her phone, her display name, and the hashed keys the log-in
    limits store for her email; and
  * checks that what she shared was handed over or ended sensibly (every Softer room she was
    in, hers or Bob's, ends with her departure and keeps its conversation for the others, under
    the nickname the room knows her by; her Redo nodes in Bob's task stay as its signed
    history, uploaded in his name; what she wrote in Bob's journal goes with her): Bob keeps
    his own task and journal without her, her own tasks and journal are 404 for him, and his
    pending invitations from her are gone.

Every leftover is reported with its table, column and row, and a figure line says how many
tables and rows were read and how many rows still name her.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import secrets
import shutil
import sqlite3
import subprocess
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable, Iterator

import pyotp
import pytest

from fake_gemini import FakeGemini
from fake_lightward import FakeLightward
from hearth_harness import (
    FIGURES,
    PASSWORD,
    Client,
    HarnessError,
    HearthServer,
    _clean_env,
    describe,
    json_of,
    unique_email,
)
from redo_cli import RedoHome

ANN_NAME = "Annabel Quillfeather"  # distinctive, so any copy of it is found
# Softer's rule: every room she is in ends when she goes ("<nickname> departed."), and its
# conversation stays with the others under the nickname the room knows her by: the one Bob gave
# her in his room, the one she chose in hers. Neither is her account's name.
BOBS_NAME_FOR_ANN = "Annie"
ANNS_NICKNAME = "Ann Q"
BOB_NAME = "Bob Brightwater"
CAT_NAME = "Cat Ashdown"
LYRICS = "兎追いし　かの山\n小鮒釣りし　かの川"
CLIENT_ADDRESS = "127.0.0.1"  # the address the servers see the tests come from


# -- a fake Lightward: accepts every invitation and answers every turn at once ----------------


# -- people ----------------------------------------------------------------------------------


@dataclass
class Person:
    name: str
    email: str
    client: Client
    id: str


def sign_up(server: HearthServer, name: str, prefix: str) -> Person:
    email = unique_email(prefix)
    r = server.client().signup(email, name, timeZone="America/New_York")
    assert r.status_code == 201, describe(r)
    client = server.client().with_token(json_of(r)["accessToken"])
    me = json_of(client.get("/api/me"))["user"]
    return Person(name, email, client, me["id"])


def ok(response, status: int = 200) -> Any:
    assert response.status_code == status, describe(response)
    return json_of(response) if response.content else None


def accept(person: Person, app: str, kind: str, resource_id: str) -> None:
    body = {"app": app, "kind": kind, "resourceId": resource_id, "decision": "accept"}
    ok(person.client.post("/api/invitations/respond", json=body))


def signed_in_home(server: HearthServer, email: str, label: str) -> RedoHome:
    home = RedoHome.fresh(label)
    home.out("init", "--name", label)
    home.out("login", "--server", server.base_url, "--email", email, "--password-stdin", stdin=PASSWORD + "\n")
    return home


def tasks_of(home: RedoHome) -> dict[str, dict]:
    return {
        task["id"]: {k: v for k, v in task.items() if k not in ("rank", "due")}
        for task in home.json("list", "--all")
    }


def task_id(home: RedoHome, title: str) -> str:
    return next(t["id"] for t in home.json("list", "--all") if t["title"] == title)


def wait_room(client: Client, room_id: str, what: str, condition, timeout: float = 20) -> dict:
    deadline = time.monotonic() + timeout
    room: dict = {}
    while time.monotonic() < deadline:
        room = ok(client.get(f"/api/softer/rooms/{room_id}"))["room"]
        if condition(room):
            return room
        time.sleep(0.05)
    raise AssertionError(f"timed out waiting until {what}: {json.dumps(room)[:1500]}")


def lightward_here(room: dict) -> bool:
    return any(p["isLightward"] and p["arrived"] for p in room["participants"])


def turn_of(nickname: str):
    return lambda room: room["state"] == "active" and room["turn"] and room["turn"]["nickname"] == nickname


def wait_onpu_job(client: Client, job_id: str, timeout: float = 30) -> dict:
    deadline = time.monotonic() + timeout
    job: dict = {}
    while time.monotonic() < deadline:
        job = ok(client.get(f"/v1/jobs/{job_id}"))
        if job["status"] in ("succeeded", "failed"):
            return job
        time.sleep(0.2)
    raise AssertionError(f"Onpu job {job_id} did not finish: {job}")


# -- scanning a whole database -----------------------------------------------------------------


@dataclass
class Needle:
    label: str
    text: str
    failing: bool = True  # False: reported, but not counted as a leftover (see informational)


@dataclass
class Hit:
    table: str
    column: str
    needles: list[str]
    row: dict[str, Any]
    failing: bool


@dataclass
class Scan:
    tables: int = 0
    rows: int = 0
    row_counts: dict[str, int] = field(default_factory=dict)
    hits: list[Hit] = field(default_factory=list)

    def rows_naming(self, failing: bool = True) -> set[tuple[str, str]]:
        return {row_key(h) for h in self.hits if h.failing == failing}


def search_row(scan: Scan, table: str, row: dict[str, Any], needles: list[Needle]) -> None:
    for column, value in row.items():
        if value is None:
            continue
        text = bytes(value).decode("utf-8", "replace") if isinstance(value, (bytes, bytearray, memoryview)) else str(value)
        lowered = text.lower()
        found = [n for n in needles if n.text.lower() in lowered]
        if not found:
            continue
        failing = [n for n in found if n.failing]
        scan.hits.append(
            Hit(table, column, [n.label for n in (failing or found)], row, failing=bool(failing))
        )


def scan_sqlite(path: Path, needles: list[Needle]) -> Scan:
    scan = Scan()
    database = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        tables = [r[0] for r in database.execute("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")]
        for table in tables:
            scan.tables += 1
            cursor = database.execute(f'SELECT * FROM "{table}"')
            columns = [d[0] for d in cursor.description]
            count = 0
            for values in cursor:
                count += 1
                search_row(scan, table, dict(zip(columns, values)), needles)
            scan.row_counts[table] = count
            scan.rows += count
    finally:
        database.close()
    return scan


def pg_binary(name: str) -> str:
    """As scripts/pg-throwaway finds PostgreSQL: $PG_BIN, else version 15, else the newest."""
    candidates = []
    if os.environ.get("PG_BIN"):
        candidates.append(Path(os.environ["PG_BIN"]))
    candidates.append(Path("/usr/lib/postgresql/15/bin"))
    candidates += sorted(Path("/usr/lib/postgresql").glob("*/bin"), key=lambda p: [int(x) for x in re.findall(r"\d+", p.parent.name)], reverse=True)
    for directory in candidates:
        if (directory / name).is_file():
            return str(directory / name)
    found = shutil.which(name)
    if found:
        return found
    raise HarnessError(f"{name} is missing: run scripts/setup")


COPY_LINE = re.compile(r'^COPY ([^ ]+) \((.*)\) FROM stdin;$')
ESCAPES = {"b": "\b", "f": "\f", "n": "\n", "r": "\r", "t": "\t", "v": "\v", "\\": "\\"}


def copy_field(raw: str) -> str | None:
    if raw == "\\N":
        return None
    return re.sub(r"\\(.)", lambda m: ESCAPES.get(m.group(1), m.group(1)), raw)


def pg_dump_rows(url: str) -> Iterator[tuple[str, list[str], list[str] | None]]:
    """(table, columns, row) for every row of a `pg_dump --data-only`; row None marks a table."""
    result = subprocess.run(
        [pg_binary("pg_dump"), "--data-only", "--no-owner", "--no-privileges", "--encoding=UTF8", "-d", url],
        capture_output=True,
        timeout=60,
        env={**_clean_env(), "PGCONNECT_TIMEOUT": "10"},
    )
    if result.returncode != 0:
        raise HarnessError(f"pg_dump failed: {result.stderr.decode(errors='replace')}")
    table, columns = None, []
    for line in result.stdout.decode("utf-8").split("\n"):
        if table is None:
            match = COPY_LINE.match(line)
            if match:
                table = match.group(1).removeprefix("public.").strip('"')
                columns = [c.strip().strip('"') for c in match.group(2).split(",")]
                yield table, columns, None
            continue
        if line == "\\.":
            table = None
            continue
        yield table, columns, [copy_field(f) for f in line.split("\t")]


def scan_postgres(url: str, needles: list[Needle]) -> Scan:
    scan = Scan()
    for table, columns, values in pg_dump_rows(url):
        if values is None:
            scan.tables += 1
            scan.row_counts[table] = 0
            continue
        scan.rows += 1
        scan.row_counts[table] += 1
        search_row(scan, table, dict(zip(columns, values)), needles)
    return scan


def shown(value: Any, limit: int = 160) -> str:
    text = value.decode("utf-8", "replace") if isinstance(value, (bytes, bytearray)) else repr(value)
    return text if len(text) <= limit else text[:limit] + "…"


def excerpt(value: Any, needles: Iterable[Needle], width: int = 70) -> str:
    """The part of a long value around the first needle it holds."""
    text = str(value)
    lowered = text.lower()
    for needle in needles:
        at = lowered.find(needle.text.lower())
        if at >= 0:
            start, end = max(0, at - width), min(len(text), at + len(needle.text) + width)
            return ("…" if start else "") + text[start:end] + ("…" if end < len(text) else "")
    return shown(value)


def row_key(hit: Hit) -> tuple[str, str]:
    return hit.table, json.dumps(hit.row, sort_keys=True, default=str)


def report(hits: list[Hit], needles: list[Needle]) -> str:
    """The hits grouped by table and column, with each row's other columns for context."""
    by_place: dict[tuple[str, str], list[Hit]] = {}
    for hit in hits:
        by_place.setdefault((hit.table, hit.column), []).append(hit)
    lines = []
    for (table, column), hits in sorted(by_place.items()):
        labels = Counter(label for hit in hits for label in hit.needles)
        held = ", ".join(f"{label} ({n})" for label, n in sorted(labels.items()))
        lines.append(f"  {table}.{column}: {len(hits)} row(s) holding {held}")
        sort = next((k for k in ("type", "queue", "kind") if k in hits[0].row), None)
        if sort:
            kinds = Counter(str(hit.row[sort]) for hit in hits)
            lines.append(f"    by {sort}: " + ", ".join(f"{k} ({n})" for k, n in sorted(kinds.items())))
        for hit in hits[:4]:
            context = ", ".join(
                f"{k}={excerpt(v, needles) if k == column else shown(v, 60)}" for k, v in hit.row.items()
            )
            lines.append(f"      {context}")
        if len(hits) > 4:
            lines.append(f"      … and {len(hits) - 4} more")
    return "\n".join(lines)


def login_key_hashes(email: str) -> list[tuple[str, str]]:
    """What LoginLimits stores for an email: SHA-256 of its keys (AccountService.loginRules)."""
    keys = [f"known|{CLIENT_ADDRESS}|{email}", f"pair|{CLIENT_ADDRESS}|{email}", f"account|{email}"]
    return [(f"sha256({key.replace(email, '<email>')})", hashlib.sha256(key.encode()).hexdigest()) for key in keys]


# -- the test ----------------------------------------------------------------------------------


@pytest.mark.timeout(60)
def test_deleting_an_account_leaves_nothing_of_it(backend, start_server) -> None:
    started = time.monotonic()
    lightward, gemini = FakeLightward(lambda body: "Thank you all."), FakeGemini()
    try:
        env = {**lightward.env, **gemini.env}
        server = start_server(backend, extra_env=env)
        run_and_check(server, backend, started)
    finally:
        lightward.close()
        gemini.close()


def run_and_check(server: HearthServer, backend: str, started: float) -> None:
    ann = sign_up(server, ANN_NAME, "ann")
    bob = sign_up(server, BOB_NAME, "bob")
    cat = sign_up(server, CAT_NAME, "cat")

    # -- Ann's account settings: a new email, a phone, her time zone -------------------------
    first_email = ann.email
    ann.email = unique_email("annabel")
    phone = "+1415" + "".join(secrets.choice("0123456789") for _ in range(7))
    me = ok(ann.client.patch("/api/me", json={
        "email": ann.email, "currentPassword": PASSWORD, "phone": phone, "timeZone": "Europe/Paris",
    }))["user"]
    assert me["email"] == ann.email, me
    # A mistyped password, then a second sign-in (another session)
    assert server.client().login(ann.email, "not my password at all").status_code == 401
    ok(server.client().login(ann.email))
    ok(ann.client.get("/api/me/export"))
    # Her email in a daily digest: a reminder and its job, and notices waiting for it
    ok(ann.client.put("/api/notifications/preferences", json={
        "kinds": {"hearth.test": {"email": True}}, "emailDigest": {"enabled": True, "time": "07:30"},
    }))
    ok(ann.client.post("/api/push/test"), 202)

    # -- Softer: Ann's room with Bob, Bob's room with Ann, and one Bob has not answered ------
    ann_room = ok(ann.client.post("/api/softer/rooms", json={
        "nickname": ANNS_NICKNAME, "participants": [{"contact": bob.email, "nickname": "Bob"}], "tier": 10,
    }), 201)["room"]["id"]
    bob_room = ok(bob.client.post("/api/softer/rooms", json={
        "nickname": "Bob", "participants": [{"contact": ann.email, "nickname": BOBS_NAME_FOR_ANN}], "tier": 1,
    }), 201)["room"]["id"]
    pending_room = ok(ann.client.post("/api/softer/rooms", json={
        "nickname": ANNS_NICKNAME, "participants": [{"contact": bob.email, "nickname": "Bob"}],
    }), 201)["room"]["id"]
    # Invitations go out once Lightward has accepted
    wait_room(ann.client, ann_room, "Lightward came to Ann's room", lightward_here)
    wait_room(bob.client, bob_room, "Lightward came to Bob's room", lightward_here)
    wait_room(ann.client, pending_room, "Lightward came to Ann's pending room", lightward_here)
    accept(bob, "softer", "room", ann_room)
    accept(ann, "softer", "room", bob_room)
    # Ann's room: Ann, Lightward, Bob
    wait_room(ann.client, ann_room, "Ann's turn", turn_of(ANNS_NICKNAME))
    ok(ann.client.post(f"/api/softer/rooms/{ann_room}/messages", json={"text": "Hello from Ann"}), 201)
    wait_room(bob.client, ann_room, "Bob's turn in Ann's room", turn_of("Bob"))
    ok(bob.client.post(f"/api/softer/rooms/{ann_room}/messages", json={"text": "Hi Ann"}), 201)
    # Bob's room: Bob, Lightward, Ann
    wait_room(bob.client, bob_room, "Bob's turn", turn_of("Bob"))
    ok(bob.client.post(f"/api/softer/rooms/{bob_room}/messages", json={"text": "Welcome, Annabel"}), 201)
    wait_room(ann.client, bob_room, "Ann's turn in Bob's room", turn_of(BOBS_NAME_FOR_ANN))
    ok(ann.client.post(f"/api/softer/rooms/{bob_room}/messages", json={"text": "Thanks, Bob, from Annabel"}), 201)
    ok(ann.client.post(f"/api/softer/rooms/{bob_room}/composing", json={"composing": True}), 204)
    wait_room(bob.client, bob_room, "Bob's turn again", turn_of("Bob"))
    ann_seat_in_bob_room = next(p["id"] for p in ok(ann.client.get(f"/api/softer/rooms/{bob_room}"))["room"]["participants"] if p["isYou"])

    # -- Redo: Ann's tasks (one shared with Bob, one he has not answered), Bob's task shared
    #    with her, where her device uploads signed nodes too; saved views -------------------
    ann_home = signed_in_home(server, ann.email, "ann-laptop")
    bob_home = signed_in_home(server, bob.email, "bob-laptop")
    ann_home.out("add", "Water the ferns", "--every", "3")
    ann_home.out("add", "Plan the garden", "--priority", "4")
    ann_home.out("add", "Book the trip")
    ann_home.out("sync")
    ann_garden, ann_trip = task_id(ann_home, "Plan the garden"), task_id(ann_home, "Book the trip")
    ann_ferns = task_id(ann_home, "Water the ferns")
    assert "Invited" in ann_home.out("share", "Plan the garden", bob.email, "--read-write")
    assert "Invited" in ann_home.out("share", "Book the trip", bob.email, "--read-only")
    accept(bob, "redo", "task", ann_garden)
    bob_home.out("sync")
    bob_home.out("edit", "Plan the garden", "--description", "Roses by the gate")
    bob_home.out("add", "Fix the fence", "--every", "7", "--points", "3")
    bob_home.out("sync")
    bob_fence = task_id(bob_home, "Fix the fence")
    assert "Invited" in bob_home.out("share", "Fix the fence", ann.email, "--read-write")
    accept(ann, "redo", "task", bob_fence)
    ann_home.out("sync")
    ann_home.out("edit", "Fix the fence", "--priority", "5", "--description", "Bring the long nails")
    ann_home.out("complete", "Fix the fence", "--notes", "Done with Bob's hammer")
    ann_home.out("sync")
    bob_home.out("sync")
    fence_before = tasks_of(bob_home)[bob_fence]
    assert fence_before["priority"] == 5, fence_before
    fence_nodes = ok(bob.client.get(f"/api/redo/tasks/{bob_fence}/nodes"))["nodes"]
    ok(ann.client.request("PUT", "/api/redo/views/Urgent", json={"query": "preset=urgent&sort=due"}))
    ok(ann.client.request("PUT", "/api/redo/views/Garden", json={"query": "search=garden"}))
    ok(ann.client.request("PUT", "/api/redo/settings/due-today", json={"enabled": True, "time": "07:30"}))
    ann_keys = [k["publicKey"] for k in ok(ann.client.get("/api/redo/keys"))["keys"]]
    assert ann_keys, "Ann's device key is not registered"

    # -- Auralyst: Ann's journal shared with Bob (and one with Cat he never saw), Bob's journal
    #    with Ann as a read-write caregiver writing in it ------------------------------------
    ann_journal = ok(ann.client.post("/api/auralyst/journals", json={"title": "Annabel's migraines", "timeZone": "Europe/Paris"}), 201)["journal"]["id"]
    base = f"/api/auralyst/journals/{ann_journal}"
    entry = ok(ann.client.post(f"{base}/entries", json={"severity": 6, "symptoms": {"Headache": 7}, "note": "Bright light"}), 201)["entry"]
    medication = ok(ann.client.post(f"{base}/medications", json={"name": "Sumatriptan", "isAsNeeded": True, "defaultAmount": 50, "defaultUnit": "mg"}), 201)["medication"]
    ok(ann.client.post(f"{base}/intakes", json={"medicationId": medication["id"], "entryId": entry["id"]}), 201)
    ok(ann.client.post(f"{base}/shares", json={"email": bob.email, "permission": "read-write"}))
    accept(bob, "auralyst", "journal", ann_journal)
    ok(bob.client.post(f"{base}/notes", json={"text": "She rested", "entryId": entry["id"]}), 201)
    ok(ann.client.post(f"{base}/shares", json={"email": cat.email, "permission": "read-only"}))

    bob_journal = ok(bob.client.post("/api/auralyst/journals", json={"title": "Bob's back", "timeZone": "America/New_York"}), 201)["journal"]["id"]
    bob_base = f"/api/auralyst/journals/{bob_journal}"
    bob_medication = ok(bob.client.post(f"{bob_base}/medications", json={"name": "Ibuprofen", "isAsNeeded": True}), 201)["medication"]
    bob_entry = ok(bob.client.post(f"{bob_base}/entries", json={"severity": 4}), 201)["entry"]
    ok(bob.client.post(f"{bob_base}/shares", json={"email": ann.email, "permission": "read-write"}))
    accept(ann, "auralyst", "journal", bob_journal)
    ann_entry_in_bob = ok(ann.client.post(f"{bob_base}/entries", json={"severity": 7, "note": "Bob winced on the stairs"}), 201)["entry"]
    ok(ann.client.post(f"{bob_base}/intakes", json={"medicationId": bob_medication["id"], "amount": 200, "unit": "mg"}), 201)
    ok(ann.client.post(f"{bob_base}/notes", json={"text": "Gave him the heat pad", "entryId": bob_entry["id"]}), 201)

    # Cat invites Ann to her journal; Ann never answers
    cat_journal = ok(cat.client.post("/api/auralyst/journals", json={"title": "Cat's sleep"}), 201)["journal"]["id"]
    ok(cat.client.post(f"/api/auralyst/journals/{cat_journal}/shares", json={"email": ann.email, "permission": "read-only"}))

    # -- Onpu: a song analysed by a job, a favourite -----------------------------------------
    job_id = ok(ann.client.post("/v1/jobs", json={"title": "故郷", "artist": "高野辰之", "lyrics": LYRICS}))["jobId"]
    job = wait_onpu_job(ann.client, job_id)
    assert job["status"] == "succeeded", job
    ok(ann.client.post(f"/v1/jobs/{job_id}/ack"))
    songs = ok(ann.client.get("/api/onpu/songs"))["songs"]
    assert [s["title"] for s in songs] == ["故郷"], songs
    ok(ann.client.patch(f"/api/onpu/songs/{songs[0]['id']}", json={"favorite": True}))

    # -- Two-factor sign-in, then a sign-in with a code (last: the CLI logs in with a password)
    secret = ok(ann.client.post("/api/me/two-factor"), 201)["secret"]
    totp = pyotp.TOTP(secret)
    ok(ann.client.post("/api/me/two-factor/confirm", json={"code": totp.now(), "password": PASSWORD}))
    ok(server.client().post("/api/auth/login", json={"email": ann.email, "password": PASSWORD, "code": totp.at(time.time() + 30)}))
    kinds = {e["kind"] for e in ok(ann.client.get("/api/me/security-log"))["entries"]}
    assert {"account_created", "two_factor_enabled", "signed_in", "sign_in_failed"} <= kinds, kinds

    # What Bob is waiting to answer from Ann, before she goes
    owners = {(i["app"], i["resourceId"]) for i in ok(bob.client.get("/api/invitations"))["invitations"]}
    assert {("softer", pending_room), ("redo", ann_trip)} <= owners, owners
    assert any(i["resourceId"] == ann_journal for i in ok(cat.client.get("/api/invitations"))["invitations"])

    # -- Ann deletes her account ---------------------------------------------------------------
    r = ann.client.post("/api/me/delete", json={"password": "not my password at all"})
    assert r.status_code == 400, describe(r)
    ok(ann.client.post("/api/me/delete", json={"password": PASSWORD}), 204)
    assert ann.client.get("/api/me").status_code == 401
    # (No log-in with her email is tried now: a stranger's attempt on an address is counted
    # under that address, which the scan below would find and blame on the deletion.)

    problems: list[str] = []

    def check(condition: bool, message: str) -> None:
        if not condition:
            problems.append(message)

    # -- Handed over or ended sensibly ----------------------------------------------------------
    # Softer: every room she was in ended with her departure, and Bob keeps each one to read
    r = bob.client.get(f"/api/softer/rooms/{bob_room}")
    check(r.status_code == 200, f"Bob lost his own Softer room: {describe(r)}")
    if r.status_code == 200:
        room = json_of(r)["room"]
        ann_still_listed = any(p["id"] == ann_seat_in_bob_room for p in room["participants"])
        check(
            room["state"] == "defunct" or not ann_still_listed,
            f"Bob's Softer room is still {room['state']!r} with Ann ({ann_seat_in_bob_room}) in its roster, "
            f"though nobody holds her seat: her turn can never come (turn now {room.get('turn')})",
        )
    for room_id, what, nickname in [
        (bob_room, "Bob's room", BOBS_NAME_FOR_ANN),
        (ann_room, "Ann's room", ANNS_NICKNAME),
        (pending_room, "Ann's pending room", ANNS_NICKNAME),
    ]:
        r = bob.client.get(f"/api/softer/rooms/{room_id}")
        check(r.status_code == 200, f"Bob can no longer read {what}: {describe(r)}")
        if r.status_code == 200:
            room = json_of(r)["room"]
            texts = [m["text"] for m in room["messages"]]
            check(room["state"] == "defunct" and room["defunctReason"].startswith("participantLeft:")
                  and texts[-1] == f"{nickname} departed.",
                  f"{what} did not end with Ann's departure: {room['state']}, {texts[-3:]}")
    check("Hello from Ann" in [m["text"] for m in ok(bob.client.get(f"/api/softer/rooms/{ann_room}"))["room"]["messages"]],
          "Ann's words are gone from the ledger of the room she opened")
    listed = {room["id"] for room in ok(bob.client.get("/api/softer/rooms"))["rooms"]}
    check(listed == {bob_room, ann_room, pending_room}, f"Bob's room list should hold all three rooms, is {listed}")
    r = bob.client.post(f"/api/softer/rooms/{ann_room}/messages", json={"text": "Anyone?"})
    check(r.status_code == 409, f"Bob could still speak in the room Ann left: {describe(r)}")

    # Redo: Bob's task keeps its whole history (a fresh device replays it as before), without Ann
    r = bob.client.get(f"/api/redo/tasks/{bob_fence}/nodes")
    check(r.status_code == 200, f"Bob lost his task: {describe(r)}")
    if r.status_code == 200:
        after = {n["id"] for n in json_of(r)["nodes"]}
        check(after == {n["id"] for n in fence_nodes},
              f"the nodes of Bob's task changed: {len(fence_nodes)} before, {len(after)} after")
    people = ok(bob.client.get(f"/api/redo/tasks/{bob_fence}/share"))["participants"]
    check(all(p["userId"] != ann.id for p in people), f"Bob's task still lists Ann: {people}")
    fresh = signed_in_home(server, bob.email, "bob-new-phone")
    fresh.out("sync")
    replayed = tasks_of(fresh).get(bob_fence)
    check(replayed == fence_before, f"a new device of Bob's replays his task differently: {replayed} != {fence_before}")
    check(fresh.run("verify", "--all", check=False).returncode == 0, "Bob's new device does not verify its nodes")
    for task in (ann_garden, ann_trip):
        r = bob.client.get(f"/api/redo/tasks/{task}/nodes")
        check(r.status_code == 404, f"Ann's task {task} still answers Bob: {describe(r)}")
    visible = set(ok(bob.client.get("/api/redo/tasks"))["taskIds"])
    check(visible == {bob_fence}, f"Bob's Redo tasks should be just his own, are {visible}")

    # Auralyst: Bob keeps his journal without Ann; hers is gone for him and for Cat
    r = bob.client.get(bob_base)
    check(r.status_code == 200, f"Bob lost his journal: {describe(r)}")
    shares = ok(bob.client.get(f"{bob_base}/shares"))["participants"]
    check(all(p["userId"] != ann.id for p in shares), f"Bob's journal is still shared with Ann: {shares}")
    r = bob.client.get(f"{bob_base}/entries")
    check(r.status_code == 200, f"Bob's journal entries fail: {describe(r)}")
    for who in (bob, cat):
        r = who.client.get(base)
        check(r.status_code == 404, f"Ann's journal still answers {who.name}: {describe(r)}")
    journals = {j["id"] for j in ok(bob.client.get("/api/auralyst/journals"))["journals"]}
    check(journals == {bob_journal}, f"Bob's journals should be just his own, are {journals}")
    r = cat.client.get(f"/api/auralyst/journals/{cat_journal}/shares")
    check(r.status_code == 200 and all(p["userId"] != ann.id for p in json_of(r)["participants"]),
          f"Cat's journal still has Ann invited: {describe(r)}")

    # Invitations from Ann are gone
    for who in (bob, cat):
        left = [i for i in ok(who.client.get("/api/invitations"))["invitations"] if i["ownerName"] == ANN_NAME]
        check(not left, f"{who.name} still has invitations from Ann: {left}")

    # -- Every row of every table ------------------------------------------------------------
    cat.client.settled()  # the jobs the deletion set off have run: read a quiet database
    server.stop()
    needles = [
        Needle("user id", ann.id),
        Needle("email", ann.email),
        Needle("first email", first_email),
        Needle("phone", phone),
        Needle("display name", ANN_NAME),
    ]
    for address in (ann.email, first_email):
        needles += [Needle(label, digest) for label, digest in login_key_hashes(address)]
    # What she owned goes with her, including what the platform keeps about it (events, jobs);
    # the Softer rooms she opened are the others' now.
    needles += [
        Needle("id of her shared Redo task", ann_garden),
        Needle("id of her pending-share Redo task", ann_trip),
        Needle("id of her private Redo task", ann_ferns),
        Needle("id of her Auralyst journal", ann_journal),
        Needle("id of her Onpu job", job_id),
        Needle("id of her Onpu song", songs[0]["id"]),
    ]
    # Her device's public key is inside every node she signed: a pseudonym once her key row is
    # gone, and part of signed content that cannot change; reported, not counted.
    needles += [Needle("redo device public key", key, failing=False) for key in ann_keys]

    if backend == "sqlite":
        scan = scan_sqlite(Path(server.database_url.removeprefix("sqlite://")), needles)
    else:
        scan = scan_postgres(server.database_url, needles)
    leftovers = scan.rows_naming(failing=True)
    informational = scan.rows_naming(failing=False) - leftovers
    figure = (
        f"account deletion [{backend}]: {scan.tables} tables scanned, {scan.rows} rows scanned, "
        f"{len(leftovers)} rows still naming the account "
        f"(+{len(informational)} holding only her Redo device key), "
        f"{len(problems)} hand-over problems, {time.monotonic() - started:.1f}s"
    )
    findings_path = server.workdir / "deletion-findings.json"
    findings_path.write_text(json.dumps({
        "backend": backend, "tables": scan.tables, "rows": scan.rows, "rowCounts": scan.row_counts,
        "ann": {"id": ann.id, "email": ann.email, "firstEmail": first_email, "phone": phone},
        "hits": [h.__dict__ for h in scan.hits], "problems": problems,
    }, indent=2, default=str, ensure_ascii=False))
    FIGURES.append(figure)

    message = [figure, f"(all hits: {findings_path})"]
    if leftovers:
        message.append(
            f"Rows that still name the deleted account (id {ann.id}, {ann.email}, {first_email}, {phone}, "
            f"{ANN_NAME!r}, her hashed log-in keys) or something she owned, by table and column:\n" + report([h for h in scan.hits if h.failing], needles)
        )
    if problems:
        message.append("Shared things not handed over or ended sensibly:\n" + "\n".join(f"  - {p}" for p in problems))
    if leftovers or problems:
        pytest.fail("\n".join(message), pytrace=False)
