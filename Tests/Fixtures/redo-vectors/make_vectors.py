"""Writes protocol-vectors.json: Redo protocol cases this project's implementations must agree on.

Each node is signed with the RFC 8032 section 7.1 test-1 key by Python's own RFC 8785 and Ed25519
implementations (rfc8785, cryptography), so a node is refused only for the rule its case names.
Run from the repository root with the test virtualenv: .venv/bin/python Tests/Fixtures/redo-vectors/make_vectors.py
"""

import hashlib
import json
from pathlib import Path

import rfc8785
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

SEED = bytes.fromhex("9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60")
KEY = Ed25519PrivateKey.from_private_bytes(SEED)
PUBLIC = KEY.public_key().public_bytes_raw().hex()
TASK = "550e8400-e29b-41d4-a716-446655440000"
TODO = "3b6f8b9d-c5e4-4a2f-9d7b-1f3a5c8e2b4d"
PARENTS = ["sha256:" + "1" * 64, "sha256:" + "2" * 64]


def node(action, payload, parents=(), lamport=1, wall="2025-10-26T00:00:00.000Z"):
    body = {
        "version": 1,
        "parents": list(parents),
        "timestamp": {"lamport": lamport, "wall": wall},
        "author": {"userId": PUBLIC[:32], "deviceId": "test_device", "publicKey": PUBLIC},
        "action": action,
        "taskId": TASK,
        "data": {"payload": payload},
    }
    canonical = rfc8785.dumps(body)
    return {**body, "id": "sha256:" + hashlib.sha256(canonical).hexdigest(), "signature": KEY.sign(canonical).hex()}


def merge(resolutions):
    return node("MERGE", {"base": PARENTS[0], "resolutions": resolutions}, parents=PARENTS, lamport=5)


def manual(path, value):
    return merge({"task": [{"path": path, "strategy": "manual", "value": value}]})


nodes = [
    ("a CREATE as the spec shows it", node("CREATE", {"title": "Test Task", "priority": 1}), None),
    ("wall time with a lowercase t", node("CREATE", {"title": "Test Task"}, wall="2025-10-26t00:00:00.000Z"), "E_SCHEMA_MISMATCH"),
    ("wall time with a lowercase z", node("CREATE", {"title": "Test Task"}, wall="2025-10-26T00:00:00.000z"), "E_SCHEMA_MISMATCH"),
    ("wall time without milliseconds", node("CREATE", {"title": "Test Task"}, wall="2025-10-26T00:00:00Z"), "E_SCHEMA_MISMATCH"),
    ("a MERGE choosing a title by hand", manual("title", "Buy milk"), None),
    ("a MERGE choosing an empty title", manual("title", ""), "E_SCHEMA_MISMATCH"),
    ("a MERGE choosing priority 99", manual("priority", 99), "E_SCHEMA_MISMATCH"),
    ("a MERGE choosing frequencyDays -5", manual("frequencyDays", -5), "E_SCHEMA_MISMATCH"),
    ("a MERGE choosing a deadline that is no date", merge({"todos": [{"todoTaskId": TODO, "fields": [{"path": "deadline", "strategy": "manual", "value": "soon"}]}]}), "E_SCHEMA_MISMATCH"),
    # KELVIN SIGN (U+212A) is canonically equivalent to K, but is another key by code units.
    ("a MERGE whose resolutions name tas\u212a, not task", merge({"tas\u212a": [{"path": "title", "strategy": "manual", "value": "Milk"}]}), "E_SCHEMA_MISMATCH"),
    ("a payload with a decomposed e-acute key beside title", node("CREATE", {"title": "Test Task", "e\u0301": 1}), "E_SCHEMA_MISMATCH"),
]


# --- Replays: node sets that both replays must judge alike (graph rules and state) ------------

TODO2 = "6a1f0c2e-4b7d-4e8a-9c3f-2d5e7a9b1c40"
TODO3 = "9e4d2b1a-7c6f-4a3e-8b2d-5f1e0c9a7b36"
ABSENT = "0d3c9b8a-1e2f-4a5b-8c6d-7e8f9a0b1c2d"


def wall(second):
    return f"2025-10-26T00:00:{second:02d}.000Z"


def after(action, payload, *parents, second):
    lamport = max(parent["timestamp"]["lamport"] for parent in parents) + 1
    return node(action, payload, parents=[parent["id"] for parent in parents], lamport=lamport, wall=wall(second))


def todo(todo_id, deadline):
    return {"id": todo_id, "deadline": deadline}


def done(todo_id, deadline, completed):
    return {"id": todo_id, "deadline": deadline, "completed": completed}


CREATE = node("CREATE", {"title": "Water the plants", "frequencyDays": 7}, wall=wall(0))
FIRST = after("CREATE_TODO", {"todoTaskId": TODO, "deadline": "2025-11-02T00:00:00.000Z"}, CREATE, second=1)

# A recurring task forks: one device completes the todo and schedules the next; another edits
# twice. A device holding both heads acts on the next todo from the more recent head (the edits,
# later in the total order) and writes no MERGE: the todo's CREATE_TODO is on the other branch.
COMPLETED = after("COMPLETE_TODO", {"todoTaskId": TODO, "completed": "2025-10-27T00:00:00.000Z"}, FIRST, second=2)
NEXT = after("CREATE_TODO", {"todoTaskId": TODO2, "deadline": "2025-11-03T00:00:00.000Z"}, COMPLETED, second=3)
EDIT = after("UPDATE", {"priority": 4}, FIRST, second=4)
EDIT_AGAIN = after("UPDATE", {"title": "Water the plants on the balcony"}, EDIT, second=5)
assert (NEXT["timestamp"]["lamport"], NEXT["timestamp"]["wall"]) < (EDIT_AGAIN["timestamp"]["lamport"], EDIT_AGAIN["timestamp"]["wall"])
ACROSS_COMPLETE = after("COMPLETE_TODO", {"todoTaskId": TODO2, "completed": "2025-10-28T00:00:00.000Z"}, EDIT_AGAIN, second=6)
ACROSS_SNOOZE = after("SNOOZE", {"todoTaskId": TODO2, "daysToExtend": 2}, EDIT_AGAIN, second=6)
FORK = [CREATE, FIRST, COMPLETED, NEXT, EDIT, EDIT_AGAIN]
FIRST_DONE = done(TODO, "2025-11-02T00:00:00.000Z", "2025-10-27T00:00:00.000Z")

# A completion concurrent with the todo's CREATE_TODO and before it in the total order: when
# replay reaches it, the todo does not exist yet.
EARLY_COMPLETE = after("COMPLETE_TODO", {"todoTaskId": TODO3, "completed": "2025-10-27T00:00:00.000Z"}, FIRST, second=2)
LATE_TODO = after("CREATE_TODO", {"todoTaskId": TODO3, "deadline": "2025-11-09T00:00:00.000Z"}, FIRST, second=3)

# A todo no node ever created, and a node written after that completion.
NOWHERE = after("COMPLETE_TODO", {"todoTaskId": ABSENT, "completed": "2025-10-27T00:00:00.000Z"}, FIRST, second=2)
AFTER_NOWHERE = after("UPDATE", {"priority": 2}, NOWHERE, second=3)

# A fork joined by a MERGE, then deleted: its deletedChain lists every ancestor of the MERGE,
# one path from the CREATE to it, or something else.
LEFT = after("UPDATE", {"title": "Water the plants daily"}, FIRST, second=2)
RIGHT = after("UPDATE", {"priority": 5}, FIRST, second=3)
JOINED = after("MERGE", {"base": FIRST["id"]}, LEFT, RIGHT, second=4)
MERGED = [CREATE, FIRST, LEFT, RIGHT, JOINED]


def delete(head, *chain, second=5):
    return after("DELETE", {"deletedChain": sorted(n["id"] for n in chain)}, head, second=second)


OPEN_FIRST = [todo(TODO, "2025-11-02T00:00:00.000Z")]
replays = [
    ("a COMPLETE_TODO of a todo made on another branch, without a MERGE", FORK + [ACROSS_COMPLETE], {},
     {"todos": [FIRST_DONE, done(TODO2, "2025-11-03T00:00:00.000Z", "2025-10-28T00:00:00.000Z")]}),
    ("a SNOOZE of a todo made on another branch, without a MERGE", FORK + [ACROSS_SNOOZE], {},
     {"todos": [FIRST_DONE, todo(TODO2, "2025-11-05T00:00:00.000Z")]}),
    ("a COMPLETE_TODO before its todo's CREATE_TODO in the total order", [CREATE, FIRST, EARLY_COMPLETE, LATE_TODO],
     {EARLY_COMPLETE["id"]: "E_INVALID_TODO_REF"},
     {"todos": OPEN_FIRST + [todo(TODO3, "2025-11-09T00:00:00.000Z")]}),
    ("a COMPLETE_TODO of a todo that exists nowhere, and its child", [CREATE, FIRST, NOWHERE, AFTER_NOWHERE],
     {NOWHERE["id"]: "E_INVALID_TODO_REF", AFTER_NOWHERE["id"]: "E_INVALID_TODO_REF"}, {"todos": OPEN_FIRST}),
    ("a DELETE whose deletedChain lists every ancestor of a MERGE", MERGED + [delete(JOINED, *MERGED)], {}, None),
    ("a DELETE whose deletedChain is one path from the CREATE to a MERGE, which ends the whole branch",
     MERGED + [delete(JOINED, CREATE, FIRST, LEFT, JOINED)], {}, None),
]
for name, chain in [
    ("a DELETE whose deletedChain skips a node of its path", (CREATE, FIRST, JOINED)),
    ("a DELETE whose deletedChain stops short of the deleted head", (CREATE, FIRST, LEFT)),
    ("a DELETE whose deletedChain lists a node off the deleted branch", (CREATE, FIRST, LEFT, RIGHT)),
]:
    head = LEFT if name.endswith("off the deleted branch") else JOINED
    bad = delete(head, *chain)
    replays.append((name, MERGED + [bad], {bad["id"]: "E_MISSING_DELETED_CHAIN"}, {"todos": OPEN_FIRST}))

canonical = [
    ("precomposed and decomposed e-acute are two keys, in code-unit order", '{"\\u00e9":1,"e\\u0301":2}', '{"e\u0301":2,"\u00e9":1}'),
    ("KELVIN SIGN and K are two keys", '{"\\u212a":1,"K":2}', '{"K":2,"\u212a":1}'),
    ("a key beyond the BMP sorts by its surrogates", '{"\\ud83d\\ude00":1,"\\uffff":2}', '{"\U0001f600":1,"\uffff":2}'),
]
duplicates = [
    ("the same precomposed key twice", '{"\\u00e9":1,"\u00e9":2}'),
]

for name, text, expected in canonical:
    assert rfc8785.dumps(json.loads(text)).decode() == expected, name

out = {
    "about": "Generated by make_vectors.py; see its docstring. Keys in code-unit order.",
    "canonical": [{"name": n, "input": i, "canonical": c} for n, i, c in canonical],
    "duplicateKeys": [{"name": n, "input": i} for n, i in duplicates],
    "nodes": [{"name": n, "node": v, "code": c} for n, v, c in nodes],
    "replays": [
        {"name": n, "nodes": v, "rejected": r, "task": t, "deleted": t is None}
        for n, v, r, t in replays
    ],
}
path = Path(__file__).with_name("protocol-vectors.json")
path.write_text(json.dumps(out, ensure_ascii=False, indent=1, sort_keys=True) + "\n")
