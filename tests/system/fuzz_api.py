"""Fuzzes the live API from its own OpenAPI document with schemathesis (run by scripts/fuzz-api).

Starts a SQLite-backed `hearth serve` on a free loopback port, signs up a fresh user through the
API, and runs schemathesis against http://127.0.0.1:PORT/openapi.json with that user's bearer
token. Checks: no 5xx (not_a_server_error) and every documented response matches its schema
(response_schema_conformance). Any finding, or a server that dies on the way, fails the run.

Environment: FUZZ_MAX_EXAMPLES (default 25, per operation), FUZZ_SEED (reproduce a run),
FUZZ_TIMEOUT (seconds for the whole schemathesis run, default 1200), FUZZ_WORKERS (default 1).
Extra arguments are passed to `schemathesis run`.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from hearth_harness import (  # noqa: E402
    REPO,
    Client,
    HarnessError,
    HearthServer,
    _clean_env,
    describe,
    make_workdir,
    sqlite_url,
    unique_email,
)

# The event stream and the long poll are fuzzed with their durations capped at one second by
# fuzz_hooks.py (a stream's text/event-stream body has no JSON schema to check). The operations
# that can end the session behind the token (log out, revoke a session, which the stateful phase
# does with the id GET /api/me/sessions returns, change the password, delete the account) get a
# second run of their own, last, with a fresh account.
DESTRUCTIVE_PATH_REGEX = r"^/api/(auth/logout|me/sessions/.*|me/password|me/delete)$"
# GET /api/debug/settled waits for the jobs to settle, and the fuzz keeps enqueueing probe jobs
# that sleep up to 5 s each, so every call would wait out its timeout (the coverage phase sends
# boundary values that no hook caps); the system tests call it.
EXCLUDE_PATH_REGEX = DESTRUCTIVE_PATH_REGEX + r"|^/api/debug/settled$"
HOOKS = Path(__file__).resolve().parent / "fuzz_hooks.py"
CHECKS = "not_a_server_error,response_schema_conformance"


def seed_auralyst(client: Client) -> dict[str, str]:
    """A journal with one record of each kind, so the fuzzer reaches past the 404 of an unknown
    journal id (fuzz_hooks.py puts these ids into most generated paths)."""
    journal = client.post("/api/auralyst/journals", json={"title": "Fuzzed"}).json()["journal"]["id"]
    base = f"/api/auralyst/journals/{journal}"
    entry = client.post(f"{base}/entries", json={"severity": 5}).json()["entry"]["id"]
    medication = client.post(
        f"{base}/medications", json={"name": "Fuzzamol", "schedules": [{"time": "08:00"}]}
    ).json()["medication"]["id"]
    intake = client.post(f"{base}/intakes", json={"medicationId": medication}).json()["intake"]["id"]
    note = client.post(f"{base}/notes", json={"text": "seed", "entryId": entry}).json()["note"]["id"]
    return {
        "journalId": journal,
        "entryId": entry,
        "medicationId": medication,
        "intakeId": intake,
        "noteId": note,
    }


def main(extra_args: list[str]) -> int:
    schemathesis = REPO / ".venv" / "bin" / "schemathesis"
    if not schemathesis.exists():
        print(f"fuzz: {schemathesis} is missing: run scripts/setup", file=sys.stderr)
        return 2

    workdir = make_workdir("fuzz")
    reports = REPO / ".tmp" / "reports"
    reports.mkdir(parents=True, exist_ok=True)
    server = HearthServer(sqlite_url(workdir / "hearth.sqlite"), workdir, name="fuzz")
    try:
        server.start()
    except HarnessError as exc:
        print(f"fuzz: {exc}", file=sys.stderr)
        return 1

    try:
        client = Client(server.base_url)
        r = client.signup(unique_email("fuzz"), "Fuzz Tester")
        if r.status_code != 201:
            print(f"fuzz: could not sign up: {describe(r)}", file=sys.stderr)
            return 1
        token = r.json()["accessToken"]
        seeded = seed_auralyst(client.with_token(token))
        # Onpu's word dictionary loads on the first word asked for, longer than a fuzz request's
        # 10 s in a debug build: load it first.
        client.get("/api/onpu/words", params={"q": "hoshi"}, timeout=300)

        r = client.get("/openapi.json")
        if r.status_code != 200:
            print(f"fuzz: no OpenAPI document: {describe(r)}", file=sys.stderr)
            return 1
        paths = r.json().get("paths", {})
        print(f"fuzz: {server.base_url}/openapi.json documents {len(paths)} paths")

        max_examples = os.environ.get("FUZZ_MAX_EXAMPLES", "25")

        def schemathesis_run(token: str, path_filter: list[str], report: str) -> int:
            command = [
                str(schemathesis),
                "run",
                f"{server.base_url}/openapi.json",
                "--url",
                server.base_url,
                "--header",
                f"Authorization: Bearer {token}",
                "--checks",
                CHECKS,
                "--max-examples",
                max_examples,
                *path_filter,
                "--workers",
                os.environ.get("FUZZ_WORKERS", "1"),
                "--request-timeout",
                "10",
                "--generation-database",
                "none",
                "--report",
                "junit",
                "--report-junit-path",
                str(reports / report),
                "--no-color",
            ]
            if os.environ.get("FUZZ_SEED"):
                command += ["--seed", os.environ["FUZZ_SEED"]]
            command += extra_args
            shown = [
                ("Authorization: Bearer …" if a.startswith("Authorization:") else a) for a in command
            ]
            print("fuzz: " + " ".join(shown), flush=True)
            timeout = float(os.environ.get("FUZZ_TIMEOUT", "1200"))
            try:
                result = subprocess.run(
                    command,
                    cwd=workdir,
                    env={
                        **_clean_env(),
                        "SCHEMATHESIS_HOOKS": str(HOOKS),
                        "FUZZ_PATH_IDS": json.dumps(seeded),
                    },
                    stdin=subprocess.DEVNULL,
                    timeout=timeout,
                )
                return result.returncode
            except subprocess.TimeoutExpired:
                print(f"fuzz: schemathesis did not finish within {timeout:.0f}s", file=sys.stderr)
                return 1

        status = schemathesis_run(
            token, ["--exclude-path-regex", EXCLUDE_PATH_REGEX], "fuzz-junit.xml"
        )
        if status == 0 and server.running:
            r = client.signup(unique_email("fuzz-destructive"), "Fuzz Tester")
            if r.status_code != 201:
                print(f"fuzz: could not sign up: {describe(r)}", file=sys.stderr)
                return 1
            status = schemathesis_run(
                r.json()["accessToken"],
                ["--include-path-regex", DESTRUCTIVE_PATH_REGEX],
                "fuzz-destructive-junit.xml",
            )

        if not server.running:
            print("fuzz: the server died during fuzzing", file=sys.stderr)
            print(server.log_tail(80), file=sys.stderr)
            return 1
        r = client.get("/healthz")
        if r.status_code != 200:
            print(f"fuzz: the server is unwell after fuzzing: {describe(r)}", file=sys.stderr)
            status = status or 1
        if status != 0:
            print(server.log_tail(80), file=sys.stderr)
            print(f"fuzz: FAILED (schemathesis exit status {status}); server log: {server.log_path}")
        else:
            print("fuzz: no findings")
        return status
    finally:
        server.stop()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
