import Foundation
import HTTPTypes
import HearthCore
import Hummingbird

/// Finds who is asking (bearer token or session cookie) and enforces CSRF on cookie requests.
package struct AuthMiddleware: RouterMiddleware {
  package typealias Context = AppRequestContext
  package static let sessionCookie = "hearth_session"
  package static let csrfCookie = "hearth_csrf"
  package static let csrfHeader = HTTPField.Name("X-CSRF-Token")!
  package let env: HearthEnvironment

  package func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    var context = context
    var request = request
    let now = env.now()
    if let authorization = request.headers[.authorization] {
      guard authorization.lowercased().hasPrefix("bearer ") else {
        throw APIErrorResponse(
          APIError(
            status: 401, code: "unauthorized", message: "Use an Authorization: Bearer token."))
      }
      let token = String(authorization.dropFirst(7)).trimmingCharacters(in: .whitespaces)
      guard let caller = try await bearerCaller(token, now: now) else {
        throw APIErrorResponse(
          APIError(
            status: 401, code: "invalid_token",
            message: "The access token is invalid or expired. Refresh it or log in again."),
          headers: [.wwwAuthenticate: "Bearer"])
      }
      context.caller = caller
      return try await next(request, context)
    }
    if let token = request.cookies[Self.sessionCookie]?.value,
      let caller = try await cookieCaller(token, now: now)
    {
      context.caller = caller
    }
    let existingCSRF = request.cookies[Self.csrfCookie]?.value
    context.anonymousCSRF = existingCSRF ?? TokenService.randomToken(bytes: 24)
    if ![.get, .head, .options].contains(request.method) {
      try await checkCSRF(&request, context: context)
    }
    var response = try await next(request, context)
    if existingCSRF == nil, context.caller == nil, let token = context.anonymousCSRF,
      (response.headers[.contentType] ?? "").hasPrefix("text/html")
    {
      response.setCookie(
        Cookie(
          name: Self.csrfCookie, value: token, path: "/", secure: env.config.secureCookies,
          httpOnly: true, sameSite: .lax))
    }
    return response
  }

  /// Cookie-authenticated writes need the session's token; signed-out forms need the
  /// double-submit cookie. Requests with no cookie at all carry no ambient authority.
  package func checkCSRF(_ request: inout Request, context: Context) async throws {
    let expected: String?
    if let caller = context.caller {
      expected = caller.session.csrfToken
    } else if Self.isForm(request), !Self.isAPI(request) {
      // Signed-out forms (log-in, sign-up) echo the cookie the form page set, which a
      // cross-site page cannot read: this blocks logging someone into another account.
      expected = request.cookies[Self.csrfCookie]?.value
    } else {
      return
    }
    var presented = request.headers[Self.csrfHeader]
    if presented == nil, Self.isForm(request) {
      let buffer = try await request.collectBody(upTo: JSONBody.defaultLimit)
      presented = FormData(String(buffer: buffer))["_csrf"]
    }
    guard let expected, let presented, Self.constantTimeEqual(expected, presented) else {
      throw APIErrorResponse(.csrf)
    }
  }

  package static func isAPI(_ request: Request) -> Bool {
    request.uri.path.hasPrefix("/api/") || request.uri.path.hasPrefix("/v1/")
  }

  package static func isForm(_ request: Request) -> Bool {
    let type = request.headers[.contentType] ?? ""
    return type.hasPrefix("application/x-www-form-urlencoded")
      || type.hasPrefix("multipart/form-data")
  }

  package func bearerCaller(_ token: String, now: Date) async throws -> Caller? {
    guard let (sessionID, userID) = env.tokens.verify(accessToken: token, now: now),
      let session = try await env.database.session(id: sessionID), session.kind == .refresh,
      session.userID == userID, session.isLive(at: now),
      let user = try await env.database.user(id: userID), !user.disabled
    else { return nil }
    return Caller(user: user, session: session, method: .bearer)
  }

  package func cookieCaller(_ token: String, now: Date) async throws -> Caller? {
    guard let session = try await env.database.session(tokenHash: TokenService.hash(token)),
      session.kind == .web, session.isLive(at: now),
      let user = try await env.database.user(id: session.userID), !user.disabled
    else { return nil }
    if now.timeIntervalSince(session.lastSeenAt) > 600 {
      try await env.database.touchSession(id: session.id, at: now)
    }
    return Caller(user: user, session: session, method: .cookie)
  }

  package static func constantTimeEqual(_ a: String, _ b: String) -> Bool {
    let x = Array(a.utf8)
    let y = Array(b.utf8)
    guard x.count == y.count else { return false }
    return zip(x, y).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
  }
}
