"""A stand-in for Apple's Sign in with Apple keys on loopback, and identity tokens signed with
keys made here (RS256, signed by hand with `cryptography`).

`FakeApple().env` points a server at its JWKS; `token(...)` makes an identity token as Apple
would, and each keyword changes one thing a server must refuse.
"""

from __future__ import annotations

import base64
import hashlib
import json
import secrets
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import padding, rsa

AUDIENCE = "app.hearth.onpu.test"
ISSUER = "https://appleid.apple.com"


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def _uint(number: int) -> str:
    return b64url(number.to_bytes((number.bit_length() + 7) // 8, "big"))


def new_key() -> rsa.RSAPrivateKey:
    return rsa.generate_private_key(public_exponent=65537, key_size=2048)


def jwk(key: rsa.RSAPrivateKey, kid: str) -> dict:
    numbers = key.public_key().public_numbers()
    return {"kty": "RSA", "kid": kid, "use": "sig", "alg": "RS256",
            "n": _uint(numbers.n), "e": _uint(numbers.e)}


def sign(key: rsa.RSAPrivateKey, header: dict, claims: dict) -> str:
    head = b64url(json.dumps(header).encode()) + "." + b64url(json.dumps(claims).encode())
    signature = key.sign(head.encode(), padding.PKCS1v15(), hashes.SHA256())
    return head + "." + b64url(signature)


def hashed(nonce: str) -> str:
    return hashlib.sha256(nonce.encode()).hexdigest()


class FakeApple:
    """Serves {"keys": [...]} at /auth/keys; `published` is what it serves now."""

    def __init__(self) -> None:
        self.keys = {"key-1": new_key()}
        self.published = dict(self.keys)
        self.fetches = 0
        fake = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:  # noqa: N802 (http.server's naming)
                fake.fetches += 1
                body = json.dumps(
                    {"keys": [jwk(key, kid) for kid, key in fake.published.items()]}
                ).encode()
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}/auth/keys"

    @property
    def env(self) -> dict[str, str]:
        return {"ONPU_APPLE_JWKS_URL": self.url, "ONPU_APPLE_AUDIENCE": AUDIENCE}

    def token(
        self,
        sub: str | None = None,
        nonce: str | None = None,
        *,
        email: str | None = None,
        kid: str = "key-1",
        key: rsa.RSAPrivateKey | None = None,
        aud: str = AUDIENCE,
        iss: str = ISSUER,
        expires_in: int = 600,
        claim_nonce: str | None = None,
        leave_out_nonce: bool = False,
    ) -> tuple[str, str]:
        """(identityToken, raw nonce): the token carries the nonce's SHA-256 unless told."""
        nonce = nonce or secrets.token_urlsafe(24)
        now = int(time.time())
        claims = {"iss": iss, "aud": aud, "sub": sub or f"000123.{secrets.token_hex(16)}.0042",
                  "iat": now, "exp": now + expires_in, "auth_time": now,
                  "nonce_supported": True}
        if not leave_out_nonce:
            claims["nonce"] = claim_nonce if claim_nonce is not None else hashed(nonce)
        if email:
            claims.update({"email": email, "email_verified": "true"})
        signer = key or self.keys.get(kid) or new_key()
        return sign(signer, {"alg": "RS256", "kid": kid}, claims), nonce

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()
