import CanonicalJSON
import HearthOpenAPI
import HearthPlatform
import HearthTesting
import Testing

/// The schema check every API test's client runs: it must find each kind of mismatch.
@Suite struct SchemaCheckTests {
  static let thing = Schemas.object(
    [
      ("name", ["type": "string", "minLength": 1, "maxLength": 5]),
      ("count", ["type": "integer", "minimum": 0]),
      ("kind", ["type": "string", "enum": ["a", "b"]]),
      ("at", Schemas.dateTime), ("note", Schemas.nullableString),
      ("tags", ["type": "array", "maxItems": 2, "items": Schemas.string]),
    ], required: ["name", "count"])

  @Test func aValueThatFitsHasNoProblems() {
    let value: JSON = [
      "name": "ab", "count": 3, "kind": "a", "at": "2026-01-02T03:04:05.123Z", "note": nil,
      "tags": ["x"],
    ]
    #expect(JSONSchemaCheck.problems(value, Self.thing) == [])
  }

  @Test func eachBrokenRuleIsNamedWithWhereItIs() {
    let value: JSON = [
      "count": 1.5, "kind": "c", "at": "yesterday", "note": 3, "tags": ["x", 2, "z"],
    ]
    #expect(
      JSONSchemaCheck.problems(value, Self.thing) == [
        "$: \"name\" is required",
        "$.at: \"yesterday\" is not an RFC 3339 date-time",
        "$.count: expected integer, got 1.5",
        #"$.kind: "c" is not one of "a", "b""#,
        "$.note: expected string or null, got 3",
        "$.tags: 3 items, at most 2 documented",
        "$.tags[1]: expected string, got 2",
      ])
    #expect(
      JSONSchemaCheck.problems(["name": "", "count": -1], Self.thing) == [
        "$.count: -1 is below the minimum 0", "$.name: 0 characters, at least 1 documented",
      ])
    #expect(
      JSONSchemaCheck.problems(["x": 1], ["type": "object", "additionalProperties": false])
        == ["$: \"x\" is not a documented property"])
  }

  @Test func answersAreCheckedAgainstTheOperationTheRouterPicks() {
    let operations = [
      APIOperation(
        .get, "/api/things/:id", summary: "A thing", tag: "t", responses: [(200, Self.thing)],
        errors: [404]),
      APIOperation(
        .get, "/api/things/new", summary: "A blank thing", tag: "t", responses: [(204, nil)]),
    ]
    func problems(_ uri: String, _ status: Int, _ body: String, type: String = "application/json")
      -> [String]
    {
      SchemaCheckedClient.problems(
        .get, uri, status: status, contentType: type, body: body, operations: operations)
    }
    #expect(problems("/api/things/7?full=1", 200, #"{"name":"ab","count":1}"#) == [])
    #expect(
      problems("/api/things/7", 200, #"{"name":"ab"}"#)
        == [#"GET /api/things/:id answered 200: $: "count" is required"#])
    #expect(
      problems("/api/things/7", 200, "<p>hi</p>", type: "text/html")
        == ["GET /api/things/:id answered 200 with text/html, documented as application/json"])
    #expect(
      problems("/api/things/7", 200, "{")
        .allSatisfy {
          $0.hasPrefix("GET /api/things/:id answered 200 with a body that is not JSON")
        })
    #expect(
      problems("/api/things/7", 404, #"{"error":{"code":"not_found","message":"No thing."}}"#)
        == [])
    #expect(
      problems("/api/things/7", 404, #"{"message":"No thing."}"#)
        == [#"GET /api/things/:id answered 404: $: "error" is required"#])
    // Not signed in is documented for every authenticated operation
    #expect(
      problems("/api/things/7", 401, #"{"error":{"code":"unauthorized","message":"Log in."}}"#)
        == [])
    #expect(
      problems("/api/things/7", 500, "{}")
        == ["GET /api/things/:id answered 500, a status /openapi.json does not list for it"])
    // The literal path is another operation, with no body
    #expect(problems("/api/things/new", 204, "") == [])
    #expect(
      problems("/api/things/new", 204, "{}")
        == ["GET /api/things/new answered 204 with a body where none is documented"])
    // Routes that are not documented are not checked
    #expect(problems("/redo", 200, "<html>", type: "text/html") == [])
  }
}
