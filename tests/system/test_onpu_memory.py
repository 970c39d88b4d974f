"""Onpu's dictionaries load on first use, not at start, and EDICT is read in place from a
prepared file mapped read-only: a `serve` process's anonymous memory stays small before and
after its first lyrics analysis and word search, the dictionary's pages counted as file-backed
(shared with every other process that maps them)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from hearth_harness import describe, json_of, make_workdir, unique_email
from test_onpu import LYRICS, wait_for


def memory(pid: int) -> dict[str, int]:
    """VmRSS, RssAnon and RssFile of a process, in MiB."""
    fields = {}
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        name, _, value = line.partition(":")
        if name in ("VmRSS", "RssAnon", "RssFile"):
            fields[name] = int(value.split()[0]) // 1024
    return fields


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc/PID/status")
@pytest.mark.timeout(300)
def test_the_dictionaries_load_on_first_use_into_shared_mapped_pages(start_server) -> None:
    cache = make_workdir("onpu-dictionary-cache")
    server = start_server("sqlite", extra_env={"ONPU_CACHE_DIR": str(cache)})
    pid = server.proc.pid
    idle = memory(pid)
    assert idle["RssAnon"] < 60, f"idle before any Onpu use: {idle}"
    assert not list(cache.glob("*.prepared")), "nothing is prepared before first use"

    client = server.client()
    r = client.signup(unique_email("onpu"), "Onpu memory")
    assert r.status_code == 201, describe(r)
    client = client.with_token(json_of(r)["accessToken"])
    r = client.post("/v1/jobs", json={"title": "故郷", "artist": "", "lyrics": LYRICS})
    assert r.status_code == 200, describe(r)
    wait_for(client, json_of(r)["jobId"], lambda job: job["status"] == "succeeded", timeout=120)
    r = client.get("/api/onpu/words", params={"q": "hoshi"}, timeout=120)
    assert r.status_code == 200 and json_of(r)["words"][0]["word"] == "星", describe(r)

    used = memory(pid)
    assert used["RssAnon"] < 100, f"after the first analysis and word search: {used}"
    prepared = list(cache.glob("edict-*.prepared"))
    assert len(prepared) == 1, prepared
    # EDICT's prepared copy is mapped, not copied: its pages count as file-backed.
    mapped_mib = prepared[0].stat().st_size // (1024 * 1024)
    assert used["RssFile"] - idle["RssFile"] >= mapped_mib // 2, f"{idle} then {used}"
