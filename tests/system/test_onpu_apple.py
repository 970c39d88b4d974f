"""Sign in with Apple for the Onpu app (POST /v1/auth/apple) against real servers, with Apple's
keys served on loopback and identity tokens signed in the test: a good token signs in (one
account per Apple ID, on SQLite and PostgreSQL) with a token every /v1 route takes; each thing
wrong with a token is refused by name; a client gets 20 tries a minute; an account that signed
in otherwise links its Apple ID; Apple's keys are fetched once and again for a new key id at
most once a minute; /onpu/apple links and unlinks from the web; and a short development token
works outside production."""

from __future__ import annotations

import re

import pytest

from fake_apple import AUDIENCE, FakeApple, new_key
from hearth_harness import PASSWORD, describe, json_of, unique_email


@pytest.fixture
def apple():
    fake = FakeApple()
    yield fake
    fake.close()


def sign_in(client, token: str, nonce: str):
    return client.post("/v1/auth/apple", json={"identityToken": token, "nonce": nonce})


def error_code(response) -> str:
    return json_of(response)["error"]["code"]


def test_an_apple_id_is_one_account_whose_token_works_on_v1(
    backend, start_server, apple
) -> None:
    server = start_server(backend, extra_env=apple.env)
    client = server.client()
    email = unique_email("apple")
    token, nonce = apple.token("001.apple-person.01", email=email)

    r = sign_in(client, token, nonce)
    assert r.status_code == 200, describe(r)
    first = json_of(r)
    assert first["newAccount"] is True
    assert first["user"]["email"] == email
    assert first["tokenType"] == "Bearer" and first["expiresIn"] > 0 and first["refreshToken"]

    app = client.with_token(first["accessToken"])
    me = app.get("/v1/auth/me")
    assert me.status_code == 200, describe(me)
    sub = first["user"]["sub"]
    assert json_of(me) == {"ok": True, "sub": sub}
    job = app.post("/v1/jobs", json={"title": "古池", "lyrics": "古池や\n蛙飛び込む\n水の音"})
    assert job.status_code == 200, describe(job)
    job_id = json_of(job)["jobId"]
    assert json_of(app.get(f"/v1/jobs/{job_id}"))["jobId"] == job_id
    fetched = apple.fetches

    # The same Apple ID again (a new nonce, no email this time) is the same account.
    token, nonce = apple.token("001.apple-person.01")
    r = sign_in(client, token, nonce)
    assert r.status_code == 200, describe(r)
    again = json_of(r)
    assert again["newAccount"] is False
    assert again["user"]["sub"] == first["user"]["sub"]
    me = client.with_token(again["accessToken"]).get("/v1/auth/me")
    assert json_of(me)["sub"] == first["user"]["sub"]

    # Another Apple ID with the same address gets an account of its own, under a stand-in
    # address, since accounts answer to their address.
    token, nonce = apple.token("001.someone-else.02", email=email)
    r = sign_in(client, token, nonce)
    assert r.status_code == 200, describe(r)
    other = json_of(r)
    assert other["newAccount"] is True and other["user"]["sub"] != first["user"]["sub"]
    assert other["user"]["email"].endswith("@onpu.invalid")
    assert apple.fetches == fetched  # the keys were kept


def test_each_thing_wrong_with_a_token_is_refused_by_name(start_server, apple) -> None:
    server = start_server("sqlite", extra_env=apple.env)
    client = server.client()
    stranger = new_key()
    cases = {
        "wrong_audience": apple.token(aud="com.example.another-app"),
        "wrong_issuer": apple.token(iss="https://appleid.example.com"),
        "token_expired": apple.token(expires_in=-300),
        "bad_signature": apple.token(key=stranger),
        "unknown_key": apple.token(kid="key-nobody-published", key=stranger),
    }
    for code, (token, nonce) in cases.items():
        r = sign_in(client, token, nonce)
        assert r.status_code == 401, f"{code}: {describe(r)}"
        assert error_code(r) == code, describe(r)

    token, _ = apple.token(nonce="the-nonce-apple-saw")
    r = sign_in(client, token, "another-nonce")
    assert r.status_code == 401 and error_code(r) == "nonce_mismatch", describe(r)
    token, nonce = apple.token(claim_nonce="the-raw-nonce-not-its-hash")
    r = sign_in(client, token, nonce)
    assert r.status_code == 401 and error_code(r) == "nonce_mismatch", describe(r)
    token, nonce = apple.token(leave_out_nonce=True)
    r = sign_in(client, token, nonce)
    assert r.status_code == 400 and error_code(r) == "missing_nonce", describe(r)

    for body in [{}, {"identityToken": "x"}, {"identityToken": "not.a.jwt", "nonce": "n"}]:
        r = client.post("/v1/auth/apple", json=body)
        assert r.status_code in (400, 401), describe(r)
        assert set(json_of(r)["error"]) >= {"code", "message"}, describe(r)
    # A token for nobody's key fetched the keys again at most once within the minute.
    assert apple.fetches == 1


def test_a_client_gets_twenty_tries_a_minute(start_server, apple) -> None:
    server = start_server("sqlite", extra_env=apple.env)
    client = server.client()
    for _ in range(20):
        token, nonce = apple.token(aud="com.example.another-app")
        assert sign_in(client, token, nonce).status_code == 401
    token, nonce = apple.token()
    r = sign_in(client, token, nonce)
    assert r.status_code == 429 and error_code(r) == "rate_limited", describe(r)
    assert int(r.headers["Retry-After"]) >= 1


def test_a_new_key_is_fetched_at_most_once_a_minute(start_server, apple) -> None:
    server = start_server(
        "sqlite", extra_env={**apple.env, "HEARTH_TEST_CLOCK": "on"})
    client = server.client()
    token, nonce = apple.token()
    r = sign_in(client, token, nonce)
    assert r.status_code == 200, describe(r)
    signed_in = client.with_token(json_of(r)["accessToken"])
    assert apple.fetches == 1

    # Apple rotates its keys: the new key is not fetched again within the minute...
    apple.keys["key-2"] = new_key()
    apple.published = dict(apple.keys)
    token, nonce = apple.token(kid="key-2")
    r = sign_in(client, token, nonce)
    assert r.status_code == 401 and error_code(r) == "unknown_key", describe(r)
    assert apple.fetches == 1
    # ...and is, once a minute has passed.
    r = signed_in.post("/api/debug/clock", json={"advanceSeconds": 61})
    assert r.status_code == 200, describe(r)
    token, nonce = apple.token(kid="key-2")
    r = sign_in(client, token, nonce)
    assert r.status_code == 200, describe(r)
    assert apple.fetches == 2


def test_an_account_links_its_apple_id(start_server, apple) -> None:
    server = start_server("sqlite", extra_env=apple.env)
    client = server.client()
    email = unique_email("linker")
    r = client.signup(email, "Linker")
    assert r.status_code == 201, describe(r)
    account = json_of(r)
    mine = client.with_token(account["accessToken"])
    assert json_of(mine.get("/v1/auth/apple/link")) == {"linked": False}

    token, nonce = apple.token("001.linker.03", email="relay@privaterelay.appleid.com")
    r = mine.post("/v1/auth/apple/link", json={"identityToken": token, "nonce": nonce})
    assert r.status_code == 200, describe(r)
    assert json_of(r)["linked"] is True
    assert json_of(mine.get("/v1/auth/apple/link"))["email"] == "relay@privaterelay.appleid.com"

    # Signing in with that Apple ID is now this account.
    token, nonce = apple.token("001.linker.03")
    r = sign_in(client, token, nonce)
    assert r.status_code == 200, describe(r)
    assert json_of(r)["user"]["sub"] == account["user"]["id"]
    assert json_of(r)["newAccount"] is False

    # An Apple ID of another account cannot be linked here, nor a second one.
    token, nonce = apple.token("001.other.04")
    assert sign_in(client, token, nonce).status_code == 200
    token, nonce = apple.token("001.other.04")
    r = mine.post("/v1/auth/apple/link", json={"identityToken": token, "nonce": nonce})
    assert r.status_code == 409 and error_code(r) == "apple_id_taken", describe(r)
    token, nonce = apple.token("001.fresh.05")
    r = mine.post("/v1/auth/apple/link", json={"identityToken": token, "nonce": nonce})
    assert r.status_code == 409 and error_code(r) == "apple_id_already_linked", describe(r)

    # Unlinked, the Apple ID makes an account of its own next time.
    r = mine.delete("/v1/auth/apple/link")
    assert r.status_code == 200 and json_of(r) == {"linked": False}, describe(r)
    token, nonce = apple.token("001.linker.03")
    r = sign_in(client, token, nonce)
    assert r.status_code == 200 and json_of(r)["newAccount"] is True, describe(r)


def test_a_short_development_token_works_outside_production(start_server, apple) -> None:
    server = start_server("sqlite", extra_env={**apple.env, "ONPU_DEV_BYPASS_TOKEN": "dev"})
    r = server.client().get("/v1/auth/me", headers={"X-Dev-Token": "dev"})
    assert r.status_code == 200, describe(r)
    assert json_of(r)["sub"] == "onpu-dev-user"
    assert server.client().get("/v1/auth/me", headers={"X-Dev-Token": "dex"}).status_code == 401
    assert "ONPU_DEV_BYPASS_TOKEN is on" in server.log_tail(400)


def test_without_an_audience_sign_in_with_apple_is_not_there(start_server, apple) -> None:
    server = start_server("sqlite", extra_env={"ONPU_APPLE_JWKS_URL": apple.url})
    token, nonce = apple.token()
    r = sign_in(server.client(), token, nonce)
    assert r.status_code == 404, describe(r)
    assert AUDIENCE not in r.text


def test_the_onpu_apple_page_links_and_unlinks(start_server, apple) -> None:
    server = start_server("sqlite", extra_env=apple.env)
    email = unique_email("page")
    assert server.client().signup(email, "Paige").status_code == 201
    browser = server.client().session
    page = browser.get(server.base_url + "/login", timeout=30, allow_redirects=False)
    csrf = re.search(r'name="_csrf" value="([^"]+)"', page.text).group(1)
    r = browser.post(server.base_url + "/login", timeout=30, allow_redirects=False,
                     data={"email": email, "password": PASSWORD, "_csrf": csrf})
    assert r.status_code in (302, 303), describe(r)
    library = browser.get(server.base_url + "/onpu", timeout=30)
    assert 'href="/onpu/apple"' in library.text, "the library offers linking an Apple ID"
    account = browser.get(server.base_url + "/account", timeout=30)
    assert "Apple ID for the Onpu iPhone app" in account.text and "Not linked" in account.text
    assert '<a href="/onpu/apple">Link your Apple ID</a>' in account.text, "the account page offers it"

    def form_csrf() -> str:
        page = browser.get(server.base_url + "/onpu/apple", timeout=30)
        assert page.status_code == 200, describe(page)
        return re.search(r'name="_csrf" value="([^"]+)"', page.text).group(1)

    token, _ = apple.token("001.page.06")
    r = browser.post(server.base_url + "/onpu/apple/link", timeout=30, allow_redirects=False,
                     data={"identityToken": token, "nonce": "wrong", "_csrf": form_csrf()})
    assert r.status_code == 401 and "nonce" in r.text, describe(r)
    token, nonce = apple.token("001.page.06", email="paige@privaterelay.appleid.com")
    r = browser.post(server.base_url + "/onpu/apple/link", timeout=30, allow_redirects=False,
                     data={"identityToken": token, "nonce": nonce, "_csrf": form_csrf()})
    assert r.status_code in (302, 303), describe(r)
    page = browser.get(server.base_url + "/onpu/apple", timeout=30, allow_redirects=False)
    assert "Your Apple ID (paige@privaterelay.appleid.com) is linked" in page.text
    account = browser.get(server.base_url + "/account", timeout=30)
    assert "Linked since" in account.text and "Manage the link" in account.text
    exported = browser.get(server.base_url + "/account/export", timeout=30).json()
    assert exported["onpu"]["appleID"]["email"] == "paige@privaterelay.appleid.com", exported
    r = browser.post(server.base_url + "/onpu/apple/unlink", data={"_csrf": form_csrf()},
                     timeout=30, allow_redirects=False)
    assert r.status_code in (302, 303), describe(r)
    page = browser.get(server.base_url + "/onpu/apple", timeout=30)
    assert 'name="identityToken"' in page.text
