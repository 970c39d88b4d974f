"""`redo debug canonical` against an independent RFC 8785 implementation (the rfc8785 package)."""

from __future__ import annotations

import json
import math
import random
import struct
import sys

import rfc8785

from redo_cli import RedoHome

DOCUMENTS = 10_000


def random_double(rng: random.Random) -> float:
    kind = rng.randrange(6)
    if kind == 0:  # any bit pattern: normals, subnormals, huge and tiny
        while True:
            value = struct.unpack("<d", rng.getrandbits(64).to_bytes(8, "little"))[0]
            if math.isfinite(value):
                return value
    if kind == 1:  # subnormals
        return struct.unpack("<d", (rng.getrandbits(52) | (rng.getrandbits(1) << 63)).to_bytes(8, "little"))[0]
    if kind == 2:
        return rng.choice([0.0, -0.0, 5e-324, -5e-324, 1.7976931348623157e308, 2.2250738585072014e-308, 1e21, 1e-7])
    if kind == 3:  # decimals people write
        return round(rng.uniform(-1e6, 1e6), rng.randrange(0, 8))
    if kind == 4:  # integers held as doubles, past 2^53 too
        return float(rng.randrange(-(2**70), 2**70))
    return rng.choice([10.0, 0.1]) ** rng.randrange(-30, 30)


def random_scalar(rng: random.Random) -> str:
    while True:
        band = rng.randrange(4)
        code = [rng.randrange(0x80), rng.randrange(0x80, 0x800), rng.randrange(0x800, 0x10000), rng.randrange(0x10000, 0x110000)][band]
        if not 0xD800 <= code <= 0xDFFF:
            return chr(code)


def random_string(rng: random.Random) -> str:
    return "".join(random_scalar(rng) for _ in range(rng.randrange(0, 12)))


def random_value(rng: random.Random, depth: int) -> object:
    kind = rng.randrange(8 if depth < 8 else 5)
    if kind == 0:
        return rng.choice([None, True, False])
    if kind == 1:
        return rng.randrange(-(2**53) + 1, 2**53)
    if kind in (2, 3):
        return random_double(rng)
    if kind == 4:
        return random_string(rng)
    if kind in (5, 6):
        return {random_string(rng): random_value(rng, depth + 1) for _ in range(rng.randrange(0, 6))}
    return [random_value(rng, depth + 1) for _ in range(rng.randrange(0, 6))]


def deep(rng: random.Random, depth: int) -> object:
    value: object = random_value(rng, 8)
    for level in range(depth):
        value = {random_string(rng): value, "level": level} if level % 2 else [value, random_double(rng)]
    return value


def every_scalar_document() -> object:
    scalars = [chr(c) for c in range(0x110000) if not 0xD800 <= c <= 0xDFFF]
    chunks = ["".join(scalars[i : i + 4096]) for i in range(0, len(scalars), 4096)]
    # As values and as keys, so that UTF-16 key order is tested across every plane
    return {"values": chunks, "keys": {chunk[:3] + str(i): i for i, chunk in enumerate(chunks)}}


def test_canonical_form_matches_rfc8785_package() -> None:
    sys.setrecursionlimit(20_000)
    rng = random.Random(8785)
    documents: list[object] = [random_value(rng, 0) for _ in range(DOCUMENTS - 21)]
    documents += [deep(rng, depth) for depth in range(10, 210, 10)]
    documents.append(every_scalar_document())
    assert len(documents) == DOCUMENTS
    lines = [json.dumps(doc, ensure_ascii=bool(i % 2), separators=(",", ":") if i % 3 else (", ", ": ")) for i, doc in enumerate(documents)]

    home = RedoHome.fresh("canonical")
    output = home.run("debug", "canonical", "--lines", stdin="\n".join(lines) + "\n").stdout.split(b"\n")
    assert output[-1] == b""
    results = output[:-1]
    assert len(results) == DOCUMENTS

    mismatches = [(i, lines[i][:200]) for i, doc in enumerate(documents) if results[i] != rfc8785.dumps(doc)]
    assert not mismatches, mismatches[:5]
    assert sum(len(line) for line in results) > 5_000_000


def test_rejections_are_explained() -> None:
    home = RedoHome.fresh("canonical")
    for text, message in [
        ('{"a":1,"a":2}', b'duplicate object key "a"'),
        ('["\\ud800"]', b"lone UTF-16 surrogate"),
        ("[1e400]", b"outside I-JSON's range"),
        ("[NaN]", b"unexpected character 'N'"),
        ("[1,", b"unexpected end of input"),
    ]:
        result = home.run("debug", "canonical", stdin=text, check=False)
        assert result.returncode == 1 and message in result.stderr, (text, result.stderr)
