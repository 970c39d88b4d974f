"""A stand-in for Gemini's generateContent on loopback, for servers under test.

Answers every request with "EN(line)" for each numbered line asked; while `hold` is set,
answers wait until it is released, so a test can watch a job sit in its translating stage.
"""

from __future__ import annotations

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


class FakeGemini:
    def __init__(self, hold: bool = False) -> None:
        self.released = threading.Event()
        if not hold:
            self.released.set()
        self.requests = 0
        fake = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:  # noqa: N802 (http.server's naming)
                length = int(self.headers.get("Content-Length", "0"))
                body = json.loads(self.rfile.read(length) or b"{}")
                fake.requests += 1
                text = body["contents"][0]["parts"][0]["text"]
                lines = json.loads(text)
                fake.released.wait(60)
                answer = json.dumps({key: f"EN({value})" for key, value in lines.items()}, ensure_ascii=False)
                reply = json.dumps({"candidates": [{"content": {"parts": [{"text": answer}]}}]}).encode()
                try:
                    self.send_response(200)
                    self.send_header("Content-Type", "application/json")
                    self.send_header("Content-Length", str(len(reply)))
                    self.end_headers()
                    self.wfile.write(reply)
                except (BrokenPipeError, ConnectionResetError):
                    pass  # The server asking was killed mid-request.

            def log_message(self, *args: object) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    @property
    def env(self) -> dict[str, str]:
        """What a Hearth server needs to translate through this fake."""
        return {
            "GEMINI_API_KEY": "fake-key",
            "GEMINI_BASE_URL": f"http://127.0.0.1:{self.server.server_address[1]}/v1beta",
            "GEMINI_TIMEOUT_SECONDS": "60",
        }

    def release(self) -> None:
        self.released.set()

    def hold(self) -> None:
        self.released.clear()

    def close(self) -> None:
        self.released.set()
        self.server.shutdown()
        self.server.server_close()
