import Hummingbird

/// Answers GET /static/<name> from memory before any other middleware: these files are public,
/// the same for everyone, and asked for with every page, so they skip the session lookup, the
/// request log and the router.
package struct StaticFilesMiddleware: RouterMiddleware {
  package typealias Context = AppRequestContext
  package let assets: StaticAssets

  package init(assets: StaticAssets) {
    self.assets = assets
  }

  package func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    let path = request.uri.path
    if path.hasPrefix("/static/"), request.method == .get || request.method == .head,
      let response = assets.response(path.dropFirst("/static/".count), to: request)
    {
      return response
    }
    return try await next(request, context)
  }
}
