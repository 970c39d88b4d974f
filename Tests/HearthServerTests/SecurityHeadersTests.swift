import Foundation
import HTTPTypes
import HearthPlatform
import HearthServer
import HearthTesting
import Hummingbird
import Testing

/// The browser's defences ride on every answer: every route the router has, with every method,
/// signed in and not, and the answers that no route gives (404, 405, static files).
@Suite struct SecurityHeadersTests {
  static let required: [String: String] = [
    "Content-Security-Policy":
      "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; font-src 'self'; connect-src 'self'; object-src 'none'; frame-ancestors 'none'; form-action 'self'; base-uri 'none'",
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "strict-origin-when-cross-origin",
  ]

  static func missing(_ headers: HTTPFields) -> [String] {
    required.compactMap { name, value in
      headers[HTTPField.Name(name)!] == value ? nil : name
    }.sorted()
      + (headers[HTTPField.Name("Permissions-Policy")!]?.contains("camera=()") == true
        ? [] : ["Permissions-Policy"])
  }

  @Test func everyRouteAnswersWithThem() async throws {
    let server = try await TestServer()
    let (router, _) = server.app.buildRouter()
    // Deleting the account goes last, so that the other routes are tried signed in.
    let routes = router.routes.map { ($0.method, "\($0.path)") }.sorted { lhs, _ in
      lhs.0 != .delete
    }
    #expect(routes.count > 80)
    try await server.run(schemaChecked: false) { client in
      let ann = try await client.signup("ann@example.com", name: "Ann")
      var problems: [String] = []
      var tried = 0
      for (method, template) in routes where !(method == .get && template == "/api/events") {
        let path = template.split(separator: "/", omittingEmptySubsequences: false)
          .map { $0.hasPrefix(":") ? "00000000-0000-4000-8000-000000000099" : String($0) }
          .map { $0.hasPrefix("*") ? "x" : $0 }.joined(separator: "/")
        for token in [ann.access, nil] {
          var headers: HTTPFields = [.contentType: "application/json"]
          if let token { headers[.authorization] = "Bearer \(token)" }
          let reply = try await client.raw(method, path, body: Data("{}".utf8), headers: headers)
          tried += 1
          let gaps = Self.missing(reply.headers)
          if !gaps.isEmpty { problems.append("\(method) \(path) \(reply.status): \(gaps)") }
        }
      }
      for path in ["/nowhere", "/static/hearth.css", "/static/missing.js", "/login"] {
        let reply = try await client.raw(.get, path)
        let gaps = Self.missing(reply.headers)
        if !gaps.isEmpty { problems.append("GET \(path) \(reply.status): \(gaps)") }
      }
      let wrongMethod = try await client.raw(.patch, "/healthz")
      #expect(wrongMethod.status == 405 && Self.missing(wrongMethod.headers).isEmpty)
      #expect(tried > 160)
      #expect(problems.isEmpty, "\(problems.prefix(10))")
    }
  }

  @Test func strictTransportSecurityOnlyBehindHTTPS() async throws {
    for (url, expected) in [
      (nil, nil), ("http://hearth.example", nil),
      ("https://hearth.example", "max-age=31536000; includeSubDomains"),
    ] as [(String?, String?)] {
      let server = try await TestServer { $0.publicURL = url }
      try await server.run { client in
        let reply = try await client.raw(.get, "/")
        #expect(reply.headers[HTTPField.Name("Strict-Transport-Security")!] == expected)
      }
    }
  }
}
