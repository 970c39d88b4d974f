import HTTPTypes
import Hummingbird

/// One documented JSON operation: registering it adds it to the router and to /openapi.json.
public struct APIOperation: Sendable {
  public var method: HTTPRequest.Method
  /// Hummingbird syntax, like `/api/items/:id`.
  public var path: String
  public var summary: String
  public var tag: String
  public var authenticated: Bool
  public var requestBody: JSONValue?
  /// Request bodies by media type, for routes that take more than JSON (an import file).
  public var requestContent: [(type: String, schema: JSONValue)] = []
  public var query: [(name: String, schema: JSONValue, required: Bool)]
  /// Status code → response schema (`nil` for an empty body); error statuses are added for you.
  public var responses: [(Int, JSONValue?)]
  public var errors: [Int]
  public var contentType: String

  public init(
    _ method: HTTPRequest.Method, _ path: String, summary: String, tag: String,
    authenticated: Bool = true, requestBody: JSONValue? = nil,
    query: [(name: String, schema: JSONValue, required: Bool)] = [],
    responses: [(Int, JSONValue?)], errors: [Int] = [], contentType: String = "application/json"
  ) {
    self.method = method
    self.path = path
    self.summary = summary
    self.tag = tag
    self.authenticated = authenticated
    self.requestBody = requestBody
    self.query = query
    self.responses = responses
    self.errors = errors
    self.contentType = contentType
  }
}

/// Collects the operations that a builder registers.
public final class APIRouteTable: @unchecked Sendable {
  public private(set) var operations: [APIOperation] = []
  package let router: Router<AppRequestContext>

  package init(router: Router<AppRequestContext>) { self.router = router }

  /// The methods registered for `path`, for answering 405 to the others.
  package func methods(matching path: String) -> [HTTPRequest.Method] {
    let parts = path.split(separator: "/", omittingEmptySubsequences: false)
    return operations.filter { operation in
      let pattern = operation.path.split(separator: "/", omittingEmptySubsequences: false)
      return pattern.count == parts.count
        && zip(pattern, parts).allSatisfy { $0.hasPrefix(":") ? !$1.isEmpty : $0 == $1 }
    }.map(\.method)
  }

  package func add(
    _ operation: APIOperation,
    _ handler: @escaping @Sendable (Request, AppRequestContext) async throws -> Response
  ) {
    operations.append(operation)
    router.on(RouterPath(operation.path), method: operation.method, use: handler)
  }
}
