import CanonicalJSON
import HTTPTypes
import HearthOpenAPI
import HearthPlatform
import HummingbirdTesting
import NIOCore
import Testing

/// A test client that checks every answer to a documented operation against /openapi.json:
/// a status it does not list, or a body that does not fit the listed schema, is a test issue.
/// TestServer hands this client to every test, so each API test is also a schema test.
package struct SchemaCheckedClient: TestClientProtocol {
  let inner: any TestClientProtocol
  let operations: [APIOperation]

  package var port: Int? { inner.port }

  package func executeRequest(
    uri: String, method: HTTPRequest.Method, headers: HTTPFields, body: ByteBuffer?
  ) async throws -> TestResponse {
    let response = try await inner.executeRequest(
      uri: uri, method: method, headers: headers, body: body)
    let problems = Self.problems(
      method, uri, status: Int(response.status.code),
      contentType: response.headers[.contentType] ?? "", body: String(buffer: response.body),
      operations: operations)
    for problem in problems {
      Issue.record(Comment(rawValue: problem))
    }
    return response
  }

  /// What is wrong with an answer as one from the documented operation it reached, if anything.
  package static func problems(
    _ method: HTTPRequest.Method, _ uri: String, status: Int, contentType: String,
    body text: String,
    operations: [APIOperation]
  ) -> [String] {
    let path = String(uri.prefix { $0 != "?" })
    // As the router does, a literal segment wins over a parameter (/v1/jobs/recent, not :jobId).
    guard
      let operation = operations.filter({ $0.method == method && matches($0.path, path) })
        .min(by: { parameterCount($0.path) < parameterCount($1.path) })
    else { return [] }
    let route = "\(method) \(operation.path) answered \(status)"
    let schema: JSON?
    if let documented = operation.responses.first(where: { $0.0 == status }) {
      schema = documented.1
    } else if operation.errors.contains(status) || (status == 401 && operation.authenticated) {
      schema = Schemas.error
    } else {
      return ["\(route), a status /openapi.json does not list for it"]
    }
    guard let schema else {
      return text.isEmpty ? [] : ["\(route) with a body where none is documented"]
    }
    guard status < 300 || contentType.hasPrefix("application/json") else { return [] }
    // Errors are JSON whatever the operation's own content (an event stream's 429, say).
    let documented =
      status >= 400
      ? ["application/json"]
      : [operation.contentType] + (status < 300 ? operation.otherResponseContent.map(\.type) : [])
    guard let type = documented.first(where: { contentType.hasPrefix($0) }) else {
      return ["\(route) with \(contentType), documented as \(documented.joined(separator: ", "))"]
    }
    guard type == "application/json" else { return [] }
    do {
      let value = try JSONParser.parse(Array(text.utf8))
      return JSONSchemaCheck.problems(value, schema).map { "\(route): \($0)" }
    } catch {
      return ["\(route) with a body that is not JSON: \(error)"]
    }
  }

  static func parameterCount(_ pattern: String) -> Int {
    pattern.split(separator: "/").filter { $0.hasPrefix(":") }.count
  }

  static func matches(_ pattern: String, _ path: String) -> Bool {
    let expected = pattern.split(separator: "/", omittingEmptySubsequences: false)
    let actual = path.split(separator: "/", omittingEmptySubsequences: false)
    return expected.count == actual.count
      && zip(expected, actual).allSatisfy { $0.hasPrefix(":") ? !$1.isEmpty : $0 == $1 }
  }
}
