"""Starting and talking to real `hearth serve` processes, for the system, browser and fuzz tests.

Everything here talks to 127.0.0.1 only, and every wait has a deadline.
"""

from __future__ import annotations

import atexit
import json
import os
import secrets
import shutil
import signal
import socket
import subprocess
import tempfile
import threading
import time
import uuid
from pathlib import Path
from typing import Any

import requests

REPO = Path(__file__).resolve().parents[2]
HOST = "127.0.0.1"

# How long a server may take from exec to a 200 on /healthz (migrations included).
STARTUP_TIMEOUT = float(os.environ.get("HEARTH_TEST_STARTUP_TIMEOUT", "60"))
# Every HTTP request a test makes gives up after this many seconds.
REQUEST_TIMEOUT = float(os.environ.get("HEARTH_TEST_REQUEST_TIMEOUT", "15"))
PASSWORD = "correct horse battery staple"


class HarnessError(RuntimeError):
    pass


def hearth_binary() -> Path:
    path = Path(os.environ.get("HEARTH_BIN", REPO / ".build" / "debug" / "hearth"))
    if not path.is_file() or not os.access(path, os.X_OK):
        raise HarnessError(
            f"no hearth executable at {path}: run `swift build --product hearth` first "
            "(or set HEARTH_BIN)"
        )
    return path


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind((HOST, 0))
        return s.getsockname()[1]


def new_secret() -> str:
    return secrets.token_hex(32)


# Figures the tests report (the fault and deletion tests), shown after the run by conftest.py's
# pytest_terminal_summary, pass or fail.
FIGURES: list[str] = []


def unique_email(prefix: str = "user") -> str:
    return f"{prefix}-{uuid.uuid4().hex[:12]}@example.com"


def env_flag(name: str) -> bool:
    return os.environ.get(name, "").strip().lower() in ("1", "true", "yes", "on")


def postgres_required() -> bool:
    """Under CI, or when `make test` started a database, PostgreSQL tests must not skip."""
    return env_flag("CI") or env_flag("HEARTH_REQUIRE_POSTGRES")


def postgres_url() -> str | None:
    """HEARTH_TEST_DATABASE_URL, or under pytest-xdist a database of the worker's own beside it
    (hearth_test_gw0, …), so that workers never reset each other's schema."""
    url = os.environ.get("HEARTH_TEST_DATABASE_URL", "").strip()
    worker = os.environ.get("PYTEST_XDIST_WORKER", "")
    if not url or not worker:
        return url or None
    return _worker_database(url, worker)


_WORKER_DATABASES: dict[str, str] = {}


def _worker_database(url: str, worker: str) -> str:
    if url in _WORKER_DATABASES:
        return _WORKER_DATABASES[url]
    base, _, name = url.rpartition("/")
    name, query = (name.split("?", 1) + [""])[:2]
    own = f"{name}_{worker}"
    exists = _psql(url, f"SELECT 1 FROM pg_database WHERE datname = '{own}'", tuples=True)
    if exists.strip() != "1":
        _psql(url, f'CREATE DATABASE "{own}"')
    _WORKER_DATABASES[url] = f"{base}/{own}" + (f"?{query}" if query else "")
    return _WORKER_DATABASES[url]


def _psql(url: str, sql: str, tuples: bool = False) -> str:
    psql = shutil.which("psql") or "/usr/bin/psql"
    try:
        result = subprocess.run(
            [psql, "-X", "-q", *(["-A", "-t"] if tuples else []), "-v", "ON_ERROR_STOP=1",
             "-d", url, "-c", sql],
            capture_output=True,
            text=True,
            timeout=60,
            env={**_clean_env(), "PGCONNECT_TIMEOUT": "10"},
        )
    except FileNotFoundError as exc:
        raise HarnessError("psql is missing: run scripts/setup") from exc
    if result.returncode != 0:
        raise HarnessError(f"psql on {url} failed: {result.stderr.strip()}")
    return result.stdout


def sqlite_url(path: Path) -> str:
    return f"sqlite://{path.resolve()}"  # sqlite:///abs/path.sqlite


def reset_postgres(url: str) -> None:
    """Drops and recreates schema public, so every server starts from an empty database."""
    _psql(
        url,
        "DROP SCHEMA IF EXISTS public CASCADE; CREATE SCHEMA public; "
        "GRANT ALL ON SCHEMA public TO public;",
    )


def _clean_env() -> dict[str, str]:
    """The environment minus any HEARTH_*, ONPU_*, GEMINI_* and proxy settings, so nothing leaks into a test."""
    env = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith(("HEARTH_", "ONPU_", "GEMINI_")) and k.lower() not in ("http_proxy", "https_proxy", "all_proxy")
    }
    env["NO_PROXY"] = env["no_proxy"] = "127.0.0.1,localhost"
    return env


_live: set["_Process"] = set()
_live_lock = threading.Lock()


def _stop_all() -> None:
    with _live_lock:
        servers = list(_live)
    for server in servers:
        server.stop()


atexit.register(_stop_all)


class _Process:
    """A `hearth` process this harness started: `proc`, its log and pid files, and the ways to
    end it."""

    proc: subprocess.Popen[bytes] | None
    log_path: Path
    pid_path: Path

    @property
    def running(self) -> bool:
        return self.proc is not None and self.proc.poll() is None

    def stop(self, timeout: float = 15) -> int | None:
        """SIGTERM, then SIGKILL if it has not exited after `timeout` seconds."""
        proc = self.proc
        if proc is None:
            return None
        if proc.poll() is None:
            try:
                proc.send_signal(signal.SIGTERM)
                proc.wait(timeout=timeout)
            except subprocess.TimeoutExpired:
                self._write_log(f"===== did not exit {timeout:.0f}s after SIGTERM; killing =====")
                proc.kill()
                proc.wait(timeout=10)
            except ProcessLookupError:
                pass
        self._forget()
        return proc.returncode

    def kill(self) -> None:
        """SIGKILL: no shutdown code runs, as in a crash."""
        proc = self.proc
        if proc is None:
            return
        if proc.poll() is None:
            try:
                proc.kill()
            except ProcessLookupError:
                pass
            proc.wait(timeout=10)
        self._write_log("===== killed with SIGKILL =====")
        self._forget()

    def _forget(self) -> None:
        self.pid_path.unlink(missing_ok=True)
        with _live_lock:
            _live.discard(self)

    def _write_log(self, line: str) -> None:
        with open(self.log_path, "ab") as log:
            log.write(f"\n{line}\n".encode())

    def log_tail(self, lines: int = 60) -> str:
        try:
            text = self.log_path.read_text(errors="replace")
        except OSError:
            return f"(no log at {self.log_path})"
        tail = "\n".join(text.splitlines()[-lines:])
        return f"--- last {lines} lines of {self.log_path} ---\n{tail}"


class HearthServer(_Process):
    """One `hearth serve` process on a free loopback port.

    The database URL and secret stay the same across restarts, so a restarted server sees what
    the previous process wrote; the port is picked afresh at every start.
    """

    def __init__(
        self,
        database_url: str,
        workdir: Path,
        *,
        name: str = "hearth",
        secret: str | None = None,
        extra_env: dict[str, str] | None = None,
    ) -> None:
        self.database_url = database_url
        self.workdir = Path(workdir)
        self.workdir.mkdir(parents=True, exist_ok=True)
        self.name = name
        self.secret = secret or new_secret()
        self.extra_env = dict(extra_env or {})
        self.proc: subprocess.Popen[bytes] | None = None
        self.port: int | None = None
        self.log_path = self.workdir / f"{name}.log"
        self.pid_path = self.workdir / f"{name}.pid"
        self.starts = 0

    # -- lifecycle -----------------------------------------------------------------------

    @property
    def base_url(self) -> str:
        if self.port is None:
            raise HarnessError(f"{self.name} is not started")
        return f"http://{HOST}:{self.port}"

    def env(self, port: int) -> dict[str, str]:
        env = _clean_env()
        env.update(
            {
                "HEARTH_HOST": HOST,
                "HEARTH_PORT": str(port),
                "HEARTH_DATABASE_URL": self.database_url,
                "HEARTH_SECRET": self.secret,
                "HEARTH_ENV": "development",
                "HEARTH_LOG_LEVEL": os.environ.get("HEARTH_TEST_LOG_LEVEL", "info"),
                "HEARTH_PUBLIC_URL": f"http://{HOST}:{port}",
            }
        )
        env.update(self.extra_env)
        return env

    def start(self, timeout: float = STARTUP_TIMEOUT) -> "HearthServer":
        if self.running:
            raise HarnessError(f"{self.name} is already running")
        binary = hearth_binary()
        last_error = ""
        for _attempt in range(3):
            port = free_port()
            self.starts += 1
            log = open(self.log_path, "ab")
            log.write(f"\n===== start #{self.starts} on port {port} =====\n".encode())
            log.flush()
            self.proc = subprocess.Popen(
                [str(binary), "serve", "--host", HOST, "--port", str(port)],
                cwd=self.workdir,
                env=self.env(port),
                stdin=subprocess.DEVNULL,
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,  # our signals reach the server alone
            )
            log.close()
            self.port = port
            # scripts/test ends, by these ids, any server a crashed test run left behind.
            self.pid_path.write_text(f"{self.proc.pid}\n")
            with _live_lock:
                _live.add(self)
            try:
                self.wait_healthy(timeout)
                return self
            except HarnessError as exc:
                last_error = str(exc)
                exited = self.proc.poll() is not None
                self.kill()
                # Only a lost race for the port is worth another try.
                if not (exited and "address already in use" in self.log_tail(20).lower()):
                    break
        raise HarnessError(f"{self.name} did not start: {last_error}\n{self.log_tail()}")

    def wait_healthy(self, timeout: float) -> None:
        deadline = time.monotonic() + timeout
        last = "no answer"
        with requests.Session() as s:
            s.trust_env = False
            while time.monotonic() < deadline:
                if self.proc is None or self.proc.poll() is not None:
                    code = None if self.proc is None else self.proc.returncode
                    raise HarnessError(f"{self.name} exited with status {code} while starting")
                try:
                    r = s.get(f"{self.base_url}/healthz", timeout=2)
                    if r.status_code == 200:
                        return
                    last = f"HTTP {r.status_code}"
                except requests.RequestException as exc:
                    last = type(exc).__name__
                time.sleep(0.1)
        raise HarnessError(f"{self.name}: /healthz not 200 within {timeout:.0f}s (last: {last})")

    def restart(self) -> "HearthServer":
        self.stop()
        return self.start()

    def client(self) -> "Client":
        return Client(self.base_url)

    def __repr__(self) -> str:
        return f"<HearthServer {self.name} port={self.port} db={self.database_url}>"


class HearthWorker(_Process):
    """One `hearth worker` process (job workers and the event hub, no HTTP) beside a server, on
    the server's database and secret. Ready once it logs that it started."""

    READY_LINE = "Hearth worker started"

    def __init__(self, server: HearthServer, *, name: str | None = None) -> None:
        self.server = server
        self.name = name or f"{server.name}-worker"
        self.proc: subprocess.Popen[bytes] | None = None
        self.log_path = server.workdir / f"{self.name}.log"
        self.pid_path = server.workdir / f"{self.name}.pid"
        self.starts = 0

    def start(self, timeout: float = STARTUP_TIMEOUT) -> "HearthWorker":
        if self.running:
            raise HarnessError(f"{self.name} is already running")
        self.starts += 1
        with open(self.log_path, "ab") as log:
            offset = log.tell()
            log.write(f"\n===== start #{self.starts} =====\n".encode())
            log.flush()
            env = self.server.env(self.server.port or free_port())
            self.proc = subprocess.Popen(
                [str(hearth_binary()), "worker"],
                cwd=self.server.workdir,
                env=env,
                stdin=subprocess.DEVNULL,
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
        self.pid_path.write_text(f"{self.proc.pid}\n")
        with _live_lock:
            _live.add(self)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise HarnessError(
                    f"{self.name} exited with status {self.proc.returncode} while starting\n{self.log_tail()}"
                )
            with open(self.log_path, "rb") as log:
                log.seek(offset)
                if self.READY_LINE.encode() in log.read():
                    return self
            time.sleep(0.05)
        self.kill()
        raise HarnessError(f"{self.name} did not log {self.READY_LINE!r} within {timeout:.0f}s\n{self.log_tail()}")

    def __repr__(self) -> str:
        return f"<HearthWorker {self.name} beside {self.server!r}>"


class Client:
    """A small JSON client: every request has a timeout and goes to the server, never a proxy."""

    def __init__(self, base_url: str, token: str | None = None) -> None:
        self.base_url = base_url.rstrip("/")
        self.token = token
        self.session = requests.Session()
        self.session.trust_env = False

    def with_token(self, token: str | None) -> "Client":
        return Client(self.base_url, token)

    def request(self, method: str, path: str, **kw: Any) -> requests.Response:
        headers = dict(kw.pop("headers", {}) or {})
        if self.token and "Authorization" not in headers:
            headers["Authorization"] = f"Bearer {self.token}"
        kw.setdefault("timeout", REQUEST_TIMEOUT)
        kw.setdefault("allow_redirects", False)
        return self.session.request(method, self.base_url + path, headers=headers, **kw)

    def get(self, path: str, **kw: Any) -> requests.Response:
        return self.request("GET", path, **kw)

    def post(self, path: str, **kw: Any) -> requests.Response:
        return self.request("POST", path, **kw)

    def patch(self, path: str, **kw: Any) -> requests.Response:
        return self.request("PATCH", path, **kw)

    def put(self, path: str, **kw: Any) -> requests.Response:
        return self.request("PUT", path, **kw)

    def delete(self, path: str, **kw: Any) -> requests.Response:
        return self.request("DELETE", path, **kw)

    # -- the auth API ------------------------------------------------------------------

    def signup(
        self,
        email: str | None = None,
        display_name: str = "Test Person",
        password: str = PASSWORD,
        **extra: Any,
    ) -> requests.Response:
        body = {"email": email or unique_email(), "displayName": display_name, "password": password}
        body.update(extra)
        return self.post("/api/auth/signup", json=body)

    def login(self, email: str, password: str = PASSWORD) -> requests.Response:
        return self.post("/api/auth/login", json={"email": email, "password": password})

    def settled(self) -> None:
        """Returns once no job is due or running on the server (GET /api/debug/settled, which
        waits for the workers), so that a test reads a quiet server instead of sleeping."""
        r = self.get("/api/debug/settled", timeout=30)
        assert r.status_code == 200, f"the jobs did not settle: {describe(r)}"

    def close(self) -> None:
        self.session.close()


def describe(response: requests.Response) -> str:
    """The response, for an assertion message."""
    body = response.text
    if len(body) > 600:
        body = body[:600] + "…"
    return f"{response.request.method} {response.url} -> {response.status_code}: {body}"


def json_of(response: requests.Response) -> Any:
    try:
        return response.json()
    except ValueError as exc:
        raise AssertionError(f"not JSON: {describe(response)}") from exc


def make_workdir(prefix: str) -> Path:
    root = REPO / ".tmp" / "system"
    root.mkdir(parents=True, exist_ok=True)
    return Path(tempfile.mkdtemp(prefix=f"{prefix}-", dir=root))


def dump(obj: Any) -> str:
    return json.dumps(obj, indent=2, sort_keys=True)


def _type_inside(data: str) -> str:
    """Hearth sends each event as one unnamed message whose JSON data carries its `type`."""
    try:
        value = json.loads(data)
    except ValueError:
        return "message"
    return value.get("type", "message") if isinstance(value, dict) else "message"


class SseStream:
    """A client of `GET /api/events`: parses `id:`/`data:` frames on a reader thread; the event
    type is the `event:` field when present, else the `type` inside the JSON data.

    Every frame is kept with the monotonic time it arrived, so a test can tell how long an event
    took to reach this client.
    """

    def __init__(
        self,
        base_url: str,
        token: str,
        path: str = "/api/events",
        read_timeout: float = 30,
        *,
        last_event_id: str | None = None,
        session: requests.Session | None = None,
    ):
        """`last_event_id` resumes a stream as a browser does after a reconnect (the
        `Last-Event-ID` header); `session` lets a caller bring its own (e.g. bound to an address)."""
        import queue

        self._queue: "queue.Queue[dict[str, Any]]" = queue.Queue()
        self.received: list[dict[str, Any]] = []
        self.error: BaseException | None = None
        self.session = session or requests.Session()
        self.session.trust_env = False
        headers = {
            "Authorization": f"Bearer {token}",
            "Accept": "text/event-stream",
            "Accept-Encoding": "identity",
            "Cache-Control": "no-cache",
        }
        if last_event_id is not None:
            headers["Last-Event-ID"] = last_event_id
        self.response = self.session.get(
            base_url.rstrip("/") + path,
            headers=headers,
            stream=True,
            timeout=(5, read_timeout),
        )
        self.opened_at = time.monotonic()
        self._thread = threading.Thread(target=self._read, name="sse-reader", daemon=True)
        if self.response.status_code == 200:
            self._thread.start()

    @property
    def content_type(self) -> str:
        return self.response.headers.get("Content-Type", "")

    @property
    def ended(self) -> bool:
        """The server closed the stream (or it broke): no more frames will come."""
        return not self._thread.is_alive()

    def _read(self) -> None:
        buffer = b""
        fields: dict[str, Any] = {}
        data: list[str] = []
        try:
            # chunk_size=1: never wait for more bytes than the server has sent.
            for byte in self.response.iter_content(chunk_size=1):
                buffer += byte
                if not buffer.endswith(b"\n"):
                    continue
                line = buffer[:-1].rstrip(b"\r").decode("utf-8", errors="replace")
                buffer = b""
                if line == "":
                    # As in browsers: a frame without any data line is not dispatched.
                    if data:
                        text = "\n".join(data)
                        frame = {
                            "id": fields.get("id"),
                            "event": fields.get("event") or _type_inside(text),
                            "data": text,
                            "at": time.monotonic(),
                        }
                        self._queue.put(frame)
                    fields, data = {}, []
                    continue
                if line.startswith(":"):
                    continue  # a comment, e.g. a keep-alive
                name, _, value = line.partition(":")
                if value.startswith(" "):
                    value = value[1:]
                if name == "data":
                    data.append(value)
                elif name in ("id", "event", "retry"):
                    fields[name] = value
        except BaseException as exc:  # noqa: BLE001 - reported to the test through .error
            self.error = exc

    def next_event(self, event_type: str, timeout: float) -> dict[str, Any] | None:
        """The next frame of `event_type` within `timeout` seconds; other frames are kept."""
        import queue

        deadline = time.monotonic() + timeout
        while True:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                return None
            try:
                frame = self._queue.get(timeout=remaining)
            except queue.Empty:
                return None
            self.received.append(frame)
            if frame["event"] == event_type:
                return frame

    def drain(self, wait: float = 0.0) -> list[dict[str, Any]]:
        """Every frame received so far (waiting `wait` seconds for more)."""
        import queue

        deadline = time.monotonic() + wait
        while True:
            try:
                self.received.append(self._queue.get(timeout=max(0.0, deadline - time.monotonic())))
            except queue.Empty:
                return self.received

    def close(self) -> None:
        # Shut the socket down so a read blocked on the other thread returns at once.
        try:
            connection = getattr(self.response.raw, "connection", None)
            sock = getattr(connection, "sock", None)
            if sock is not None:
                sock.shutdown(socket.SHUT_RDWR)
        except Exception:  # noqa: BLE001 - best effort; the thread is a daemon anyway
            pass
        self.response.close()
        self.session.close()
        if self._thread.is_alive():
            self._thread.join(timeout=5)
