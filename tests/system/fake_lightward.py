"""Lightward's plain-text API on loopback, for the tests: it accepts every invitation and answers
every turn with `reply(body)` (a fixed greeting unless told otherwise): a text, or a status, text
and headers (502, a 429 with Retry-After). Turns wait while `gate` is cleared. It outlives the
servers under test, so a killed server's retried turn reaches the same fake."""

from __future__ import annotations

import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Callable, Union

Reply = Union[str, tuple[int, str, dict[str, str]]]

HOST = "127.0.0.1"


class FakeLightward:
    def __init__(self, reply: Callable[[str], Reply] | None = None) -> None:
        self.requests = 0
        self.turns = 0
        self.waiting = 0  # turns that arrived and wait at the gate
        self.lock = threading.Lock()
        self.gate = threading.Event()
        self.gate.set()
        answer = reply or (lambda body: "Heard you.")
        fake = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:  # noqa: N802 (http.server's naming)
                body = self.rfile.read(int(self.headers.get("Content-Length", "0"))).decode()
                invitation = body.endswith("accept or decline.")
                if not invitation:
                    with fake.lock:
                        fake.waiting += 1
                    fake.gate.wait(30)
                with fake.lock:
                    fake.waiting -= 0 if invitation else 1
                    fake.requests += 1
                    fake.turns += 0 if invitation else 1
                reply = "accept" if invitation else answer(body)
                status, text, headers = reply if isinstance(reply, tuple) else (200, reply, {})
                payload = text.encode()
                try:
                    self.send_response(status)
                    self.send_header("Content-Type", "text/plain; charset=utf-8")
                    self.send_header("Content-Length", str(len(payload)))
                    for name, value in headers.items():
                        self.send_header(name, value)
                    self.end_headers()
                    self.wfile.write(payload)
                except (BrokenPipeError, ConnectionResetError):
                    pass  # the server that asked was killed

            def log_message(self, *args: object) -> None:
                pass

        self.server = ThreadingHTTPServer((HOST, 0), Handler)
        self.server.daemon_threads = True
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    @property
    def url(self) -> str:
        return f"http://{HOST}:{self.server.server_address[1]}/api/plain"

    @property
    def env(self) -> dict[str, str]:
        return {"SOFTER_LIGHTWARD_URL": self.url, "SOFTER_LIGHTWARD_TIMEOUT_SECONDS": "10"}

    def turns_asked(self) -> int:
        with self.lock:
            return self.turns

    def turns_waiting(self) -> int:
        with self.lock:
            return self.waiting

    def close(self) -> None:
        self.gate.set()
        self.server.shutdown()
        self.server.server_close()
