import CanonicalJSON
import Foundation
import HTTPTypes
import HearthPlatform
import HearthServer
import HearthTesting
import Hummingbird
import Testing

/// Every door has the same limits: bodies over the limit answer 413, on pages as on the API,
/// and every documented JSON body refuses deep nesting, NUL, lone surrogates and fields longer
/// than documented, each with a 400 that names the field.
@Suite struct InputLimitsTests {
  static func path(_ template: String) -> String {
    template.split(separator: "/", omittingEmptySubsequences: false)
      .map { $0.hasPrefix(":") ? "00000000-0000-4000-8000-000000000099" : String($0) }
      .joined(separator: "/")
  }

  @Test func everyBodyOverTheLimitAnswers413() async throws {
    let server = try await TestServer()
    let (router, operations) = server.app.buildRouter()
    // Every page form is read (for its CSRF token); an API route, when it documents a body
    let readsBody = { (method: HTTPRequest.Method, path: String) in
      !path.hasPrefix("/api/") && !path.hasPrefix("/v1/")
        || operations.contains {
          $0.method == method && $0.path == path
            && ($0.requestBody != nil || !$0.requestContent.isEmpty)
        }
    }
    let writes = router.routes.filter { [.post, .put, .patch].contains($0.method) }
      .filter { readsBody($0.method, "\($0.path)") }
      .map { ($0.method, Self.path("\($0.path)")) }
    try await server.run(schemaChecked: false) { client in
      let ann = try await client.signup("ann@example.com", name: "Ann")
      let page = try await client.raw(.get, "/login")
      let csrf = try #require(WebFlowTests.cookies(page)["hearth_csrf"])
      let hugeJSON = Data(("{\"x\":\"" + String(repeating: "a", count: 40 << 20) + "\"}").utf8)
      let hugeForm = Data(("x=" + String(repeating: "a", count: 40 << 20)).utf8)
      var answers: [String: [String]] = [:]
      for (method, path) in writes {
        let reply: JSONReply
        if path.hasPrefix("/api/") || path.hasPrefix("/v1/") {
          reply = try await client.raw(
            method, path, body: hugeJSON,
            headers: [.contentType: "application/json", .authorization: "Bearer \(ann.access)"])
        } else {
          reply = try await client.raw(
            method, path, body: hugeForm,
            headers: [
              .contentType: "application/x-www-form-urlencoded", .cookie: "hearth_csrf=\(csrf)",
            ])
        }
        answers["\(reply.status)", default: []].append("\(method) \(path)")
      }
      // A route that looks its record up first answers 404 for the made-up id; none reads
      // past its limit or fails
      let statuses = Set(answers.keys)
      #expect(
        statuses.isSubset(of: ["413", "404"]),
        "\(answers.filter { !["413", "404"].contains($0.key) })")
      #expect((answers["413"] ?? []).count > 25, "\(answers)")
      #expect((answers["413"] ?? []).contains("POST /login"))
    }
  }

  /// A body for `operation` breaking one limit, with the field the answer must name.
  static func hostileBodies(_ schema: JSON) -> [(what: String, body: String, field: String?)] {
    var bodies: [(String, String, String?)] = [
      (
        "nested 40 deep",
        "{\"x\":" + String(repeating: "[", count: 40) + String(repeating: "]", count: 40) + "}", nil
      ),
      ("a lone surrogate", #"{"x":"\ud800"}"#, nil),
      ("a duplicate key", #"{"x":1,"x":2}"#, nil),
    ]
    for (name, property) in (schema["properties"]?.objectValue ?? [:]).sorted(by: {
      $0.key < $1.key
    }) {
      let types =
        property["type"]?.stringValue.map { [$0] }
        ?? property["type"]?.arrayValue?.compactMap(\.stringValue) ?? []
      guard types.contains("string") else { continue }
      bodies.append(("NUL in \(name)", "{\"\(name.string)\":\"a\\u0000b\"}", name.string))
      if let limit = property["maxLength"]?.integerValue,
        property[InputLimits.lengthCheckedByRoute] != .bool(true)
      {
        bodies.append(
          (
            "\(name) over \(limit)",
            "{\"\(name.string)\":\"\(String(repeating: "é", count: limit + 1))\"}",
            name.string
          ))
      }
    }
    return bodies
  }

  @Test func everyDocumentedBodyRefusesWhatBreaksItsLimits() async throws {
    let server = try await TestServer()
    let (_, operations) = server.app.buildRouter()
    let targets = operations.filter { $0.requestBody != nil && !$0.path.contains(":") }
    #expect(targets.count > 15)
    try await server.run(schemaChecked: false) { client in
      let ann = try await client.signup("ann@example.com", name: "Ann")
      var problems: [String] = []
      var tried = 0
      for operation in targets {
        for (what, body, field) in Self.hostileBodies(operation.requestBody!) {
          let reply = try await client.raw(
            operation.method, operation.path, body: Data(body.utf8),
            headers: [.contentType: "application/json", .authorization: "Bearer \(ann.access)"])
          tried += 1
          let named = field == nil || reply.errorField == field
          if reply.status != 400 || !named {
            problems.append(
              "\(operation.method) \(operation.path) with \(what): \(reply.status) \(reply.text.prefix(160))"
            )
          }
        }
      }
      #expect(tried > 60)
      #expect(problems.isEmpty, "\(problems.count) problems: \(problems.prefix(12))")
    }
  }

  @Test func namesShownToOthersRefuseDirectionControls() async throws {
    let server = try await TestServer()
    try await server.run { client in
      let reversed = "Ann\u{202E}gnp.exe"
      let signup = try await client.json(
        .post, "/api/auth/signup",
        ["email": "ann@example.com", "displayName": reversed, "password": "lantern orbit 42"])
      #expect(signup.status == 400 && signup.errorField == "displayName")
      let ann = try await client.signup("ann@example.com", name: "Ann")
      let rename = try await client.json(
        .patch, "/api/me", ["displayName": "\u{2067}Ann"], token: ann.access)
      #expect(rename.status == 400 && rename.errorField == "displayName")
      let journal = try await client.json(
        .post, "/api/auralyst/journals", ["title": "Mine\u{202D}"], token: ann.access)
      #expect(journal.status == 400 && journal.errorField == "title")
      // Right-to-left text itself is welcome
      let hebrew = try await client.json(
        .patch, "/api/me", ["displayName": "שרה"], token: ann.access)
      #expect(hebrew.status == 200)
    }
  }
}
