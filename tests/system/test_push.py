"""Web Push end to end: Hearth encrypts and signs, a push service on loopback receives, and an
independent implementation (http_ece, py_vapid) decrypts and verifies what arrived.
"""

from __future__ import annotations

import base64
import json
import time
from collections.abc import Iterator

import http_ece
import pytest
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from fake_push import FakePushService, PushRequest
from hearth_harness import describe, json_of, unique_email
from py_vapid import jwt as vapid_jwt


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def unb64url(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


class Browser:
    """What a browser keeps for one push subscription: its key pair and auth secret."""

    def __init__(self, endpoint: str) -> None:
        self.endpoint = endpoint
        self.key = ec.generate_private_key(ec.SECP256R1())
        self.auth = bytes(range(16))

    def subscription(self) -> dict:
        public = self.key.public_key().public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
        )
        return {"endpoint": self.endpoint, "keys": {"p256dh": b64url(public), "auth": b64url(self.auth)}}

    def read(self, request: PushRequest) -> dict:
        plain = http_ece.decrypt(
            request.body, private_key=self.key, auth_secret=self.auth, version="aes128gcm"
        )
        return json.loads(plain)


@pytest.fixture
def push_service() -> Iterator[FakePushService]:
    service = FakePushService().start()
    yield service
    service.stop()


def vapid_claims(request: PushRequest, server_key: str) -> dict:
    """Checks the Authorization header as a push service does and returns the JWT's claims."""
    scheme, _, params = request.headers["Authorization"].partition(" ")
    assert scheme == "vapid", request.headers["Authorization"]
    fields = dict(part.strip().split("=", 1) for part in params.split(","))
    assert fields["k"] == server_key
    header = json.loads(unb64url(fields["t"].split(".")[0]))
    assert header == {"typ": "JWT", "alg": "ES256"}
    assert len(unb64url(fields["t"].split(".")[2])) == 64, "ES256 signatures are r||s, not DER"
    return vapid_jwt.decode(fields["t"], fields["k"])


def test_pushes_are_encrypted_signed_retried_and_gone_subscriptions_removed(
    server, push_service
) -> None:
    client = server.client()
    r = client.signup(unique_email("push"), "Pat")
    assert r.status_code == 201, describe(r)
    pat = client.with_token(json_of(r)["accessToken"])

    r = pat.get("/api/push/key")
    assert r.status_code == 200, describe(r)
    server_key = json_of(r)["publicKey"]
    assert len(unb64url(server_key)) == 65 and unb64url(server_key)[0] == 4

    delivered = Browser(push_service.script("/push/a", 201))
    expired = Browser(push_service.script("/push/b", 410))
    busy = Browser(push_service.script("/push/c", (429, {"Retry-After": "1"}), 201))
    ids = {}
    for name, browser in (("a", delivered), ("b", expired), ("c", busy)):
        r = pat.post("/api/push/subscriptions", json={**browser.subscription(), "label": f"Phone {name}"})
        assert r.status_code == 201, describe(r)
        ids[name] = json_of(r)["subscription"]["id"]

    before = time.time()
    r = pat.post("/api/push/test")
    assert r.status_code == 202, describe(r)
    assert json_of(r)["unread"] == 1

    [to_a] = push_service.wait_for("/push/a", 1)
    message = delivered.read(to_a)
    assert message["title"] == "Notifications work"
    assert message["url"] == "/notifications"
    assert message["kind"] == "hearth.test"
    assert to_a.headers["Content-Encoding"] == "aes128gcm"
    assert to_a.headers["Content-Type"] == "application/octet-stream"
    assert to_a.headers["TTL"] == "86400"
    assert to_a.headers["Urgency"] == "high"
    claims = vapid_claims(to_a, server_key)
    assert claims["aud"] == push_service.base_url
    assert before + 3600 <= claims["exp"] <= time.time() + 86400
    assert claims["sub"].startswith(("mailto:", "https://"))

    push_service.wait_for("/push/b", 1)
    first, second = push_service.wait_for("/push/c", 2)
    assert (first.answered, second.answered) == (429, 201)
    assert second.at - first.at >= 0.9, "Retry-After: 1 was not waited for"
    assert busy.read(second) == message

    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        remaining = {s["id"] for s in json_of(pat.get("/api/push/subscriptions"))["subscriptions"]}
        if ids["b"] not in remaining:
            break
        time.sleep(0.1)
    assert remaining == {ids["a"], ids["c"]}, "the subscription answered 410 is still there"
    pat.settled()
    assert len(push_service.requests_to("/push/c")) == 2, "a delivered push was sent again"
    assert len(push_service.requests_to("/push/a")) == 1

    r = pat.get("/api/notifications")
    assert r.status_code == 200, describe(r)
    inbox = json_of(r)
    assert inbox["unread"] == 1
    assert [n["title"] for n in inbox["notifications"]] == ["Notifications work"]
    r = pat.post(f"/api/notifications/{inbox['notifications'][0]['id']}/read")
    assert r.status_code == 200 and json_of(r)["unread"] == 0, describe(r)


def test_subscriptions_are_checked_and_belong_to_their_owner(server, push_service) -> None:
    client = server.client()
    pat = client.with_token(json_of(client.signup(unique_email("pat"), "Pat"))["accessToken"])
    sam = client.with_token(json_of(client.signup(unique_email("sam"), "Sam"))["accessToken"])
    browser = Browser(push_service.script("/push/own", 201))
    good = browser.subscription()

    for body, field in (
        ({"keys": good["keys"]}, "endpoint"),
        ({**good, "endpoint": "ftp://127.0.0.1/x"}, "endpoint"),
        ({"endpoint": good["endpoint"]}, "keys"),
        ({**good, "keys": {"p256dh": good["keys"]["p256dh"][:-4], "auth": good["keys"]["auth"]}}, "keys.p256dh"),
        ({**good, "keys": {"p256dh": good["keys"]["p256dh"], "auth": "c2hvcnQ"}}, "keys.auth"),
    ):
        r = pat.post("/api/push/subscriptions", json=body)
        assert r.status_code == 400, describe(r)
        assert json_of(r)["error"]["field"] == field, describe(r)
    assert json_of(pat.get("/api/push/subscriptions"))["subscriptions"] == []

    r = pat.post("/api/push/subscriptions", json=good, headers={"User-Agent": "Mozilla/5.0 (Linux; Android 14) Chrome/131.0 Mobile Safari/537.36"})
    assert r.status_code == 201, describe(r)
    mine = json_of(r)["subscription"]
    assert mine["label"] == "Chrome on Android"
    assert mine["service"] == push_service.base_url

    assert sam.delete(f"/api/push/subscriptions/{mine['id']}").status_code == 404
    assert sam.post(f"/api/notifications/{mine['id']}/read").status_code == 404
    assert json_of(sam.get("/api/push/subscriptions"))["subscriptions"] == []
    r = pat.delete(f"/api/push/subscriptions/{mine['id']}")
    assert r.status_code == 204, describe(r)
    assert json_of(pat.get("/api/push/subscriptions"))["subscriptions"] == []

    # The same browser signing in as someone else moves its subscription to them.
    assert pat.post("/api/push/subscriptions", json=good).status_code == 201
    r = sam.post("/api/push/subscriptions", json=good)
    assert r.status_code == 201, describe(r)
    assert json_of(pat.get("/api/push/subscriptions"))["subscriptions"] == []
    assert [s["id"] for s in json_of(sam.get("/api/push/subscriptions"))["subscriptions"]] == [
        json_of(r)["subscription"]["id"]
    ]


PRODUCTION = {"HEARTH_ENV": "production", "HEARTH_EMAIL_VERIFICATION": "off"}

INWARD_ENDPOINTS = {
    "https://127.0.0.1/push": "loopback",
    "https://2130706433/push": "loopback",
    "https://0x7f.0.0.1/push": "loopback",
    "https://0177.0.0.1/push": "loopback",
    "https://127.1/push": "loopback",
    "https://[::1]/push": "loopback",
    "https://[::ffff:127.0.0.1]/push": "loopback",
    "https://[::ffff:7f00:1]/push": "loopback",
    "https://localhost/push": "local",
    "https://push.localhost/push": "local",
    "https://10.0.0.1/push": "private",
    "https://10.1/push": "private",
    "https://172.16.5.4/push": "private",
    "https://192.168.1.1/push": "private",
    "https://169.254.169.254/latest/meta-data": "link-local",
    "https://[fe80::1]/push": "link-local",
    "https://[fd00::1]/push": "unique-local",
    "https://100.64.0.1/push": "carrier-grade NAT",
    "https://0.0.0.0/push": "unspecified",
    "https://[::]/push": "unspecified",
    "https://224.0.0.1/push": "multicast",
    "https://metadata.google.internal/push": "local",
    "https://printer.local/push": "local",
    "http://fcm.googleapis.com/fcm/send/abc": "https://",
}

KNOWN_PUSH_SERVICES = (
    "https://fcm.googleapis.com/fcm/send/dX1yZ:APA91bH",
    "https://updates.push.services.mozilla.com/wpush/v2/gAAAAABk",
    "https://web.push.apple.com/QGuQyavXutnMH8",
    "https://wns2-par02p.notify.windows.com/w/?token=BQYAAAD",
)


@pytest.fixture
def production_server(backend, start_server):
    """A server in production mode, where push only ever reaches the public internet."""
    return start_server(backend, extra_env=PRODUCTION)


def test_production_refuses_endpoints_that_lead_inwards_and_accepts_push_services(
    production_server,
) -> None:
    client = production_server.client()
    pat = client.with_token(json_of(client.signup(unique_email("pat"), "Pat"))["accessToken"])
    keys = Browser("https://fcm.googleapis.com/x").subscription()["keys"]

    for endpoint, why in INWARD_ENDPOINTS.items():
        r = pat.post("/api/push/subscriptions", json={"endpoint": endpoint, "keys": keys})
        assert r.status_code == 400, f"{endpoint}: {describe(r)}"
        error = json_of(r)["error"]
        assert error["field"] == "endpoint", describe(r)
        assert why in error["message"], f"{endpoint}: {error['message']}"
    assert json_of(pat.get("/api/push/subscriptions"))["subscriptions"] == []

    for endpoint in KNOWN_PUSH_SERVICES:
        r = pat.post("/api/push/subscriptions", json={"endpoint": endpoint, "keys": keys})
        assert r.status_code == 201, f"{endpoint}: {describe(r)}"
    services = {s["service"] for s in json_of(pat.get("/api/push/subscriptions"))["subscriptions"]}
    assert services == {
        "https://fcm.googleapis.com",
        "https://updates.push.services.mozilla.com",
        "https://web.push.apple.com",
        "https://wns2-par02p.notify.windows.com",
    }


def test_an_account_has_at_most_twenty_devices(server) -> None:
    client = server.client()
    pat = client.with_token(json_of(client.signup(unique_email("pat"), "Pat"))["accessToken"])
    keys = Browser("https://fcm.googleapis.com/x").subscription()["keys"]

    def subscribe(n: int):
        endpoint = f"https://fcm.googleapis.com/fcm/send/device-{n}"
        return pat.post("/api/push/subscriptions", json={"endpoint": endpoint, "keys": keys})

    ids = []
    for n in range(20):
        r = subscribe(n)
        assert r.status_code == 201, describe(r)
        ids.append(json_of(r)["subscription"]["id"])

    r = subscribe(20)
    assert r.status_code == 429, describe(r)
    error = json_of(r)["error"]
    assert error["field"] == "endpoint" and "20 devices" in error["message"], describe(r)
    assert "Remove one" in error["message"], describe(r)

    r = subscribe(7)
    assert r.status_code == 201, "re-subscribing a known device must work: " + describe(r)
    assert json_of(r)["subscription"]["id"] == ids[7]

    assert pat.delete(f"/api/push/subscriptions/{ids[0]}").status_code == 204
    assert subscribe(20).status_code == 201
    assert len(json_of(pat.get("/api/push/subscriptions"))["subscriptions"]) == 20


def test_test_notifications_are_limited_to_five_a_minute(server) -> None:
    client = server.client()
    pat = client.with_token(json_of(client.signup(unique_email("pat"), "Pat"))["accessToken"])
    for sent in range(1, 6):
        r = pat.post("/api/push/test")
        assert r.status_code == 202, describe(r)
        assert json_of(r)["unread"] == sent

    r = pat.post("/api/push/test")
    assert r.status_code == 429, describe(r)
    assert json_of(r)["error"]["code"] == "rate_limited"
    assert 1 <= int(r.headers["Retry-After"]) <= 60, describe(r)
    assert "5 test notifications a minute" in json_of(r)["error"]["message"], describe(r)
    assert json_of(pat.get("/api/notifications"))["unread"] == 5
