"""Two-factor sign-in (RFC 6238) checked against pyotp, an independent implementation, and the
security log that records it, on both databases."""

from __future__ import annotations

import time

import pyotp

from hearth_harness import PASSWORD, describe, json_of, unique_email


def _log_kinds(client) -> list[str]:
    r = client.get("/api/me/security-log")
    assert r.status_code == 200, describe(r)
    return [entry["kind"] for entry in json_of(r)["entries"]]


def test_totp_sign_in_with_codes_from_pyotp(server) -> None:
    email = unique_email("totp")
    anonymous = server.client()
    r = anonymous.signup(email)
    assert r.status_code == 201, describe(r)
    ann = anonymous.with_token(json_of(r)["accessToken"])

    r = ann.post("/api/me/two-factor")
    assert r.status_code == 201, describe(r)
    setup = json_of(r)
    totp = pyotp.TOTP(setup["secret"])
    parsed = pyotp.parse_uri(setup["otpauthURI"])
    assert parsed.secret == setup["secret"] and parsed.issuer == "Hearth", setup["otpauthURI"]

    wrong = f"{(int(totp.now()) + 1) % 1_000_000:06d}"
    r = ann.post("/api/me/two-factor/confirm", json={"code": wrong, "password": PASSWORD})
    assert r.status_code == 400 and json_of(r)["error"]["field"] == "code", describe(r)
    r = ann.post("/api/me/two-factor/confirm", json={"code": totp.now(), "password": PASSWORD})
    assert r.status_code == 200, describe(r)
    recovery = json_of(r)["recoveryCodes"]
    assert len(recovery) == 10 and len(set(recovery)) == 10, recovery

    # The password alone no longer signs in; the code from pyotp does, once
    r = anonymous.login(email)
    assert r.status_code == 401 and json_of(r)["error"]["code"] == "second_factor_required", (
        describe(r)
    )
    later = totp.at(time.time() + 30)  # the next step's code: the confirm spent this one
    body = {"email": email, "password": PASSWORD, "code": later}
    r = anonymous.post("/api/auth/login", json=body)
    assert r.status_code == 200, describe(r)
    r = anonymous.post("/api/auth/login", json=body)
    assert r.status_code == 401 and json_of(r)["error"]["code"] == "invalid_second_factor", (
        "a code must work only once: " + describe(r)
    )

    # A recovery code works once, typed any way
    typed = recovery[0].upper().replace("-", " ")
    body = {"email": email, "password": PASSWORD, "code": typed}
    r = anonymous.post("/api/auth/login", json=body)
    assert r.status_code == 200, describe(r)
    r = anonymous.post("/api/auth/login", json=body)
    assert r.status_code == 401, describe(r)
    r = ann.get("/api/me/two-factor")
    assert json_of(r)["enabled"] is True and json_of(r)["recoveryCodesLeft"] == 9, describe(r)

    kinds = _log_kinds(ann)
    for kind in ["account_created", "two_factor_enabled", "signed_in", "sign_in_failed",
                 "recovery_code_used"]:
        assert kind in kinds, kinds
    entry = json_of(ann.get("/api/me/security-log"))["entries"][0]
    assert entry["address"] == "127.0.0.1" and entry["device"], entry

    # Turning it off asks a code too; afterwards the password alone is enough again
    r = ann.post("/api/me/two-factor/disable", json={"password": PASSWORD, "code": "000000"})
    assert r.status_code == 400 and json_of(r)["error"]["field"] == "code", describe(r)
    r = ann.post("/api/me/two-factor/disable", json={"password": PASSWORD, "code": recovery[1]})
    assert r.status_code == 204, describe(r)
    assert anonymous.login(email).status_code == 200
    r = ann.get("/api/me/export")
    export = json_of(r)
    assert export["twoFactor"]["enabled"] is False, export["twoFactor"]
    assert [e["kind"] for e in export["securityLog"]][:2] == ["signed_in", "two_factor_disabled"]


def test_wrong_codes_are_limited_per_account(server) -> None:
    email = unique_email("totp-limit")
    anonymous = server.client()
    ann = anonymous.with_token(json_of(anonymous.signup(email))["accessToken"])
    secret = json_of(ann.post("/api/me/two-factor"))["secret"]
    r = ann.post(
        "/api/me/two-factor/confirm", json={"code": pyotp.TOTP(secret).now(), "password": PASSWORD}
    )
    assert r.status_code == 200, describe(r)
    statuses = []
    for guess in range(7):
        body = {"email": email, "password": PASSWORD, "code": f"{guess:06d}"}
        statuses.append(anonymous.post("/api/auth/login", json=body).status_code)
    assert statuses[:5] == [401] * 5 and statuses[5:] == [429, 429], statuses
