import Foundation
import HTTPTypes
import HearthCore
import HearthSQL
import Hummingbird

/// Finds who is asking (bearer token or session cookie) and enforces CSRF on cookie requests.
package struct AuthMiddleware: RouterMiddleware {
  package typealias Context = AppRequestContext
  package static let sessionCookie = "hearth_session"
  package static let csrfCookie = "hearth_csrf"
  package static let csrfHeader = HTTPField.Name("X-CSRF-Token")!
  package let env: HearthEnvironment

  package init(env: HearthEnvironment) {
    self.env = env
  }

  package func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    var context = context
    var request = request
    let now = env.now()
    // A metrics scraper's bearer token is its own, not an account's: /metrics checks it.
    if request.uri.path == "/metrics" { return try await next(request, context) }
    if let authorization = request.headers[.authorization] {
      guard authorization.prefix(7).lowercased() == "bearer " else {
        throw APIErrorResponse(
          APIError(
            status: 401, code: "unauthorized", message: "Use an Authorization: Bearer token."))
      }
      var token = authorization.dropFirst(7).drop(while: \.isWhitespace)
      while token.last?.isWhitespace == true { token.removeLast() }
      guard let caller = try await bearerCaller(String(token), now: now) else {
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

  /// Cookie-authenticated writes need the session's token. Page routes (everything outside the
  /// JSON API) take only forms, always with a token: the session's, or signed out the
  /// double-submit cookie the form's page set, which a cross-site page cannot read (this blocks
  /// logging someone into another account). API requests with no session carry no ambient
  /// authority. As a second line, a browser's own word that a write is cross-site refuses it.
  package func checkCSRF(_ request: inout Request, context: Context) async throws {
    if Self.isCrossSite(request, publicURL: env.config.publicURL) {
      throw APIErrorResponse(.csrf)
    }
    let page = !Self.isAPI(request)
    if page, Self.hasBody(request), !Self.isForm(request) {
      throw APIErrorResponse(
        APIError(
          status: 415, code: "unsupported_media_type",
          message:
            "Pages take forms (application/x-www-form-urlencoded or multipart/form-data); the JSON API is under /api."
        ))
    }
    let expected: String?
    if let caller = context.caller {
      expected = caller.session.csrfToken
    } else if page {
      expected = request.cookies[Self.csrfCookie]?.value
    } else {
      return
    }
    var presented = request.headers[Self.csrfHeader]
    if presented == nil, Self.isForm(request) {
      let buffer = try await JSONBody.collect(
        request, route: "\(request.method) \(request.uri.path)")
      request.body = .init(buffer: buffer)
      presented = FormData(String(buffer: buffer))["_csrf"]
    }
    guard let expected, let presented, Self.constantTimeEqual(expected, presented) else {
      throw APIErrorResponse(.csrf)
    }
  }

  /// `Sec-Fetch-Site: cross-site`, or an `Origin` that is opaque or neither this host nor the
  /// public URL. Clients that send neither (the CLI, scripts) are not browsers.
  package static func isCrossSite(_ request: Request, publicURL: String?) -> Bool {
    if request.headers[HTTPField.Name("Sec-Fetch-Site")!] == "cross-site" { return true }
    guard let origin = request.headers[HTTPField.Name("Origin")!]?.lowercased() else {
      return false
    }
    let host = (request.head.authority ?? "").lowercased()
    let own = ["http://" + host, "https://" + host] + [publicURL?.lowercased()].compactMap { $0 }
    return !own.contains(origin)
  }

  /// The JSON API and the operations routes; everything else is a page.
  package static func isAPI(_ request: Request) -> Bool {
    let path = request.uri.path
    return path.hasPrefix("/api/") || path.hasPrefix("/v1/")
      || ["/openapi.json", "/healthz", "/readyz", "/metrics"].contains(path)
  }

  static func hasBody(_ request: Request) -> Bool {
    if request.headers[.transferEncoding] != nil { return true }
    return (request.headers[.contentLength].flatMap(Int.init) ?? 0) > 0
  }

  package static func isForm(_ request: Request) -> Bool {
    let type = request.headers[.contentType] ?? ""
    return type.hasPrefix("application/x-www-form-urlencoded")
      || type.hasPrefix("multipart/form-data")
  }

  package func bearerCaller(_ token: String, now: Date) async throws -> Caller? {
    guard let (sessionID, userID) = env.tokens.verify(accessToken: token, now: now),
      let found = try await env.callers.session(id: sessionID, in: env.database),
      found.session.kind == .refresh, found.session.userID == userID,
      found.session.isLive(at: now), !found.user.disabled
    else { return nil }
    return Caller(user: found.user, session: found.session, method: .bearer)
  }

  package func cookieCaller(_ token: String, now: Date) async throws -> Caller? {
    guard
      let found = try await env.callers.session(
        tokenHash: TokenService.hash(token), in: env.database),
      found.session.kind == .web, found.session.isLive(at: now), !found.user.disabled
    else { return nil }
    if now.timeIntervalSince(found.session.lastSeenAt) > 600 {
      try await env.database.touchSession(id: found.session.id, at: now)
      env.callers.touched(sessionID: found.session.id, at: now)
    }
    return Caller(user: found.user, session: found.session, method: .cookie)
  }

  package static func constantTimeEqual(_ a: String, _ b: String) -> Bool {
    let x = Array(a.utf8)
    let y = Array(b.utf8)
    guard x.count == y.count else { return false }
    return zip(x, y).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
  }
}
