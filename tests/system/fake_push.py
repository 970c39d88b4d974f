"""A push service on loopback (RFC 8030's receiving side), scripted per endpoint path.

Each endpoint answers from a list of statuses in turn (the last one repeats), with optional
headers, and keeps every request it received: its path, headers, body and time.
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


@dataclass
class PushRequest:
    path: str
    headers: dict[str, str]
    body: bytes
    at: float
    answered: int


@dataclass
class Script:
    answers: list[tuple[int, dict[str, str]]]
    served: int = 0


@dataclass
class FakePushService:
    scripts: dict[str, Script] = field(default_factory=dict)
    received: list[PushRequest] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)
    server: ThreadingHTTPServer | None = None

    def script(self, path: str, *answers: int | tuple[int, dict[str, str]]) -> str:
        self.scripts[path] = Script([a if isinstance(a, tuple) else (a, {}) for a in answers])
        return f"{self.base_url}{path}"

    @property
    def base_url(self) -> str:
        assert self.server is not None
        return f"http://127.0.0.1:{self.server.server_address[1]}"

    def requests_to(self, path: str) -> list[PushRequest]:
        with self.lock:
            return [r for r in self.received if r.path == path]

    def wait_for(self, path: str, count: int, timeout: float = 20) -> list[PushRequest]:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            got = self.requests_to(path)
            if len(got) >= count:
                return got
            time.sleep(0.05)
        raise AssertionError(
            f"{path}: {len(self.requests_to(path))} push requests within {timeout}s, wanted {count}"
        )

    def start(self) -> "FakePushService":
        service = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:  # noqa: N802 (http.server's name)
                length = int(self.headers.get("Content-Length") or 0)
                body = self.rfile.read(length)
                with service.lock:
                    script = service.scripts.get(self.path)
                    if script is None:
                        status, headers = 404, {}
                    else:
                        status, headers = script.answers[min(script.served, len(script.answers) - 1)]
                        script.served += 1
                    service.received.append(
                        PushRequest(self.path, dict(self.headers.items()), body, time.time(), status)
                    )
                self.send_response(status)
                for name, value in headers.items():
                    self.send_header(name, value)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *args: object) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        return self

    def stop(self) -> None:
        if self.server is not None:
            self.server.shutdown()
            self.server.server_close()
