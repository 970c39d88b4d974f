"""A loopback HTTP proxy in front of a Hearth server that fails some uploads on purpose.

While `failing` holds, each POST to a path in `paths` fails with probability `rate`, chosen
by a seeded generator: half answer 503 with a JSON error before the server sees the request,
half reach the server and lose the answer (the connection closes), so the client cannot tell
whether its upload was taken. Every other request passes through untouched.
"""

from __future__ import annotations

import http.server
import random
import threading

import requests


class FlakyProxy:
    def __init__(self, upstream: str, seed: int, rate: float = 0.3, paths: tuple[str, ...] = ("/api/redo/nodes",)) -> None:
        self.upstream = upstream.rstrip("/")
        self.rng = random.Random(seed)
        self.rate = rate
        self.paths = paths
        self.failing = True
        self.failed = {"503": 0, "lost answer": 0}
        self.lock = threading.Lock()
        proxy = self

        class Handler(http.server.BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args: object) -> None:
                pass

            def forward(self) -> None:
                try:
                    self.relay()
                except Exception:
                    import traceback
                    traceback.print_exc()
                    raise

            def relay(self) -> None:
                length = int(self.headers.get("Content-Length") or 0)
                body = self.rfile.read(length) if length else None
                fault = proxy.decide(self.command, self.path)
                if fault == "503":
                    payload = b'{"error":{"code":"unavailable","message":"The server is busy; try again."}}'
                    self.send_response(503)
                    self.send_header("Content-Type", "application/json")
                    self.send_header("Content-Length", str(len(payload)))
                    self.send_header("Connection", "close")
                    self.end_headers()
                    self.wfile.write(payload)
                    self.close_connection = True
                    return
                headers = {k: v for k, v in self.headers.items() if k.lower() not in ("host", "content-length", "connection")}
                answer = requests.request(self.command, proxy.upstream + self.path, data=body, headers=headers, timeout=60, stream=self.path.startswith("/api/events"))
                if fault == "lost answer":
                    self.close_connection = True
                    return
                content = answer.content
                self.send_response(answer.status_code)
                for key, value in answer.headers.items():
                    if key.lower() not in ("content-length", "transfer-encoding", "connection", "content-encoding"):
                        self.send_header(key, value)
                self.send_header("Content-Length", str(len(content)))
                self.end_headers()
                self.wfile.write(content)

            do_GET = do_POST = do_PUT = do_PATCH = do_DELETE = forward

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def decide(self, method: str, path: str) -> str | None:
        if method != "POST" or path.split("?")[0] not in self.paths:
            return None
        with self.lock:
            if not self.failing or self.rng.random() >= self.rate:
                return None
            fault = self.rng.choice(["503", "lost answer"])
            self.failed[fault] += 1
            return fault

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()
