"""Schemathesis hooks for scripts/fuzz-api (loaded through SCHEMATHESIS_HOOKS).

Generated path ids are mostly swapped for ids of records that exist, so Auralyst's routes are
fuzzed past their 404s.

GET /api/events/poll and Onpu's GET /v1/jobs/pending/longpoll are long polls: with nothing new
they hold a request for their `timeout` query parameter, up to 30 s (25 s and 20 s when absent). GET /api/events is a stream that lasts until
`maxSeconds` passes, or for ever without it. Capping both at one second keeps 25+ examples
quick while every other generated parameter (cursors, malformed values) goes through.

A third of the generated JSON bodies carry hostile text in their first string field (NUL, a
lone surrogate, a direction override, 200,000 characters), so every route's input limits are
fuzzed too.
"""

import json
import os
import zlib

import schemathesis

# Ids of records that exist (fuzz_api.seed_auralyst); three generated paths in four use them.
PATH_IDS = json.loads(os.environ.get("FUZZ_PATH_IDS", "{}"))


@schemathesis.hook
def map_path_parameters(context, path_parameters):
    operation = context.operation
    if operation is None or not path_parameters:
        return path_parameters
    # Deleting the seeded journal would leave every later case at its 404.
    if operation.method.upper() == "DELETE" and operation.path == "/api/auralyst/journals/{journalId}":
        return path_parameters
    mapped = dict(path_parameters)
    for name, value in path_parameters.items():
        if name in PATH_IDS and zlib.crc32(repr(value).encode()) % 4 != 0:
            mapped[name] = PATH_IDS[name]
    return mapped


@schemathesis.hook
def map_query(context, query):
    operation = context.operation
    name = {
        "/api/events/poll": "timeout",
        "/api/events": "maxSeconds",
        "/v1/jobs/pending/longpoll": "timeout",
    }.get(
        operation.path if operation is not None else ""
    )
    if name is None:
        return query
    query = dict(query or {})
    value = query.get(name)
    if value is None or (isinstance(value, int) and not isinstance(value, bool) and value > 1):
        query[name] = 1
    return query


# Text that every string field must refuse or keep safely: NUL, a lone surrogate (sent as the
# JSON escape \ud800), a right-to-left override, and a very long run. One generated body in
# three gets one of them in its first string field; the checks then require a documented
# answer (a 400, never a 500).
HOSTILE_TEXT = ["a\u0000b", "\ud800", "Ann\u202egnp.exe", "x" * 200_000]


@schemathesis.hook
def map_body(context, body):
    if not isinstance(body, dict) or not body:
        return body
    digest = zlib.crc32(json.dumps(body, sort_keys=True, default=str).encode("utf-8", "surrogatepass"))
    if digest % 3 != 0:
        return body
    for key, value in body.items():
        if isinstance(value, str):
            mapped = dict(body)
            mapped[key] = HOSTILE_TEXT[digest % len(HOSTILE_TEXT)]
            return mapped
    return body
