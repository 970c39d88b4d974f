"""Faults under load: PostgreSQL restarted, `hearth serve` and `hearth worker` killed with
SIGKILL, SQLite's disk full, and slow (slowloris) clients.

Every test runs the same small load while the fault happens (`LoadMix`): one account writes
through all four apps at once, each app on its own thread: Auralyst journal entries, Softer
messages in a room with a fake Lightward (each message makes a Lightward turn: a job), Redo tasks
(drafts signed here with Ed25519 and uploaded), Onpu songs (each a job), and the platform's probe
jobs. An SSE client follows the account's `/api/events` the whole time, reconnecting with
`Last-Event-ID` whenever its stream ends.

Afterwards each test checks, and prints (see them with `-s`; they are also in every assertion
message): the writes acknowledged and found again, the jobs that completed exactly once, and the
events the SSE client got exactly once, with no gap, against `/api/events/poll`.
"""

from __future__ import annotations

import contextlib
import datetime
import errno
import hashlib
import http.client
import json
import os
import resource
import socket
import sqlite3
import subprocess
import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterator

import pytest
import requests
import rfc8785
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from requests.adapters import HTTPAdapter

from fake_lightward import FakeLightward
from hearth_harness import (
    FIGURES,
    HOST,
    PASSWORD,
    REPO,
    HarnessError,
    HearthServer,
    HearthWorker,
    SseStream,
    describe,
    json_of,
    make_workdir,
    sqlite_url,
    unique_email,
)

# A job whose worker died is claimed again after this many seconds.
LEASE_SECONDS = "2"
# Every request of the load gives up after this long.
LOAD_TIMEOUT = 10.0
# While a fault lasts, the server must still answer every request within this (any status).
ANSWER_LIMIT = 5.0
# Once the fault is over, every app's writes must succeed again within this.
RECOVERY_LIMIT = 20.0
# After the load stops, every acknowledged job must have completed within this.
SETTLE_LIMIT = 45.0
# How long the load runs before the fault, and after recovery.
LOAD_BEFORE = 3.0
LOAD_AFTER = 3.0

# The fault tests load the machine and time its answers: they run one after another on one
# pytest-xdist worker, not beside each other.
pytestmark = pytest.mark.xdist_group("faults")

LYRICS = "兎追いし　かの山\n小鮒釣りし　かの川"
APPS = ("auralyst", "softer", "redo", "onpu", "probe")
# What Foundation's UUID() gives when it cannot read any randomness (a version-4 UUID of zeros).
ZERO_UUID = "00000000-0000-4000-8000-000000000000"


# -- helpers ---------------------------------------------------------------------------------


class _SourceAdapter(HTTPAdapter):
    """Connects from a chosen loopback address (127.0.0.0/8 is all local on Linux)."""

    def __init__(self, source: str) -> None:
        self.source = source
        super().__init__()

    def init_poolmanager(self, *args: Any, **kwargs: Any) -> None:
        kwargs["source_address"] = (self.source, 0)
        super().init_poolmanager(*args, **kwargs)


def new_session(source: str | None = None) -> requests.Session:
    session = requests.Session()
    session.trust_env = False
    if source:
        adapter = _SourceAdapter(source)
        session.mount("http://", adapter)
    return session


class RedoDevice:
    """A Redo device key: registers itself with the account, signs the server's drafts."""

    def __init__(self) -> None:
        self.key = Ed25519PrivateKey.generate()
        raw = self.key.public_key().public_bytes(
            serialization.Encoding.Raw, serialization.PublicFormat.Raw
        )
        self.public_key = raw.hex()

    def registration(self, account_id: str) -> dict[str, str]:
        message = rfc8785.dumps(
            {"purpose": "hearth-redo-key", "accountId": account_id, "publicKey": self.public_key}
        )
        return {"publicKey": self.public_key, "proof": self.key.sign(message).hex(), "label": "faults"}

    def sign(self, drafts: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """Signed nodes for the drafts, in order; a draft that builds on the previous one gets it
        as its parent and the lamport after it."""
        nodes: list[dict[str, Any]] = []
        for draft in drafts:
            parents, lamport = draft["parents"], draft["lamport"]
            if draft["buildsOnPrevious"] and nodes:
                parents = [nodes[-1]["id"]]
                lamport = nodes[-1]["timestamp"]["lamport"] + 1
            now = datetime.datetime.now(datetime.timezone.utc)
            wall = now.strftime("%Y-%m-%dT%H:%M:%S.") + f"{now.microsecond // 1000:03d}Z"
            body = {
                "version": 1,
                "parents": parents,
                "timestamp": {"lamport": lamport, "wall": wall},
                "author": {
                    "userId": self.public_key[:32],
                    "deviceId": "faults-device",
                    "publicKey": self.public_key,
                },
                "action": draft["action"],
                "taskId": draft["taskId"],
                "data": {"payload": draft["payload"]},
            }
            canonical = rfc8785.dumps(body)
            nodes.append(
                dict(
                    body,
                    id="sha256:" + hashlib.sha256(canonical).hexdigest(),
                    signature=self.key.sign(canonical).hex(),
                )
            )
        return nodes


@dataclass
class Call:
    """One request the load made, and what came of it."""

    app: str
    what: str
    phase: str
    started: float
    ended: float
    status: int | None
    retry_after: str | None = None
    error: str | None = None
    body: str = ""

    @property
    def seconds(self) -> float:
        return self.ended - self.started

    def line(self) -> str:
        outcome = f"HTTP {self.status}" if self.status is not None else f"no answer ({self.error})"
        extra = f" Retry-After={self.retry_after!r}" if self.status and self.status >= 500 else ""
        return f"[{self.phase}] {self.app} {self.what}: {outcome} after {self.seconds:.2f}s{extra} {self.body[:160]}"


# -- the SSE client --------------------------------------------------------------------------


class EventFollower:
    """Follows `/api/events` for one account from cursor `after`, on whatever port the server
    listens on now; when a stream ends it reconnects with `Last-Event-ID`, as a browser does."""

    def __init__(self, server: HearthServer, token: str, after: int, source: str | None) -> None:
        self.server = server
        self.token = token
        self.source = source
        self.last_id = str(after)
        self.ids: list[int] = []
        self.connects = 0
        self.refusals: Counter[str] = Counter()
        self.lock = threading.Lock()
        self.stopping = threading.Event()
        self.current: SseStream | None = None
        self.thread = threading.Thread(target=self._run, name="event-follower", daemon=True)
        self.thread.start()

    def _run(self) -> None:
        while not self.stopping.is_set():
            try:
                stream = SseStream(
                    self.server.base_url,
                    self.token,
                    read_timeout=20,
                    last_event_id=self.last_id,
                    session=new_session(self.source),
                )
            except (requests.RequestException, HarnessError) as exc:
                self.refusals[type(exc).__name__] += 1
                self.stopping.wait(0.2)
                continue
            if stream.response.status_code != 200:
                self.refusals[f"HTTP {stream.response.status_code}"] += 1
                stream.close()
                self.stopping.wait(0.3)
                continue
            self.connects += 1
            self.current = stream
            seen = 0
            while True:
                ended = stream.ended
                frames = stream.drain(wait=0.1)
                for frame in frames[seen:]:
                    if frame["id"] is not None and frame["id"].strip().isdigit():
                        with self.lock:
                            self.ids.append(int(frame["id"]))
                            self.last_id = frame["id"].strip()
                seen = len(frames)
                if ended or self.stopping.is_set():
                    break
            self.current = None
            stream.close()
            self.stopping.wait(0.1)

    def received(self) -> list[int]:
        with self.lock:
            return list(self.ids)

    def stop(self) -> None:
        self.stopping.set()
        stream = self.current
        if stream is not None:
            stream.close()
        self.thread.join(timeout=10)


# -- the load ----------------------------------------------------------------------------------


@dataclass
class Figures:
    """What a test prints and puts in its assertion messages."""

    acked: dict[str, int] = field(default_factory=dict)
    found: dict[str, int] = field(default_factory=dict)
    lost: list[str] = field(default_factory=list)
    jobs_expected: int = 0
    jobs_once: int = 0
    job_problems: list[str] = field(default_factory=list)
    events_expected: int = 0
    events_once: int = 0
    event_problems: list[str] = field(default_factory=list)
    reconnects: int = 0
    statuses: dict[str, Counter[str]] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)

    def summary(self) -> str:
        acked = sum(self.acked.values())
        found = sum(self.found.values())
        per_app = ", ".join(f"{app} {self.found.get(app, 0)}/{self.acked.get(app, 0)}" for app in APPS)
        lines = [
            f"writes acknowledged: {acked}; writes found afterwards: {found} ({per_app})",
            f"jobs completed once: {self.jobs_once} of {self.jobs_expected}",
            f"events delivered once: {self.events_once} of {self.events_expected} "
            f"(SSE connections: {self.reconnects})",
        ]
        for phase, counts in self.statuses.items():
            lines.append(f"answers [{phase}]: " + ", ".join(f"{k}: {v}" for k, v in sorted(counts.items())))
        lines += self.notes
        for title, problems in (
            ("lost writes", self.lost),
            ("job problems", self.job_problems),
            ("event problems", self.event_problems),
        ):
            if problems:
                lines.append(f"{title} ({len(problems)}): " + "; ".join(problems[:8]))
        return "\n".join(lines)


class LoadMix:
    """One account writing through the four apps and the probe jobs, a thread each, against
    whichever port the server listens on now. `mark(phase)` labels the requests that follow."""

    def __init__(self, server: HearthServer, *, source: str | None = None) -> None:
        self.server = server
        self.source = source
        self.phase = "before"
        self.marks: dict[str, float] = {}
        self.calls: list[Call] = []
        self.lock = threading.Lock()
        self.stopping = threading.Event()
        self.threads: list[threading.Thread] = []
        self.acked: dict[str, list[str]] = {app: [] for app in APPS}
        self.acked_at: dict[str, list[float]] = {app: [] for app in APPS}
        self.harness_errors: list[str] = []
        self.device = RedoDevice()
        self.token = ""
        self.user_id = ""
        self.journal = ""
        self.room = ""
        self.follower: EventFollower | None = None
        self.died: str | None = None
        self.start_cursor = 0  # the SSE client follows every event after this one

    # -- setup -----------------------------------------------------------------------------

    def url(self, path: str) -> str:
        return self.server.base_url + path

    def _setup_request(self, session: requests.Session, method: str, path: str, **kw: Any) -> requests.Response:
        headers = {"Authorization": f"Bearer {self.token}"} if self.token else {}
        return session.request(method, self.url(path), headers=headers, timeout=15, **kw)

    def setup(self) -> None:
        """The account, its journal, a Softer room with Lightward arrived, a Redo key; then the
        SSE client from the current cursor."""
        s = new_session(self.source)
        r = self._setup_request(
            s, "POST", "/api/auth/signup",
            json={"email": unique_email("faults"), "displayName": "Fault Load", "password": PASSWORD},
        )
        assert r.status_code == 201, describe(r)
        self.token = json_of(r)["accessToken"]
        self.user_id = json_of(r)["user"]["id"]
        r = self._setup_request(s, "POST", "/api/auralyst/journals", json={"title": "Faults"})
        assert r.status_code == 201, describe(r)
        self.journal = json_of(r)["journal"]["id"]
        r = self._setup_request(s, "POST", "/api/redo/keys", json=self.device.registration(self.user_id))
        assert r.status_code == 200, describe(r)
        r = self._setup_request(s, "POST", "/api/softer/rooms", json={"nickname": "Loader"})
        assert r.status_code == 201, describe(r)
        self.room = json_of(r)["room"]["id"]
        deadline = time.monotonic() + 20
        while True:
            r = self._setup_request(s, "GET", f"/api/softer/rooms/{self.room}")
            assert r.status_code == 200, describe(r)
            if json_of(r)["room"]["state"] == "active":
                break
            assert time.monotonic() < deadline, f"Lightward never arrived: {r.text[:500]}"
            time.sleep(0.05)
        r = self._setup_request(s, "GET", "/api/events/poll", params={"timeout": 0})
        assert r.status_code == 200, describe(r)
        self.start_cursor = int(json_of(r)["cursor"])
        s.close()
        self.follower = EventFollower(self.server, self.token, self.start_cursor, self.source)

    # -- running ---------------------------------------------------------------------------

    def mark(self, phase: str) -> None:
        self.phase = phase
        self.marks[phase] = time.monotonic()

    def call(
        self, session: requests.Session, app: str, what: str, method: str, path: str, *, auth: bool = True, **kw: Any
    ) -> requests.Response | None:
        phase = self.phase
        started = time.monotonic()
        headers = {"Authorization": f"Bearer {self.token}"} if auth else {}
        try:
            r = session.request(method, self.url(path), headers=headers, timeout=LOAD_TIMEOUT, allow_redirects=False, **kw)
        except requests.RequestException as exc:
            with self.lock:
                self.calls.append(Call(app, what, phase, started, time.monotonic(), None, error=type(exc).__name__))
            return None
        with self.lock:
            self.calls.append(
                Call(app, what, phase, started, time.monotonic(), r.status_code,
                     retry_after=r.headers.get("Retry-After"), body=r.text[:300])
            )
        return r

    def ack(self, app: str, key: str) -> None:
        with self.lock:
            self.acked[app].append(key)
            self.acked_at[app].append(time.monotonic())

    def start(self) -> None:
        for app, step, pause in (
            ("auralyst", self._auralyst, 0.05),
            ("softer", self._softer, 0.0),
            ("redo", self._redo, 0.1),
            ("onpu", self._onpu, 0.8),  # Onpu's /v1 allows 120 requests a minute per address
            ("probe", self._probe, 0.25),
        ):
            thread = threading.Thread(target=self._loop, args=(app, step, pause), name=f"load-{app}", daemon=True)
            self.threads.append(thread)
            thread.start()

    def _loop(self, app: str, step: Callable[[requests.Session, int], None], pause: float) -> None:
        session = new_session(self.source)
        n = 0
        while not self.stopping.is_set():
            n += 1
            try:
                step(session, n)
            except Exception as exc:  # noqa: BLE001 - an unexpected body shape; reported, not fatal
                with self.lock:
                    self.harness_errors.append(f"{app}: {exc!r}")
                self.stopping.wait(0.2)
            self.stopping.wait(pause)
        session.close()

    def _failed(self, r: requests.Response | None) -> None:
        """After a failed request, a short pause rather than a busy loop."""
        self.stopping.wait(0.1 if r is not None else 0.2)

    def _auralyst(self, s: requests.Session, n: int) -> None:
        note = f"fault auralyst {n}"
        r = self.call(s, "auralyst", "add entry", "POST", f"/api/auralyst/journals/{self.journal}/entries",
                      json={"severity": n % 11, "note": note})
        # 201 is a new entry; 200 would mean the server already held one with the id it chose.
        if r is not None and r.status_code in (200, 201):
            self.ack("auralyst", note)
        else:
            self._failed(r)

    def _softer(self, s: requests.Session, n: int) -> None:
        r = self.call(s, "softer", "read room", "GET", f"/api/softer/rooms/{self.room}")
        if r is None or r.status_code != 200:
            self._failed(r)
            return
        room = r.json()["room"]
        turn = room.get("turn") or {}
        if room["state"] != "active" or turn.get("participantId") != room["you"]:
            self.stopping.wait(0.05)  # Lightward's turn: its job is running
            return
        text = f"fault softer {n}"
        r = self.call(s, "softer", "send message", "POST", f"/api/softer/rooms/{self.room}/messages", json={"text": text})
        if r is not None and r.status_code == 201:
            self.ack("softer", text)
        else:
            self._failed(r)

    def _redo(self, s: requests.Session, n: int) -> None:
        r = self.call(s, "redo", "drafts", "POST", "/api/redo/drafts",
                      json={"intent": "add", "fields": {"title": f"fault redo {n}"}})
        if r is None or r.status_code != 200:
            self._failed(r)
            return
        nodes = self.device.sign(r.json()["drafts"])
        r = self.call(s, "redo", "upload nodes", "POST", "/api/redo/nodes", json={"nodes": nodes})
        if r is not None and r.status_code == 200:
            verdicts = [v["status"] for v in r.json()["results"]]
            if verdicts == ["accepted"] * len(nodes):
                self.ack("redo", nodes[0]["taskId"])
            else:
                with self.lock:
                    self.harness_errors.append(f"redo verdicts {verdicts}: {r.text[:300]}")
        else:
            self._failed(r)

    def _onpu(self, s: requests.Session, n: int) -> None:
        title = f"fault onpu {n}"
        r = self.call(s, "onpu", "queue song", "POST", "/v1/jobs", json={"title": title, "artist": "faults", "lyrics": LYRICS})
        if r is not None and r.status_code == 200:
            self.ack("onpu", title)
        else:
            self._failed(r)

    def _probe(self, s: requests.Session, n: int) -> None:
        r = self.call(s, "probe", "enqueue job", "POST", "/api/debug/jobs", json={"sleepMs": 400})
        if r is not None and r.status_code == 202:
            self.ack("probe", r.json()["job"]["id"])
        else:
            self._failed(r)

    def stop(self) -> None:
        self.stopping.set()
        for thread in self.threads:
            thread.join(timeout=LOAD_TIMEOUT + 5)
        assert not any(t.is_alive() for t in self.threads), "load threads did not stop"

    # -- during and after --------------------------------------------------------------------

    def calls_in(self, *phases: str) -> list[Call]:
        with self.lock:
            return [c for c in self.calls if c.phase in phases]

    def acked_since(self, app: str, moment: float) -> int:
        with self.lock:
            return sum(1 for t in self.acked_at[app] if t >= moment)

    def wait_for_recovery(self, since: float, limit: float = RECOVERY_LIMIT) -> dict[str, float | None]:
        """Seconds from `since` to the first acknowledged write of each app (None: none within
        `limit`)."""
        deadline = since + limit
        while time.monotonic() < deadline and self.server.running:
            if all(self.acked_since(app, since) for app in APPS):
                break
            time.sleep(0.1)
        first: dict[str, float | None] = {}
        with self.lock:
            for app in APPS:
                later = [t for t in self.acked_at[app] if t >= since]
                first[app] = (min(later) - since) if later else None
        return first

    def status_table(self) -> dict[str, Counter[str]]:
        table: dict[str, Counter[str]] = {}
        with self.lock:
            for c in self.calls:
                key = str(c.status) if c.status is not None else f"no answer ({c.error})"
                table.setdefault(c.phase, Counter())[key] += 1
        return table

    def verify(self) -> Figures:
        """Stops the SSE client once every acknowledged job has completed (or SETTLE_LIMIT
        passed), and counts what survived."""
        figures = Figures(acked={app: len(keys) for app, keys in self.acked.items()})
        if not self.server.running:
            code = self.server.proc.returncode if self.server.proc else None
            self.died = f"hearth serve died during the test (exit status {code})"
            figures.notes.append(self.died + "; started again to count what survived")
            self.server.start()
        s = new_session(self.source)

        def get(path: str, **kw: Any) -> requests.Response:
            r = self._setup_request(s, "GET", path, **kw)
            assert r.status_code == 200, describe(r)
            return r

        # Jobs: wait until each acknowledged one has completed.
        deadline = time.monotonic() + SETTLE_LIMIT
        probe_status: dict[str, str] = {}
        while True:
            for job_id in self.acked["probe"]:
                if probe_status.get(job_id) != "succeeded":
                    probe_status[job_id] = get(f"/api/debug/jobs/{job_id}").json()["job"]["status"]
            songs = get("/api/onpu/songs").json()["songs"]
            room = get(f"/api/softer/rooms/{self.room}").json()["room"]
            spoken = [m for m in room["messages"] if not m["isNarration"]]
            softer_settled = bool(spoken) and spoken[-1]["isLightward"] or not spoken
            titles = Counter(song["title"] for song in songs)
            done = (
                all(status == "succeeded" for status in probe_status.values())
                and all(titles[t] >= 1 for t in self.acked["onpu"])
                and softer_settled
            )
            if done or time.monotonic() > deadline:
                break
            time.sleep(0.3)

        # Writes
        entries = get(f"/api/auralyst/journals/{self.journal}/entries").json()["entries"]
        notes = Counter(e.get("note") for e in entries)
        mine = [m for m in spoken if not m["isLightward"]]
        texts = Counter(m["text"] for m in mine)
        tasks = set(get("/api/redo/tasks").json()["taskIds"])
        stored: dict[str, Callable[[str], bool]] = {
            "auralyst": lambda key: notes[key] >= 1,
            "softer": lambda key: texts[key] >= 1,
            "redo": lambda key: key in tasks,
            "onpu": lambda key: titles[key] >= 1,
            "probe": lambda key: probe_status.get(key) is not None,
        }
        for app in APPS:
            found = [key for key in self.acked[app] if stored[app](key)]
            figures.found[app] = len(found)
            figures.lost += [f"{app} {key!r}" for key in self.acked[app] if not stored[app](key)]
        for note, count in notes.items():
            if count > 1:
                figures.lost.append(f"auralyst {note!r} stored {count} times")

        # Jobs, each exactly once
        events = self.events_after(s, self.start_cursor)
        completions = Counter(
            e["payload"].get("jobId") for e in events if e["type"] == "debug.job.completed"
        )
        for job_id in self.acked["probe"]:
            figures.jobs_expected += 1
            if probe_status.get(job_id) == "succeeded" and completions[job_id] == 1:
                figures.jobs_once += 1
            else:
                figures.job_problems.append(
                    f"probe {job_id[:8]}: {probe_status.get(job_id)}, announced {completions[job_id]} times"
                )
        for job_id, count in completions.items():
            if count > 1 and job_id not in self.acked["probe"]:
                figures.job_problems.append(f"unacknowledged probe {job_id[:8]} announced {count} times")
        for title in self.acked["onpu"]:
            figures.jobs_expected += 1
            if titles[title] == 1:
                figures.jobs_once += 1
            else:
                figures.job_problems.append(f"onpu {title!r}: {titles[title]} songs")
        for title, count in titles.items():
            if count > 1 and title not in self.acked["onpu"]:
                figures.job_problems.append(f"unacknowledged onpu {title!r}: {count} songs")
        lightward = [m for m in spoken if m["isLightward"]]
        figures.jobs_expected += len(mine)
        figures.jobs_once += min(len(mine), len(lightward))
        if len(lightward) != len(mine):
            figures.job_problems.append(f"softer: {len(mine)} messages but {len(lightward)} Lightward answers")
        if len({m["id"] for m in lightward}) != len(lightward):
            figures.job_problems.append("softer: a Lightward turn answered twice")
        for a, b in zip(spoken, spoken[1:]):
            if a["isLightward"] == b["isLightward"]:
                figures.job_problems.append(f"softer: {a['text']!r} then {b['text']!r} by the same speaker")

        # Events, each exactly once and in order
        assert self.follower is not None
        expected = [e["sequence"] for e in events]
        figures.events_expected = len(expected)
        deadline = time.monotonic() + 15
        while expected and time.monotonic() < deadline:
            got = self.follower.received()
            if got and max(got) >= expected[-1]:
                break
            time.sleep(0.1)
        self.follower.stop()
        got = [i for i in self.follower.received() if not expected or i <= expected[-1]]
        counts = Counter(got)
        figures.reconnects = self.follower.connects
        figures.events_once = sum(1 for seq in expected if counts[seq] == 1)
        missing = [seq for seq in expected if counts[seq] == 0]
        duplicated = [seq for seq, n in counts.items() if n > 1]
        extra = sorted(set(got) - set(expected))
        if missing:
            figures.event_problems.append(f"{len(missing)} never delivered: {missing[:10]}")
        if duplicated:
            figures.event_problems.append(f"{len(duplicated)} delivered more than once: {duplicated[:10]}")
        if extra:
            figures.event_problems.append(f"{len(extra)} delivered but not in the account's feed: {extra[:10]}")
        if any(b <= a for a, b in zip(got, got[1:])):
            figures.event_problems.append("delivered out of order")
        if self.follower.refusals:
            figures.notes.append(
                "SSE reconnects refused: " + ", ".join(f"{k} x{v}" for k, v in self.follower.refusals.items())
            )
        zero = sum(1 for c in self.calls if ZERO_UUID in c.body)
        if zero:
            figures.notes.append(f"answers naming the all-zero UUID {ZERO_UUID} (ids minted without randomness): {zero}")
        if self.harness_errors:
            figures.notes.append("load oddities: " + "; ".join(e[:200] for e in self.harness_errors[:3]))
        figures.statuses = self.status_table()
        s.close()
        return figures

    def events_after(self, s: requests.Session, cursor: int) -> list[dict[str, Any]]:
        """Every event of the account after `cursor`, from the long-poll feed."""
        events: list[dict[str, Any]] = []
        while True:
            r = self._setup_request(s, "GET", "/api/events/poll", params={"after": cursor, "timeout": 0})
            assert r.status_code == 200, describe(r)
            page = r.json()
            for e in page["events"]:
                if isinstance(e["payload"], str):
                    e["payload"] = json.loads(e["payload"])
            events += page["events"]
            if int(page["cursor"]) == cursor and not page["events"]:
                return events
            cursor = int(page["cursor"])


def report(title: str, figures: Figures, problems: list[str]) -> str:
    """Prints the figures and returns the assertion message."""
    text = f"== {title} ==\n{figures.summary()}"
    if problems:
        text += "\nFAILED:\n- " + "\n- ".join(problems)
    FIGURES.append(text)
    return text


def common_problems(figures: Figures, mix: LoadMix) -> list[str]:
    problems: list[str] = []
    if mix.died:
        problems.append(mix.died)
    if figures.lost:
        problems.append(f"{len(figures.lost)} acknowledged writes lost: {figures.lost[:8]}")
    if figures.job_problems:
        problems.append(f"jobs not completed exactly once: {figures.job_problems[:8]}")
    if figures.event_problems:
        problems.append(f"SSE stream not exactly once after reconnects: {figures.event_problems}")
    if sum(figures.acked.values()) < 10:
        problems.append(f"too little load to tell anything: {figures.acked}")
    return problems


def recovery_problems(first: dict[str, float | None], what: str) -> tuple[str, list[str]]:
    line = f"first acknowledged write after {what}: " + ", ".join(
        f"{app} {'never' if t is None else f'{t:.2f}s'}" for app, t in first.items()
    )
    stuck = [app for app, t in first.items() if t is None]
    problems = [f"no {', '.join(stuck)} write succeeded within {RECOVERY_LIMIT:.0f}s after {what}"] if stuck else []
    return line, problems


class OpsProbe:
    """GET /healthz every quarter second (and /readyz, for the record), without a token, as a
    monitor would."""

    def __init__(self, mix: LoadMix) -> None:
        self.mix = mix
        self.stopping = threading.Event()
        self.threads = [threading.Thread(target=self._run, args=(path,), daemon=True) for path in ("/healthz", "/readyz")]
        for thread in self.threads:
            thread.start()

    def _run(self, path: str) -> None:
        s = new_session(self.mix.source)
        while not self.stopping.is_set():
            self.mix.call(s, "ops", path, "GET", path, auth=False)  # as a monitor: no token
            self.stopping.wait(0.25)

    def stop(self) -> None:
        self.stopping.set()
        for thread in self.threads:
            thread.join(timeout=LOAD_TIMEOUT + 5)


@pytest.fixture
def lightward() -> Iterator[FakeLightward]:
    fake = FakeLightward()
    yield fake
    fake.close()


@pytest.fixture
def start_worker(request: pytest.FixtureRequest) -> Iterator[Callable[[HearthServer], HearthWorker]]:
    """Starts `hearth worker` processes beside a server; stops them afterwards (logs on failure)."""
    started: list[HearthWorker] = []

    def start(server: HearthServer) -> HearthWorker:
        worker = HearthWorker(server)
        started.append(worker)
        try:
            worker.start()
        except HarnessError as exc:
            pytest.fail(str(exc), pytrace=False)
        return worker

    yield start
    for worker in started:
        worker.stop()
    report_ = getattr(request.node, "rep_call", None)
    if report_ is not None and report_.failed:
        for worker in started:
            print(worker.log_tail(60))


def load_env(fake: FakeLightward) -> dict[str, str]:
    return {**fake.env, "HEARTH_JOB_LEASE_SECONDS": LEASE_SECONDS}


def log_lines(path: Path, *needles: str, limit: int = 6) -> list[str]:
    """Distinct log lines holding any of `needles`, first seen first (request ids cut away)."""
    try:
        text = path.read_text(errors="replace")
    except OSError:
        return []
    seen: dict[str, None] = {}
    for line in text.splitlines():
        if any(n in line for n in needles):
            seen.setdefault(line.strip()[:300], None)
    return list(seen)[:limit]


# -- 1. PostgreSQL restarted ---------------------------------------------------------------


class ThrowawayPostgres:
    """A PostgreSQL cluster of this test alone (scripts/pg-throwaway), so that stopping it
    disturbs no other test. pg_ctl runs as the cluster's owner, as the script does."""

    def __init__(self, directory: Path) -> None:
        self.directory = directory
        script = REPO / "scripts" / "pg-throwaway"
        result = subprocess.run([str(script), "start", str(directory)], capture_output=True, text=True, timeout=180)
        if result.returncode != 0:
            raise HarnessError(f"pg-throwaway start failed: {result.stderr.strip()[-2000:]}")
        self.url = result.stdout.strip().splitlines()[-1]
        version = (directory / "data" / "PG_VERSION").read_text().strip()
        self.pg_ctl = f"/usr/lib/postgresql/{version}/bin/pg_ctl"

    def _as_owner(self, *args: str) -> subprocess.CompletedProcess[str]:
        command = list(args)
        if os.geteuid() == 0:
            command = ["runuser", "-u", "postgres", "--", *command]
        return subprocess.run(command, capture_output=True, text=True, timeout=90)

    def stop(self) -> None:
        result = self._as_owner(self.pg_ctl, "-D", str(self.directory / "data"), "-m", "fast", "-w", "-t", "60", "stop")
        assert result.returncode == 0, f"pg_ctl stop failed: {result.stderr}"

    def start(self) -> None:
        result = self._as_owner(
            self.pg_ctl, "-D", str(self.directory / "data"), "-l", str(self.directory / "server.log"), "-w", "-t", "60", "start"
        )
        assert result.returncode == 0, f"pg_ctl start failed: {result.stderr}"

    def destroy(self) -> None:
        subprocess.run([str(REPO / "scripts" / "pg-throwaway"), "stop", str(self.directory)],
                       capture_output=True, timeout=120)


@pytest.fixture
def own_postgres(pg_url: str) -> Iterator[ThrowawayPostgres]:
    """Runs only where the PostgreSQL tests run (pg_url skips or fails as they do), but on a
    cluster of its own."""
    workdir = make_workdir("faults-pg")
    workdir.chmod(0o755)  # the postgres user must reach the cluster's directory
    try:
        cluster = ThrowawayPostgres(workdir / "pg")
    except HarnessError as exc:
        pytest.fail(str(exc), pytrace=False)
    yield cluster
    cluster.destroy()


# Longer than ANSWER_LIMIT, so that a request waiting for the database to come back shows.
DOWN_SECONDS = 8.0


@pytest.mark.timeout(180)
def test_postgres_restart_mid_run_answers_503_and_loses_nothing(
    own_postgres: ThrowawayPostgres, start_server, start_worker, lightward
) -> None:
    """PostgreSQL is stopped (pg_ctl -m fast) for eight seconds under load, then started again. Meanwhile the
    server answers every request within five seconds: 503 with Retry-After where it needs the
    database, never a 500, never a crash, /healthz 200. Afterwards it (and a `hearth worker`
    beside it) reconnects without help, every app's writes succeed again, no acknowledged write
    is lost, every job completes exactly once and the SSE client resumes without gap or
    duplicate."""
    server = start_server(database_url=own_postgres.url, name="pgrestart", extra_env=load_env(lightward))
    worker = start_worker(server)
    mix = LoadMix(server)
    mix.setup()
    ops = OpsProbe(mix)
    mix.start()
    time.sleep(LOAD_BEFORE)

    mix.mark("db-down")
    stopped_at = time.monotonic()
    own_postgres.stop()
    time.sleep(DOWN_SECONDS)
    own_postgres.start()
    mix.mark("db-back")
    back_at = time.monotonic()
    first, problems = recovery_problems(mix.wait_for_recovery(back_at), "PostgreSQL came back")
    time.sleep(LOAD_AFTER)
    mix.stop()
    ops.stop()
    figures = mix.verify()

    down_calls = mix.calls_in("db-down")
    api_down = [c for c in down_calls if c.app != "ops"]
    health = [c for c in down_calls if c.what == "/healthz"]
    figures.notes += [
        f"PostgreSQL down for {back_at - stopped_at:.1f}s; requests made meanwhile: {len(api_down)} "
        f"(slowest answer {max((c.seconds for c in api_down), default=0):.2f}s)",
        first,
        "/healthz while down: " + ", ".join(f"{k}: {v}" for k, v in Counter(str(c.status) for c in health).items()),
        "/readyz while down: " + ", ".join(
            f"{k}: {v}" for k, v in Counter(str(c.status) for c in down_calls if c.what == "/readyz").items()),
    ]
    examples = [c for c in api_down if c.status != 503 or not c.retry_after]
    figures.notes += [f"e.g. {c.line()}" for c in examples[:4]]
    figures.notes += [f"log: {line}" for line in log_lines(server.log_path, "error", "Unhandled", "warning")]

    if not api_down:
        problems.append("no request was made while PostgreSQL was down")
    five_hundreds = [c for c in mix.calls_in("before", "db-down", "db-back") if c.status == 500]
    if five_hundreds:
        problems.append(f"{len(five_hundreds)} answers were 500: {five_hundreds[0].line()}")
    wrong = [c for c in api_down if c.status not in (None, 500, 503) and not 200 <= c.status < 300]
    if wrong:
        problems.append(f"{len(wrong)} answers while PostgreSQL was down were neither 2xx nor 503: {wrong[0].line()}")
    no_retry = [c for c in api_down if c.status == 503 and not c.retry_after]
    if no_retry:
        problems.append(f"{len(no_retry)} 503 answers had no Retry-After: {no_retry[0].line()}")
    unanswered = [c for c in down_calls if c.status is None or c.seconds > ANSWER_LIMIT]
    if unanswered:
        problems.append(
            f"{len(unanswered)} requests got no answer within {ANSWER_LIMIT:.0f}s while PostgreSQL was down: "
            f"{unanswered[0].line()}"
        )
    bad_health = [c for c in health if c.status != 200]
    if bad_health:
        problems.append(f"/healthz was not 200 while PostgreSQL was down: {bad_health[0].line()}")
    if not worker.running:
        problems.append(f"hearth worker died (status {worker.proc.returncode if worker.proc else None})")
    problems += common_problems(figures, mix)
    message = report("PostgreSQL restarted mid-run", figures, problems)
    assert not problems, message


# -- 2. kill -9 of serve and of worker ------------------------------------------------------


@pytest.mark.timeout(150)
@pytest.mark.parametrize("target", ["serve", "worker"])
def test_kill9_under_load_loses_nothing_and_runs_jobs_once(
    backend: str, target: str, start_server, start_worker, lightward
) -> None:
    """SIGKILL of `hearth serve` (alone: its in-process workers die with it) or of a `hearth
    worker` beside a serve, in the middle of the load, then a restart. No acknowledged write is
    lost, every job (probe jobs, Onpu songs, Lightward's turns) completes exactly once once the
    lease of the dead process runs out, and the SSE client resumes from Last-Event-ID without a
    gap or a duplicate. While only the worker is down, the server answers everything (no
    connection errors, no 5xx)."""
    server = start_server(backend, name=f"kill-{target}", extra_env=load_env(lightward))
    worker = start_worker(server) if target == "worker" else None
    mix = LoadMix(server)
    mix.setup()
    mix.start()
    time.sleep(LOAD_BEFORE)

    # How many jobs were running at the kill (Onpu's debug view of the platform's job table).
    with new_session() as s:
        r = s.get(server.base_url + "/v1/debug/queue", headers={"Authorization": f"Bearer {mix.token}"}, timeout=5)
    running = r.json()["counts"]["active"] if r.status_code == 200 else f"? ({r.status_code})"
    mix.mark("down")
    killed_at = time.monotonic()
    if worker is not None:
        worker.kill()
    else:
        server.kill()
    time.sleep(1.0)
    if worker is not None:
        worker.start()
    else:
        server.start()
    mix.mark("after")
    back_at = time.monotonic()
    first, problems = recovery_problems(mix.wait_for_recovery(back_at), f"the {target} restarted")
    time.sleep(LOAD_AFTER)
    mix.stop()
    figures = mix.verify()
    figures.notes += [
        f"killed {target} (SIGKILL) with {running} jobs running; back {back_at - killed_at:.1f}s later", first,
    ]

    calls = mix.calls_in("before", "down", "after")
    errors_5xx = [c for c in calls if c.status is not None and c.status >= 500]
    if errors_5xx:
        problems.append(f"{len(errors_5xx)} answers were 5xx: {errors_5xx[0].line()}")
    if target == "worker":
        unanswered = [c for c in calls if c.status is None]
    else:
        # Only requests in flight at the kill, or sent before the restart, may go unanswered.
        unanswered = [c for c in calls if c.status is None and not (c.ended >= killed_at and c.started <= back_at)]
    if unanswered:
        problems.append(f"{len(unanswered)} requests got no answer outside the restart: {unanswered[0].line()}")
    problems += common_problems(figures, mix)
    message = report(f"kill -9 of hearth {target} on {backend}", figures, problems)
    assert not problems, message


# -- 3. SQLite's disk full ------------------------------------------------------------------

DISK_MB = 24
FULL_SECONDS = 4.0


def mount_small_disk(where: Path, megabytes: int) -> str:
    """A filesystem of `megabytes` at `where`: tmpfs, else a loop-mounted ext4 image. Returns how
    it was made; skips the test, saying why, when neither can be mounted."""
    where.mkdir(parents=True, exist_ok=True)
    attempts: list[str] = []
    tmpfs = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={megabytes}m,mode=0700", "tmpfs", str(where)],
                           capture_output=True, text=True)
    if tmpfs.returncode == 0:
        return f"tmpfs of {megabytes} MiB"
    attempts.append(f"`mount -t tmpfs` exited {tmpfs.returncode}: {tmpfs.stderr.strip()}")
    image = where.parent / "disk.img"
    try:
        with open(image, "wb") as f:
            f.truncate(megabytes << 20)
        mkfs = subprocess.run(["mkfs.ext4", "-q", "-F", str(image)], capture_output=True, text=True)
        if mkfs.returncode != 0:
            attempts.append(f"mkfs.ext4 exited {mkfs.returncode}: {mkfs.stderr.strip()}")
        else:
            loop = subprocess.run(["mount", "-o", "loop", str(image), str(where)], capture_output=True, text=True)
            if loop.returncode == 0:
                return f"loop-mounted ext4 image of {megabytes} MiB"
            attempts.append(f"`mount -o loop` exited {loop.returncode}: {loop.stderr.strip()}")
    except OSError as exc:
        attempts.append(f"loop image: {exc}")
    pytest.skip("cannot make a small filesystem for the database (running as uid "
                f"{os.geteuid()}): " + "; ".join(attempts))


def unmount(where: Path) -> None:
    if subprocess.run(["umount", str(where)], capture_output=True).returncode != 0:
        subprocess.run(["umount", "-l", str(where)], capture_output=True)


def fill(path: Path) -> int:
    """Appends to `path` until the filesystem has no room left; returns the bytes written."""
    written = 0
    with open(path, "ab", buffering=0) as f:
        for size in (1 << 20, 64 << 10, 4 << 10, 512, 1):
            chunk = b"\0" * size
            while True:
                try:
                    written += f.write(chunk)
                except OSError as exc:
                    if exc.errno in (errno.ENOSPC, errno.EDQUOT):
                        break
                    raise
    return written


@pytest.mark.timeout(150)
def test_sqlite_disk_full_gives_clear_errors_and_recovers(start_server, lightward) -> None:
    """The SQLite database lives on a small filesystem made for the test, which is filled to the
    last byte under load for four seconds. Writes meanwhile get a clear JSON error (ideally 507
    or 503; not the generic 500 `internal`), the server keeps answering and does not crash; once
    the space is freed every app's writes succeed again; no acknowledged write is lost, jobs
    complete exactly once, the SSE stream has no gap, and PRAGMA integrity_check says ok."""
    workdir = make_workdir("faults-disk")
    disk = workdir / "disk"
    made = mount_small_disk(disk, DISK_MB)
    server: HearthServer | None = None
    try:
        database = disk / "hearth.sqlite"
        server = start_server(database_url=sqlite_url(database), name="diskfull", extra_env=load_env(lightward))
        mix = LoadMix(server)
        mix.setup()
        ops = OpsProbe(mix)
        mix.start()
        time.sleep(LOAD_BEFORE)

        filler = disk / "filler"
        mix.mark("disk-full")
        full_at = time.monotonic()
        filled = fill(filler)
        while time.monotonic() - full_at < FULL_SECONDS:
            filled += fill(filler)  # whatever SQLite frees, the filler takes
            time.sleep(0.2)
        filler.unlink()
        mix.mark("space-back")
        back_at = time.monotonic()
        first, problems = recovery_problems(mix.wait_for_recovery(back_at), "space came back")
        time.sleep(LOAD_AFTER)
        mix.stop()
        ops.stop()
        figures = mix.verify()
        # SIGKILL, not SIGTERM: the file must be sound as a crash leaves it, WAL and all.
        server.kill()
        with contextlib.closing(sqlite3.connect(str(database))) as db:
            integrity = [row[0] for row in db.execute("PRAGMA integrity_check")]
    finally:
        if server is not None:
            server.kill()  # before the unmount: the database is on it
        unmount(disk)

    full_calls = [c for c in mix.calls_in("disk-full") if c.app != "ops"]
    writes = [c for c in full_calls if c.what not in ("read room",)]
    refused = [c for c in writes if c.status is not None and c.status >= 400]
    figures.notes += [
        f"filesystem: {made}; filled with {filled >> 10} KiB for {back_at - full_at:.1f}s; "
        f"write requests meanwhile: {len(writes)}: 2xx {sum(1 for c in writes if c.status and c.status < 300)} "
        f"(what fit in pages SQLite already had), refused {len(refused)}",
        "refusals: " + ", ".join(f"{k}: {v}" for k, v in Counter(
            f"{c.status} {error_code(c.body)}" for c in refused).items()),
        first,
        f"PRAGMA integrity_check: {integrity[:3]}",
    ]
    figures.notes += [f"e.g. {c.line()}" for c in refused[:3]]
    figures.notes += [f"log: {line}" for line in log_lines(server.log_path, "error", "Unhandled", "full")]

    if not refused:
        problems.append("no write was refused while the disk was full: the test did not fill it")
    unclear = [c for c in refused if not error_code(c.body) or (c.status == 500 and error_code(c.body) == "internal")]
    if unclear:
        problems.append(
            f"{len(unclear)} writes refused without a clear error (the generic 500 internal, or no JSON error): "
            f"{unclear[0].line()}"
        )
    unanswered = [c for c in mix.calls_in("disk-full") if c.status is None or c.seconds > ANSWER_LIMIT]
    if unanswered:
        problems.append(f"{len(unanswered)} requests got no answer within {ANSWER_LIMIT:.0f}s: {unanswered[0].line()}")
    health = [c for c in mix.calls_in("disk-full") if c.what == "/healthz" and c.status != 200]
    if health:
        problems.append(f"/healthz failed while the disk was full: {health[0].line()}")
    if integrity != ["ok"]:
        problems.append(f"the database is corrupt: {integrity[:5]}")
    later_500 = [c for c in mix.calls_in("before", "space-back") if c.status is not None and c.status >= 500]
    if later_500:
        problems.append(f"{len(later_500)} 5xx answers outside the full disk: {later_500[0].line()}")
    problems += common_problems(figures, mix)
    message = report("SQLite disk full", figures, problems)
    assert not problems, message


def error_code(body: str) -> str:
    """The `error.code` of a JSON error body, or '' when it is not one."""
    try:
        value = json.loads(body)
    except ValueError:
        return ""
    error = value.get("error") if isinstance(value, dict) else None
    return str(error.get("code", "")) if isinstance(error, dict) else ""


# -- 4. slow clients ------------------------------------------------------------------------

# The attacker's and everyone else's addresses: a per-address cap would stop the one and not
# the others.
ATTACKER = "127.0.0.1"
PROBER = "127.0.0.2"
LOADER = "127.0.0.3"
SLOW_HEADERS = 900
SLOW_BODIES = 300
# The server's open-file limit during the test: the default soft limit of a systemd service
# (LimitNOFILE=1024:524288) and of most login shells.
SERVER_NOFILE = 1024
ATTACK_SECONDS = 12.0
PROMPT = 1.0


def open_files(pid: int) -> int:
    try:
        return len(os.listdir(f"/proc/{pid}/fd"))
    except OSError:
        return -1


class Slowloris:
    """Connections from ATTACKER that send their headers a byte a second and never finish them,
    and others whose headers promise a megabyte of body that then comes a byte a second."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.header_socks: list[socket.socket] = []
        self.body_socks: list[socket.socket] = []
        self.connect_failures: Counter[str] = Counter()
        self.closed: dict[str, list[float]] = {"header": [], "body": []}
        self.started = time.monotonic()
        self.stopping = threading.Event()
        self.answers: Counter[str] = Counter()

    def _connect(self) -> socket.socket | None:
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.bind((ATTACKER, 0))
        sock.settimeout(1.0)
        try:
            sock.connect((HOST, self.port))
        except OSError as exc:
            self.connect_failures[type(exc).__name__] += 1
            sock.close()
            return None
        sock.setblocking(False)
        return sock

    def open(self) -> None:
        request_line = b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: "
        for kind, count in (("header", SLOW_HEADERS), ("body", SLOW_BODIES)):
            for _ in range(count):
                if sum(self.connect_failures.values()) >= 5:
                    return  # nothing more gets in: the server, or the kernel's queue for it, is full
                sock = self._connect()
                if sock is None:
                    continue
                if kind == "header":
                    sock.send(request_line[:1])
                    self.header_socks.append(sock)
                else:
                    body_head = (
                        b"POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                        b"Content-Type: application/json\r\nContent-Length: 1048576\r\n\r\n{"
                    )
                    sock.send(body_head)
                    self.body_socks.append(sock)
        self._request_line = request_line

    def drip(self) -> None:
        """One more byte on every open connection, once a second, noting those the server closed."""
        position = 1
        while not self.stopping.wait(1.0):
            for kind, socks in (("header", self.header_socks), ("body", self.body_socks)):
                for sock in list(socks):
                    byte = (self._request_line[position:position + 1] or b"a") if kind == "header" else b" "
                    try:
                        data = sock.recv(4096)
                        if data == b"":
                            raise ConnectionResetError("closed")
                        self.answers[data.split(b"\r\n", 1)[0].decode(errors="replace")] += 1
                        raise ConnectionResetError("answered")
                    except BlockingIOError:
                        pass  # still open, nothing said: the usual case
                    except OSError:
                        self.closed[kind].append(time.monotonic() - self.started)
                        socks.remove(sock)
                        sock.close()
                        continue
                    try:
                        sock.send(byte)
                    except BlockingIOError:
                        pass
                    except OSError:
                        self.closed[kind].append(time.monotonic() - self.started)
                        socks.remove(sock)
                        sock.close()
            position += 1

    def close(self) -> None:
        self.stopping.set()
        for sock in self.header_socks + self.body_socks:
            sock.close()


def probe_healthz(port: int) -> tuple[int | None, float, str]:
    """GET /healthz on a new connection from PROBER: (status or None, seconds, error)."""
    started = time.monotonic()
    connection = http.client.HTTPConnection(HOST, port, timeout=5, source_address=(PROBER, 0))
    try:
        connection.request("GET", "/healthz")
        response = connection.getresponse()
        response.read()
        return response.status, time.monotonic() - started, ""
    except OSError as exc:
        return None, time.monotonic() - started, type(exc).__name__
    finally:
        connection.close()


@pytest.mark.timeout(150)
def test_slow_clients_do_not_starve_others(start_server, lightward) -> None:
    """A slowloris from one address (900 connections sending their headers a byte a second,
    300 more whose promised megabyte of body comes a byte a second) against a server whose
    open-file limit is 1024, under load. Another address's GET /healthz, each on a new
    connection, keeps answering 200 within a second, and the load's requests keep being
    answered without errors; afterwards nothing acknowledged is lost. The test also notes whether the server
    closes slow connections (a header or body timeout) within the 12 seconds of the attack."""
    server = start_server("sqlite", name="slowloris", extra_env=load_env(lightward))
    assert server.proc is not None
    pid = server.proc.pid
    resource.prlimit(pid, resource.RLIMIT_NOFILE, (SERVER_NOFILE, SERVER_NOFILE))
    mix = LoadMix(server, source=LOADER)
    mix.setup()
    mix.start()

    probes: list[tuple[str, int | None, float, str]] = []
    stop_probing = threading.Event()
    phase = ["before"]

    def prober() -> None:
        while not stop_probing.is_set():
            status, seconds, error = probe_healthz(server.port or 0)
            probes.append((phase[0], status, seconds, error))
            stop_probing.wait(0.2)

    probe_thread = threading.Thread(target=prober, daemon=True)
    probe_thread.start()
    time.sleep(LOAD_BEFORE)

    attack = Slowloris(server.port or 0)
    mix.mark("attack")
    phase[0] = "attack"
    attack_at = time.monotonic()
    attack.open()
    opened = (len(attack.header_socks), len(attack.body_socks))
    dripper = threading.Thread(target=attack.drip, daemon=True)
    dripper.start()
    peak_files = 0
    while time.monotonic() - attack_at < ATTACK_SECONDS:
        peak_files = max(peak_files, open_files(pid))
        time.sleep(0.5)
    still_open = (len(attack.header_socks), len(attack.body_socks))
    died_in_attack = not server.running
    acked_during = {app: mix.acked_since(app, attack_at) for app in APPS}
    attack.close()
    dripper.join(timeout=5)
    phase[0] = "after"
    mix.mark("after")
    after_at = time.monotonic()
    first, problems = recovery_problems(mix.wait_for_recovery(after_at), "the attack ended")
    time.sleep(LOAD_AFTER)
    stop_probing.set()
    probe_thread.join(timeout=10)
    mix.stop()
    figures = mix.verify()

    during = [p for p in probes if p[0] == "attack"]
    slow = [p for p in during if p[1] != 200 or p[2] > PROMPT]
    latencies = sorted(p[2] for p in during)
    figures.notes += [
        f"slow connections opened from {ATTACKER}: {opened[0]} header + {opened[1]} body; connects that "
        f"failed: {dict(attack.connect_failures) or 0}; server open files at peak {peak_files} "
        f"(limit {SERVER_NOFILE})",
        f"closed by the server within {ATTACK_SECONDS:.0f}s: {opened[0] - still_open[0]} of {opened[0]} "
        f"slow-header, {opened[1] - still_open[1]} of {opened[1]} slow-body "
        f"(first after {min(attack.closed['header'] + attack.closed['body'], default=float('nan')):.1f}s"
        f"{': the server process had died' if died_in_attack else ''}); "
        f"answers seen on them: {dict(attack.answers) or 'none'}",
        f"/healthz from {PROBER} during the attack: {len(during)} probes, "
        f"{sum(1 for p in during if p[1] == 200 and p[2] <= PROMPT)} answered 200 within {PROMPT:.0f}s, "
        f"median {latencies[len(latencies) // 2] if latencies else float('nan'):.3f}s, "
        f"max {latencies[-1] if latencies else float('nan'):.3f}s; failures: "
        + (", ".join(f"{k}: {v}" for k, v in Counter(p[3] or str(p[1]) for p in slow).items()) or "none"),
        f"writes acknowledged during the attack (from {LOADER}): {acked_during}",
        first,
    ]
    figures.notes += [f"log: {line}" for line in log_lines(server.log_path, "*** Signal", "Fatal error", limit=2)]
    figures.notes += [f"log: {line}" for line in log_lines(server.log_path, "Unhandled", "accept", "Too many", limit=4)]

    if not during:
        problems.append("no /healthz probe ran during the attack")
    if slow:
        problems.append(
            f"{len(slow)} of {len(during)} /healthz probes from another address failed or took over "
            f"{PROMPT:.0f}s during the attack: e.g. {slow[0]}"
        )
    starved = [app for app, n in acked_during.items() if n == 0]
    if starved:
        problems.append(f"no {', '.join(starved)} write was acknowledged during the attack")
    failed = [c for c in mix.calls_in("attack", "after") if c.status is None or c.status >= 500]
    if failed:
        problems.append(f"{len(failed)} requests of the load (from {LOADER}) failed during or after the attack: {failed[0].line()}")
    after = [p for p in probes if p[0] == "after" and p[1] != 200]
    if after:
        problems.append(f"/healthz still failing after the attack: {after[:3]}")
    problems += common_problems(figures, mix)
    message = report("slow clients (slowloris)", figures, problems)
    assert not problems, message
