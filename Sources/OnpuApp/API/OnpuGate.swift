import Foundation
import HTTPTypes
import HearthCore
import HearthPlatform
import HearthSQL
import Hummingbird

/// What every /v1 request passes before its handler: the limit per client, the app header when
/// one is configured (web sessions, which carry their CSRF token, do without), then the
/// development token, which signs the request in as the development account.
struct OnpuGate: RouterMiddleware {
  typealias Context = AppRequestContext

  static let appHeader = HTTPField.Name("tarukingu")!
  static let devTokenHeader = HTTPField.Name("X-Dev-Token")!
  static let devUserID = "onpu-dev-user"

  let env: HearthEnvironment
  let settings: OnpuConfig
  let limiter: RateLimiter
  let clientAddress: @Sendable (Request, AppRequestContext) -> String

  init(
    env: HearthEnvironment, settings: OnpuConfig,
    clientAddress: @escaping @Sendable (Request, AppRequestContext) -> String
  ) {
    self.env = env
    self.settings = settings
    self.clientAddress = clientAddress
    limiter = RateLimiter(limit: settings.requestsPerMinute, window: 60)
  }

  func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    var context = context
    try await countRequest(request, context)
    if let expected = settings.appHeader, context.caller?.method != .cookie {
      guard let presented = request.headers[Self.appHeader],
        AuthMiddleware.constantTimeEqual(expected, presented)
      else {
        throw APIErrorResponse(
          APIError(
            status: 401, code: "app_header",
            message: "This server wants the app's tarukingu header."))
      }
    }
    if let token = settings.devBypassToken, let presented = request.headers[Self.devTokenHeader] {
      guard AuthMiddleware.constantTimeEqual(token, presented) else {
        throw APIErrorResponse(
          APIError(status: 401, code: "invalid_token", message: "The X-Dev-Token is wrong."))
      }
      context.caller = try await devCaller()
    }
    return try await next(request, context)
  }

  private func countRequest(_ request: Request, _ context: AppRequestContext) async throws {
    let key = clientAddress(request, context)
    let now = env.now()
    if let wait = await limiter.retryAfter(key, now: now) {
      throw APIErrorResponse(
        APIError(
          status: 429, code: "rate_limited",
          message:
            "More than \(settings.requestsPerMinute) requests in a minute. Try again in \(wait) seconds."
        ), headers: [.retryAfter: "\(wait)"])
    }
    await limiter.record(key, now: now)
  }

  /// Everyone presenting the development token is this one account, on a session that lasts
  /// for the request and is never stored.
  private func devCaller() async throws -> Caller {
    let now = env.now()
    let user = try await devUser(now: now)
    let session = Session(
      id: "onpu-dev-token", userID: user.id, kind: .refresh, tokenHash: "", csrfToken: "",
      label: "Onpu development token", createdAt: now, lastSeenAt: now, expiresAt: now)
    return Caller(user: user, session: session, method: .bearer)
  }

  private func devUser(now: Date) async throws -> User {
    if let user = try await env.database.user(id: Self.devUserID) { return user }
    let user = User(
      id: Self.devUserID, email: "onpu-dev-user@localhost", displayName: "Onpu development",
      phone: nil, passwordHash: "!", timeZone: "UTC", createdAt: now)
    do {
      try await env.database.createUser(user)
    } catch StoreError.duplicate {
      // Made by a request at the same moment.
    }
    return user
  }
}
