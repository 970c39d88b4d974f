import CanonicalJSON
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
  public var requestBody: JSON?
  /// Request bodies by media type, for routes that take more than JSON (an import file).
  public var requestContent: [(type: String, schema: JSON)] = []
  public var query: [(name: String, schema: JSON, required: Bool)]
  /// Status code → response schema (`nil` for an empty body); error statuses are added for you.
  public var responses: [(Int, JSON?)]
  /// Media types the successful responses also come in, besides `contentType` (a CSV export).
  public var otherResponseContent: [(type: String, schema: JSON)] = []
  public var errors: [Int]
  public var contentType: String

  public init(
    _ method: HTTPRequest.Method, _ path: String, summary: String, tag: String,
    authenticated: Bool = true, requestBody: JSON? = nil,
    query: [(name: String, schema: JSON, required: Bool)] = [],
    responses: [(Int, JSON?)], errors: [Int] = [], contentType: String = "application/json"
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

/// Collects the operations that a builder registers, on the router or on a group of it.
public final class APIRouteTable: @unchecked Sendable {
  private final class Book: @unchecked Sendable {
    var operations: [APIOperation] = []
  }

  private let book: Book
  private let routes: any RouterMethods<AppRequestContext>
  /// The path every operation of this table starts with.
  private let prefix: String

  public var operations: [APIOperation] { book.operations }

  package convenience init(router: Router<AppRequestContext>) {
    self.init(book: Book(), routes: router, prefix: "")
  }

  private init(book: Book, routes: any RouterMethods<AppRequestContext>, prefix: String) {
    self.book = book
    self.routes = routes
    self.prefix = prefix
  }

  /// The operations under `prefix`, which pass through `middleware` (in order) before their
  /// handlers. They are documented with their whole path, like every other operation.
  public func group(
    _ prefix: String, middleware: any MiddlewareProtocol<Request, Response, AppRequestContext>...
  ) -> APIRouteTable {
    let group = routes.group(RouterPath(prefix))
    for layer in middleware { group.add(middleware: layer) }
    return APIRouteTable(book: book, routes: group, prefix: self.prefix + prefix)
  }

  /// The methods registered for `path`, for answering 405 to the others.
  package func methods(matching path: String) -> [HTTPRequest.Method] {
    let parts = path.split(separator: "/", omittingEmptySubsequences: false)
    return operations.filter { operation in
      let pattern = operation.path.split(separator: "/", omittingEmptySubsequences: false)
      return pattern.count == parts.count
        && zip(pattern, parts).allSatisfy { $0.hasPrefix(":") ? !$1.isEmpty : $0 == $1 }
    }.map(\.method)
  }

  /// Routes `operation` through `limit` (work that costs real time or money) to `handler`, and
  /// documents it with its 429.
  public func add(
    _ operation: APIOperation, limitedBy limit: CostLimit,
    use handler: @escaping @Sendable (Request, AppRequestContext) async throws -> Response
  ) {
    precondition(operation.path.hasPrefix(prefix), "\(operation.path) is outside \(prefix)")
    var operation = operation
    if !operation.errors.contains(429) { operation.errors.append(429) }
    book.operations.append(operation)
    routes.group(RouterPath(String(operation.path.dropFirst(prefix.count))))
      .add(middleware: limit)
      .on("", method: operation.method, use: handler)
  }

  /// Routes `operation` to `handler` and documents it.
  public func add(
    _ operation: APIOperation,
    use handler: @escaping @Sendable (Request, AppRequestContext) async throws -> Response
  ) {
    precondition(operation.path.hasPrefix(prefix), "\(operation.path) is outside \(prefix)")
    book.operations.append(operation)
    routes.on(
      RouterPath(String(operation.path.dropFirst(prefix.count))), method: operation.method,
      use: handler)
  }
}
