"""Thousands of live streams on one server, bursts of events: every stream gets every event.

Each stream is a raw loopback socket read by asyncio (one process, no thread per stream). The
events are account changes written through the API in concurrent bursts; after each burst every
stream must have the burst's last event within a few seconds (a stream that slept through a
wake-up would wait for its 15 s keep-alive), and at the end each stream's sequence numbers must
equal the events the long-poll endpoint lists: all of them, in order, exactly once.
"""

from __future__ import annotations

import asyncio
import json
import os
import resource
import socket
import time

import pytest

from hearth_harness import describe, json_of, unique_email

STREAMS = 2000
BURSTS = 6
EVENTS_PER_BURST = 12
# Well under the streams' 15 s keep-alive, and well over a healthy delivery.
BURST_DEADLINE = 8.0
OPEN_WAVE = 250


def raise_open_file_limit(needed: int) -> None:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard != resource.RLIM_INFINITY and hard < needed:
        pytest.skip(f"the open-file limit is {hard}; {STREAMS} streams need {needed}")
    if soft == resource.RLIM_INFINITY or soft < needed:
        # The server started after this inherits the limit too.
        resource.setrlimit(resource.RLIMIT_NOFILE, (needed, hard))


class Stream:
    """One GET /api/events over a raw socket, its chunked body decoded, its ids collected."""

    def __init__(self, port: int, token: str, after: int) -> None:
        self.port = port
        self.token = token
        self.after = after
        self.ids: list[int] = []
        self.connected = asyncio.Event()
        self.error: str | None = None
        self.task: asyncio.Task[None] | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def run(self) -> None:
        try:
            reader, self.writer = await asyncio.open_connection("127.0.0.1", self.port)
            self.writer.write(
                (
                    f"GET /api/events?after={self.after} HTTP/1.1\r\n"
                    f"Host: 127.0.0.1:{self.port}\r\nAccept: text/event-stream\r\n"
                    f"Authorization: Bearer {self.token}\r\n\r\n"
                ).encode()
            )
            head = await reader.readuntil(b"\r\n\r\n")
            status = head.split(b"\r\n", 1)[0]
            if b" 200 " not in status + b" ":
                self.error = f"answered {status.decode()}"
                return
            if b"chunked" not in head.lower():
                self.error = f"not chunked: {head.decode()}"
                return
            pending = b""
            while True:
                size = int((await reader.readuntil(b"\r\n")).strip().split(b";")[0], 16)
                if size == 0:
                    self.error = "the stream ended"
                    return
                pending += await reader.readexactly(size)
                await reader.readexactly(2)
                *lines, pending = pending.split(b"\n")
                for line in lines:
                    if line == b": connected":
                        self.connected.set()
                    elif line.startswith(b"id: "):
                        self.ids.append(int(line[4:]))
        except (OSError, asyncio.IncompleteReadError, ValueError) as exc:
            self.error = repr(exc)
        finally:
            self.connected.set()

    def close(self) -> None:
        if self.task is not None:
            self.task.cancel()
        if self.writer is not None:
            self.writer.close()


async def http(
    port: int, method: str, path: str, token: str, body: dict | None = None
) -> tuple[int, bytes]:
    """One request on its own connection; returns (status, body)."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    try:
        data = json.dumps(body).encode() if body is not None else b""
        writer.write(
            (
                f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n"
                f"Authorization: Bearer {token}\r\nContent-Type: application/json\r\n"
                f"Content-Length: {len(data)}\r\n\r\n"
            ).encode()
            + data
        )
        response = await asyncio.wait_for(reader.read(), timeout=30)
        head, _, rest = response.partition(b"\r\n\r\n")
        return int(head.split(b" ", 2)[1]), rest
    finally:
        writer.close()


async def visible(port: int, token: str, after: int) -> list[int]:
    """The sequences of every event after `after` the account may see, from the long poll."""
    sequences: list[int] = []
    while True:
        status, body = await http(port, "GET", f"/api/events/poll?after={after}&timeout=0", token)
        assert status == 200, body
        page = json.loads(body)
        if not page["events"]:
            return sequences
        sequences += [event["sequence"] for event in page["events"]]
        after = page["cursor"]


async def follow(port: int, token: str, after: int) -> None:
    streams = [Stream(port, token, after) for _ in range(STREAMS)]
    try:
        for wave in range(0, STREAMS, OPEN_WAVE):
            opening = streams[wave : wave + OPEN_WAVE]
            for stream in opening:
                stream.task = asyncio.create_task(stream.run())
            await asyncio.wait_for(
                asyncio.gather(*(stream.connected.wait() for stream in opening)), timeout=60
            )
        failed = [stream.error for stream in streams if stream.error]
        assert not failed, f"{len(failed)} of {STREAMS} streams did not open: {failed[:3]}"

        for burst in range(BURSTS):
            writes = await asyncio.gather(
                *(
                    http(port, "PATCH", "/api/me", token, {"displayName": f"Burst {burst}.{n}"})
                    for n in range(EVENTS_PER_BURST)
                )
            )
            assert all(status in (200, 204) for status, _ in writes), writes
            newest = (await visible(port, token, after))[-1]
            started = time.monotonic()
            while time.monotonic() - started < BURST_DEADLINE:
                behind = [s for s in streams if not s.ids or s.ids[-1] < newest]
                if not behind:
                    break
                await asyncio.sleep(0.05)
            late = [s for s in streams if not s.ids or s.ids[-1] < newest]
            assert not late, (
                f"burst {burst + 1}: {len(late)} of {STREAMS} streams lack event {newest} "
                f"{BURST_DEADLINE:.0f} s after it was written; one has "
                f"{late[0].ids[-5:]} (error {late[0].error!r})"
            )

        expected = await visible(port, token, after)
        written = BURSTS * EVENTS_PER_BURST
        assert len(expected) >= written, f"the long poll lists {len(expected)} of {written} writes"
        wrong = [s for s in streams if s.ids != expected]
        assert not wrong, (
            f"{len(wrong)} of {STREAMS} streams did not get every event once, in order; "
            f"expected {len(expected)} events, one stream got {len(wrong[0].ids)}: "
            f"missing {sorted(set(expected) - set(wrong[0].ids))[:5]}, "
            f"duplicated {sorted({i for i in wrong[0].ids if wrong[0].ids.count(i) > 1})[:5]}, "
            f"in order {wrong[0].ids == sorted(wrong[0].ids)}"
        )
    finally:
        for stream in streams:
            stream.close()
        await asyncio.gather(*(s.task for s in streams if s.task), return_exceptions=True)


@pytest.mark.timeout(240)
def test_every_stream_gets_every_event_once_in_order(backend, start_server) -> None:
    raise_open_file_limit(2 * STREAMS + 1024)
    server = start_server(
        backend,
        extra_env={
            "HEARTH_STREAMS_PER_ACCOUNT": str(STREAMS + 10),
            "HEARTH_CONNECTIONS_PER_ADDRESS": str(STREAMS + 100),
        },
    )
    r = server.client().signup(unique_email("streams"), "Streams")
    assert r.status_code == 201, describe(r)
    token = json_of(r)["accessToken"]
    r = server.client().with_token(token).get("/api/events/poll?timeout=0")
    assert r.status_code == 200, describe(r)
    started = time.monotonic()
    asyncio.run(follow(server.port, token, json_of(r)["cursor"]))
    seconds = time.monotonic() - started
    print(f"{STREAMS} streams, {BURSTS * EVENTS_PER_BURST} events: {seconds:.1f} s")


PAUSED_EVENTS = 480


def cpu_seconds(pid: int) -> float:
    fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def pause_and_resume(server, token: str, after: int) -> None:
    """A reader that stops (a tiny receive window, the head and the first line read, then
    nothing) while its events are written: what the hub writes waits in the kernel's buffers,
    and the stream must neither lose an event nor spin (DirectStreamTests covers a connection
    whose buffers are full)."""
    paused = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    paused.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    paused.connect(("127.0.0.1", server.port))
    paused.sendall(
        (
            f"GET /api/events?after={after} HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\n"
            f"Accept: text/event-stream\r\nAuthorization: Bearer {token}\r\n\r\n"
        ).encode()
    )
    received = b""
    while b": connected" not in received:
        received += paused.recv(4096)
    reading = Stream(server.port, token, after)
    reading.task = asyncio.create_task(reading.run())
    try:
        await asyncio.wait_for(reading.connected.wait(), timeout=30)
        for start in range(0, PAUSED_EVENTS, 32):
            writes = await asyncio.gather(
                *(
                    http(server.port, "PATCH", "/api/me", token, {"displayName": f"Pause {n}"})
                    for n in range(start, start + 32)
                )
            )
            assert all(status in (200, 204) for status, _ in writes), writes
        expected = await visible(server.port, token, after)
        assert len(expected) >= PAUSED_EVENTS

        # The reader that reads gets everything while the other is paused.
        started = time.monotonic()
        while reading.ids != expected and time.monotonic() - started < BURST_DEADLINE:
            await asyncio.sleep(0.05)
        assert reading.ids == expected, f"the reading stream has {len(reading.ids)} of {len(expected)}"

        # A paused stream waits for its reader: it does not spin.
        before = cpu_seconds(server.proc.pid)
        await asyncio.sleep(2)
        spent = cpu_seconds(server.proc.pid) - before
        assert spent < 1.0, f"the server spent {spent:.2f} s of CPU in 2 s with a stream paused"

        # Read again: every event, once, in order.
        paused.setblocking(False)
        loop = asyncio.get_running_loop()
        started = time.monotonic()
        ids: list[int] = []
        while ids != expected and time.monotonic() - started < 30:
            try:
                chunk = await asyncio.wait_for(loop.sock_recv(paused, 65536), timeout=1)
            except asyncio.TimeoutError:
                continue
            assert chunk, "the server closed the paused stream"
            received += chunk
            ids = [int(line[4:]) for line in received.split(b"\n")[:-1] if line.startswith(b"id: ")]
        assert ids == expected, (
            f"the paused stream got {len(ids)} of {len(expected)}: in order {ids == sorted(ids)}, "
            f"duplicates {len(ids) - len(set(ids))}"
        )
    finally:
        reading.close()
        paused.close()


@pytest.mark.timeout(120)
def test_a_stream_whose_reader_pauses_gets_every_event_when_it_reads_again(backend, start_server) -> None:
    server = start_server(backend)
    r = server.client().signup(unique_email("pause"), "Pause")
    assert r.status_code == 201, describe(r)
    token = json_of(r)["accessToken"]
    r = server.client().with_token(token).get("/api/events/poll?timeout=0")
    assert r.status_code == 200, describe(r)
    asyncio.run(pause_and_resume(server, token, json_of(r)["cursor"]))
