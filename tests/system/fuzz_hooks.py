"""Schemathesis hooks for scripts/fuzz-api (loaded through SCHEMATHESIS_HOOKS).

GET /api/events/poll is a long poll: with no new events it holds a request for its `timeout`
query parameter, up to 30 s (25 s when absent). GET /api/events is a stream that lasts until
`maxSeconds` passes, or for ever without it. Capping both at one second keeps 25+ examples
quick while every other generated parameter (cursors, malformed values) goes through.
"""

import schemathesis


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
