"""Schemathesis hooks for scripts/fuzz-api (loaded through SCHEMATHESIS_HOOKS).

GET /api/events/poll is a long poll: with no new events it holds a request for its `timeout`
query parameter, up to 30 s (25 s when absent). Capping the wait at one second keeps 25+
examples quick while every other generated parameter (cursors, malformed values) goes through.
"""

import schemathesis


@schemathesis.hook
def map_query(context, query):
    operation = context.operation
    if operation is None or operation.path != "/api/events/poll":
        return query
    query = dict(query or {})
    timeout = query.get("timeout")
    if timeout is None or (isinstance(timeout, int) and not isinstance(timeout, bool) and timeout > 1):
        query["timeout"] = 1
    return query
