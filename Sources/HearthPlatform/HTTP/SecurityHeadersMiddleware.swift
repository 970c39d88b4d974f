import HTTPTypes
import Hummingbird

/// The browser's defences on every response: a strict Content-Security-Policy (the pages load
/// only their own scripts and stylesheets, and nothing inline; `script-src 'self'` covers module
/// scripts and what they import, all under /static), no framing, no sniffing, a referrer kept to
/// this origin, no powerful features, and HSTS behind https.
package struct SecurityHeadersMiddleware: RouterMiddleware {
  package typealias Context = AppRequestContext

  package static let contentSecurityPolicy = [
    "default-src 'self'", "script-src 'self'", "style-src 'self'", "img-src 'self' data:",
    "font-src 'self'", "connect-src 'self'", "object-src 'none'", "frame-ancestors 'none'",
    "form-action 'self'", "base-uri 'none'",
  ].joined(separator: "; ")

  package static let permissionsPolicy = [
    "accelerometer=()", "camera=()", "geolocation=()", "gyroscope=()", "magnetometer=()",
    "microphone=()", "payment=()", "usb=()",
  ].joined(separator: ", ")

  package let headers: HTTPFields

  package init(https: Bool) {
    var headers: HTTPFields = [
      .init("Content-Security-Policy")!: Self.contentSecurityPolicy,
      .init("X-Content-Type-Options")!: "nosniff",
      .init("X-Frame-Options")!: "DENY",
      .init("Referrer-Policy")!: "strict-origin-when-cross-origin",
      .init("Permissions-Policy")!: Self.permissionsPolicy,
      .init("Cross-Origin-Opener-Policy")!: "same-origin",
    ]
    if https {
      headers[.init("Strict-Transport-Security")!] = "max-age=31536000; includeSubDomains"
    }
    self.headers = headers
  }

  package func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    var response = try await next(request, context)
    for field in headers where response.headers[field.name] == nil {
      response.headers.append(field)
    }
    return response
  }
}
