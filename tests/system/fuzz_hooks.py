"""Schemathesis hooks for scripts/fuzz-api (loaded through SCHEMATHESIS_HOOKS).

Generated path ids are mostly swapped for ids of records that exist, so Auralyst's routes are
fuzzed past their 404s.

GET /api/events/poll is a long poll: with no new events it holds a request for its `timeout`
query parameter, up to 30 s (25 s when absent). GET /api/events is a stream that lasts until
`maxSeconds` passes, or for ever without it. Capping both at one second keeps 25+ examples
quick while every other generated parameter (cursors, malformed values) goes through.
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
    name = {"/api/events/poll": "timeout", "/api/events": "maxSeconds"}.get(
        operation.path if operation is not None else ""
    )
    if name is None:
        return query
    query = dict(query or {})
    value = query.get(name)
    if value is None or (isinstance(value, int) and not isinstance(value, bool) and value > 1):
        query[name] = 1
    return query
