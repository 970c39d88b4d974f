import CanonicalJSON
import Foundation
import HearthOpenAPI
import HearthPlatform
import HearthServer
import HearthTesting
import Testing

@Suite struct OpenAPITests {
  @Test func documentDescribesEveryRegisteredOperation() async throws {
    let server = try await TestServer()
    let (_, operations) = server.app.buildRouter()
    try await server.run { client in
      let reply = try await client.raw(.get, "/openapi.json")
      #expect(reply.status == 200)
      #expect(reply["openapi"] as? String == "3.1.0")
      let paths = try #require(reply["paths"] as? [String: [String: Any]])

      // Every operation the router has is documented, with responses and, for writes, a body
      for operation in operations {
        let path = operation.path.split(separator: "/", omittingEmptySubsequences: false)
          .map { $0.hasPrefix(":") ? "{\($0.dropFirst())}" : String($0) }
          .joined(separator: "/")
        let entry = paths[path]?[operation.method.rawValue.lowercased()] as? [String: Any]
        #expect(entry != nil, "\(operation.method) \(path) is not documented")
        let responses = entry?["responses"] as? [String: Any] ?? [:]
        #expect(!responses.isEmpty)
        if operation.authenticated { #expect(responses["401"] != nil) }
      }
      // And nothing is documented that the router does not answer
      let documented = paths.values.reduce(0) { $0 + $1.count }
      #expect(documented == operations.count)
      for operation in operations
      where operation.method == .get && !operation.path.contains(":")
        && operation.path != "/api/events"
      {
        let probe = try await client.raw(
          .get, operation.path + (operation.path == "/api/events/poll" ? "?timeout=0" : ""))
        #expect(probe.status != 404, "\(operation.path) is documented but not routed")
      }
    }
  }

  /// A body type the reflector could not decode would document nothing; none may.
  @Test func everyBodyTypeIsReflected() async throws {
    let server = try await TestServer()
    let (_, operations) = server.app.buildRouter()
    func text(_ schema: JSON?) -> String {
      guard let schema, let bytes = try? schema.canonicalBytes() else { return "" }
      return String(decoding: bytes, as: UTF8.self)
    }
    for operation in operations {
      let schemas =
        [operation.requestBody] + operation.responses.map(\.1)
        + operation.requestContent.map(\.schema) + operation.query.map(\.schema)
      for schema in schemas {
        #expect(
          !text(schema).contains(JSONSchemaReflector.failure),
          "\(operation.method) \(operation.path): \(text(schema))")
      }
    }
  }
}
