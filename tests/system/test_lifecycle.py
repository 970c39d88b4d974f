"""The process lifecycle: a restart keeps data, and SIGTERM is a clean, successful shutdown."""

from __future__ import annotations

from hearth_harness import describe, json_of, unique_email


def test_sigterm_exits_cleanly_and_restart_keeps_data(server) -> None:
    c = server.client()
    email = unique_email("life")
    r = c.signup(email, "Lifecycle")
    assert r.status_code == 201, describe(r)

    status = server.stop(timeout=15)
    assert status == 0, (
        f"hearth serve exited with status {status} after SIGTERM; a graceful shutdown exits 0\n"
        + server.log_tail(15)
    )

    server.start()
    r = server.client().login(email)
    assert r.status_code == 200, describe(r)
    assert json_of(r)["user"]["displayName"] == "Lifecycle"
