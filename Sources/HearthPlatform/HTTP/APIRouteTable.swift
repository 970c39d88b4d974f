import CanonicalJSON
import HTTPTypes
import HearthOpenAPI
import Hummingbird

/// Collects the operations that a builder registers, on the router or on a group of it.
public final class APIRouteTable: @unchecked Sendable {
  private final class Book: @unchecked Sendable {
    /// Until the builder takes them for the document: their schemas are not kept after.
    var operations: [APIOperation] = []
    /// The method and path of every operation, for as long as the server runs.
    var routed: [(method: HTTPRequest.Method, path: [Substring])] = []

    func add(_ operation: APIOperation) {
      operations.append(operation)
      routed.append(
        (operation.method, operation.path.split(separator: "/", omittingEmptySubsequences: false)))
    }
  }

  private let book: Book
  private let routes: any RouterMethods<AppRequestContext>
  /// The path every operation of this table starts with.
  private let prefix: String

  /// The operations registered so far, which the table then forgets.
  package func takeOperations() -> [APIOperation] {
    defer { book.operations = [] }
    return book.operations
  }

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
    return book.routed.filter { route in
      route.path.count == parts.count
        && zip(route.path, parts).allSatisfy { $0.hasPrefix(":") ? !$1.isEmpty : $0 == $1 }
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
    book.add(operation)
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
    book.add(operation)
    routes.on(
      RouterPath(String(operation.path.dropFirst(prefix.count))), method: operation.method,
      use: handler)
  }
}
