"""Lightward's plain-text API on loopback, for the tests: it accepts every invitation and answers
every turn with `reply(body)` (a fixed greeting unless told otherwise). It outlives the servers
under test, so a killed server's retried turn reaches the same fake."""

from __future__ import annotations

import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Callable

HOST = "127.0.0.1"


class FakeLightward:
    def __init__(self, reply: Callable[[str], str] | None = None) -> None:
        self.requests = 0
        self.lock = threading.Lock()
        answer = reply or (lambda body: "Heard you.")
        fake = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:  # noqa: N802 (http.server's naming)
                body = self.rfile.read(int(self.headers.get("Content-Length", "0"))).decode()
                with fake.lock:
                    fake.requests += 1
                text = "accept" if body.endswith("accept or decline.") else answer(body)
                payload = text.encode()
                try:
                    self.send_response(200)
                    self.send_header("Content-Type", "text/plain; charset=utf-8")
                    self.send_header("Content-Length", str(len(payload)))
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

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()
