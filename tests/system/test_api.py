"""The public HTTP API of a live `hearth serve`, on SQLite and on PostgreSQL."""

from __future__ import annotations

import json
from concurrent.futures import ThreadPoolExecutor

from hearth_harness import PASSWORD, Client, HearthServer, describe, json_of, unique_email

USER_FIELDS = {"id", "email", "displayName", "phone", "timeZone", "createdAt"}


def assert_error(response, status: int, field: str | None = None) -> dict:
    """The one error shape: {"error": {"code", "message", "field"?}} with a JSON content type."""
    assert response.status_code == status, describe(response)
    assert "json" in response.headers.get("Content-Type", ""), describe(response)
    body = json_of(response)
    assert isinstance(body, dict) and isinstance(body.get("error"), dict), describe(response)
    error = body["error"]
    assert isinstance(error.get("code"), str) and error["code"], describe(response)
    assert isinstance(error.get("message"), str) and error["message"], describe(response)
    if field is not None:
        assert error.get("field") == field, describe(response)
    return error


def assert_user(user: dict, email: str, display_name: str) -> None:
    assert USER_FIELDS <= set(user), f"user lacks {USER_FIELDS - set(user)}: {user}"
    assert isinstance(user["id"], str) and user["id"]
    assert user["email"] == email
    assert user["displayName"] == display_name
    assert isinstance(user["timeZone"], str) and user["timeZone"]
    assert isinstance(user["createdAt"], str) and user["createdAt"]
    assert "passwordHash" not in user and "password" not in user


def assert_tokens(body: dict) -> None:
    assert body.get("tokenType") == "Bearer", body
    assert isinstance(body.get("accessToken"), str) and len(body["accessToken"]) >= 16, body
    assert isinstance(body.get("refreshToken"), str) and len(body["refreshToken"]) >= 16, body
    assert body["accessToken"] != body["refreshToken"]
    assert isinstance(body.get("expiresIn"), int) and body["expiresIn"] > 0, body


def signed_up(client: Client, display_name: str = "Ada Lovelace", **extra) -> tuple[str, dict]:
    email = unique_email("ada")
    r = client.signup(email, display_name, **extra)
    assert r.status_code == 201, describe(r)
    return email, json_of(r)


def test_health_metrics_and_openapi(server: HearthServer) -> None:
    c = server.client()
    r = c.get("/healthz")
    assert r.status_code == 200, describe(r)
    r = c.get("/readyz")
    assert r.status_code == 200, describe(r)

    r = c.get("/metrics")
    assert r.status_code == 200, describe(r)
    assert "hearth_http_requests_total" in r.text, r.text[:2000]

    r = c.get("/openapi.json")
    assert r.status_code == 200, describe(r)
    spec = json_of(r)
    assert spec.get("openapi") == "3.1.0", str(spec)[:500]
    assert "/api/auth/signup" in spec.get("paths", {}), sorted(spec.get("paths", {}))
    from openapi_spec_validator import validate

    validate(spec)  # raises, naming the problem, unless this is a valid OpenAPI 3.1 document


def test_signup_login_me(server: HearthServer) -> None:
    c = server.client()
    email = unique_email("ada")
    r = c.signup(email, "Ada Lovelace", phone="+14155550123", timeZone="Europe/London")
    assert r.status_code == 201, describe(r)
    body = json_of(r)
    assert_tokens(body)
    assert_user(body["user"], email, "Ada Lovelace")
    assert body["user"]["phone"] == "+14155550123"
    assert body["user"]["timeZone"] == "Europe/London"
    user_id = body["user"]["id"]

    # Emails are matched without regard to case.
    r = c.login(email.upper())
    assert r.status_code == 200, describe(r)
    login = json_of(r)
    assert_tokens(login)
    assert_user(login["user"], email, "Ada Lovelace")
    assert login["user"]["id"] == user_id
    assert login["accessToken"] != body["accessToken"]

    for token in (body["accessToken"], login["accessToken"]):
        r = c.with_token(token).get("/api/me")
        assert r.status_code == 200, describe(r)
        me = json_of(r)
        assert_user(me["user"], email, "Ada Lovelace")
        assert me["user"]["id"] == user_id

    # Without a phone or time zone: phone is null, the time zone defaults.
    email2 = unique_email("bob")
    r = c.signup(email2, "Bob")
    assert r.status_code == 201, describe(r)
    bob = json_of(r)["user"]
    assert_user(bob, email2, "Bob")
    assert bob["phone"] is None
    assert bob["timeZone"] == "UTC"


def test_unauthenticated_and_wrong_credentials(server: HearthServer) -> None:
    c = server.client()
    email, _ = signed_up(c)

    assert_error(c.login(email, "not the password"), 401)
    assert_error(c.login(unique_email("nobody"), PASSWORD), 401)
    assert_error(c.get("/api/me"), 401)
    assert_error(c.get("/api/me", headers={"Authorization": "Bearer not-a-token"}), 401)
    assert_error(c.get("/api/me", headers={"Authorization": "Basic Zm9vOmJhcg=="}), 401)
    assert_error(c.post("/api/auth/refresh", json={"refreshToken": "not-a-token"}), 401)


def test_refresh_rotates_and_logout_revokes(server: HearthServer) -> None:
    c = server.client()
    email, first = signed_up(c)

    r = c.post("/api/auth/refresh", json={"refreshToken": first["refreshToken"]})
    assert r.status_code == 200, describe(r)
    second = json_of(r)
    assert_tokens(second)
    assert second["refreshToken"] != first["refreshToken"]
    assert second["accessToken"] != first["accessToken"]
    r = c.with_token(second["accessToken"]).get("/api/me")
    assert r.status_code == 200, describe(r)
    assert json_of(r)["user"]["email"] == email

    # The old refresh token was used up; shown again, it means a copy exists, and the
    # sessions rotated from it end too.
    assert_error(c.post("/api/auth/refresh", json={"refreshToken": first["refreshToken"]}), 401)
    assert_error(c.with_token(second["accessToken"]).get("/api/me"), 401)
    assert_error(c.post("/api/auth/refresh", json={"refreshToken": second["refreshToken"]}), 401)

    # Logging out revokes the refresh token.
    third = json_of(c.login(email, PASSWORD))
    authed = c.with_token(third["accessToken"])
    r = authed.post("/api/auth/logout", json={"refreshToken": third["refreshToken"]})
    assert r.status_code == 204, describe(r)
    assert r.content == b"", describe(r)
    assert_error(c.post("/api/auth/refresh", json={"refreshToken": third["refreshToken"]}), 401)


def test_signup_validation(server: HearthServer) -> None:
    c = server.client()
    email, _ = signed_up(c)

    # A taken email, in any case.
    assert_error(c.signup(email, "Someone Else"), 409, field="email")
    assert_error(c.signup(email.upper(), "Someone Else"), 409, field="email")

    # Fields that are missing or wrong name themselves.
    assert_error(c.post("/api/auth/signup", json={"displayName": "X", "password": PASSWORD}), 400, "email")
    assert_error(c.signup("not-an-email", "X"), 400, field="email")
    assert_error(c.signup(unique_email(), "X", password="short"), 400, field="password")
    assert_error(c.signup(unique_email(), "   "), 400, field="displayName")
    assert_error(c.signup(unique_email(), "X", timeZone="Mars/Olympus_Mons"), 400, field="timeZone")
    assert_error(c.signup(unique_email(), "X", phone="12"), 400, field="phone")


def test_malformed_and_oversized_bodies(server: HearthServer) -> None:
    c = server.client()
    headers = {"Content-Type": "application/json"}

    assert_error(c.post("/api/auth/signup", data=b'{"email": "a@b.c", ', headers=headers), 400)
    assert_error(c.post("/api/auth/login", data=b"[1, 2, 3]", headers=headers), 400)
    assert_error(c.post("/api/auth/signup", data=b"\xff\xfe not utf-8", headers=headers), 400)

    # Just over 1 MiB of otherwise valid JSON.
    big = json.dumps(
        {"email": unique_email(), "displayName": "x" * (1024 * 1024), "password": PASSWORD}
    ).encode()
    assert len(big) > 1024 * 1024
    assert_error(c.post("/api/auth/signup", data=big, headers=headers), 413)

    # The server is still fine afterwards.
    r = c.get("/healthz")
    assert r.status_code == 200, describe(r)


def test_unknown_route_is_json_404(server: HearthServer) -> None:
    c = server.client()
    assert_error(c.get("/api/no-such-thing"), 404)


def test_accounts_are_isolated(server: HearthServer) -> None:
    c = server.client()
    email_a, a = signed_up(c, "Alice")
    email_b, b = signed_up(c, "Bob")
    alice = c.with_token(a["accessToken"])
    bob = c.with_token(b["accessToken"])

    r = alice.get("/api/me")
    assert r.status_code == 200, describe(r)
    assert json_of(r)["user"]["email"] == email_a
    r = bob.get("/api/me")
    assert r.status_code == 200, describe(r)
    assert json_of(r)["user"]["email"] == email_b

    # Alice changes her name; Bob does not see it, and is not changed.
    r = alice.patch("/api/me", json={"displayName": "Alice Liddell"})
    assert r.status_code in (200, 204), describe(r)
    r = alice.get("/api/me")
    assert json_of(r)["user"]["displayName"] == "Alice Liddell"
    r = bob.get("/api/me")
    assert json_of(r)["user"]["displayName"] == "Bob"

    # Bob has no invitations; Alice's tokens are not his to use.
    r = bob.get("/api/invitations")
    assert r.status_code == 200, describe(r)
    body = json_of(r)
    items = body.get("invitations") if isinstance(body, dict) else body
    assert items == [], describe(r)

    r = bob.post("/api/auth/logout", json={"refreshToken": a["refreshToken"]})
    assert r.status_code in (204, 400, 401, 403, 404), describe(r)
    # Whatever Bob's logout answered, Alice's refresh token still works.
    r = c.post("/api/auth/refresh", json={"refreshToken": a["refreshToken"]})
    assert r.status_code == 200, describe(r)


def test_simultaneous_guesses_and_a_restart_keep_the_login_limit(server: HearthServer) -> None:
    email, _ = signed_up(server.client())
    # 40 wrong passwords at once from one address: the limit is reserved before bcrypt runs
    with ThreadPoolExecutor(max_workers=20) as pool:
        statuses = list(pool.map(lambda _: server.client().login(email, "a wrong guess").status_code, range(40)))
    assert statuses.count(401) == 5 and statuses.count(429) == 35, statuses
    # The counts live in the database: a restart does not clear them
    server.restart()
    refused = server.client().login(email, PASSWORD)
    assert_error(refused, 429)
    assert int(refused.headers["Retry-After"]) > 0
