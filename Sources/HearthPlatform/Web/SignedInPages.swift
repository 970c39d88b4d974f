import Hummingbird

/// For pages only signed-in people see: anyone else is sent to log in, and comes back to the
/// page afterwards.
public struct SignedInPages: RouterMiddleware {
  public typealias Context = AppRequestContext

  public init() {}

  public func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    guard context.caller != nil else {
      return .redirect(to: "/login?next=\(request.uri.path)", type: .found)
    }
    return try await next(request, context)
  }
}
