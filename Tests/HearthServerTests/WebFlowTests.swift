import AuralystApp
import Foundation
import HTTPTypes
import HearthHost
import HearthPlatform
import HearthServer
import HearthTesting
import HummingbirdTesting
import OnpuApp
import RedoApp
import SofterApp
import Testing

@Suite struct WebFlowTests {
  static func cookies(_ reply: JSONReply) -> [String: String] {
    var cookies: [String: String] = [:]
    for header in reply.headers[values: .setCookie] {
      let pair = header.split(separator: ";")[0].split(separator: "=", maxSplits: 1)
      if pair.count == 2 { cookies[String(pair[0])] = String(pair[1]) }
    }
    return cookies
  }

  static func csrfField(_ html: String) -> String? {
    guard let range = html.range(of: #"name="_csrf" value=""#) else { return nil }
    return String(html[range.upperBound...].prefix { $0 != "\"" })
  }

  static func form(_ fields: [String: String]) -> Data {
    let allowed = CharacterSet.alphanumerics
    return Data(
      fields.map { key, value in
        key + "=" + (value.addingPercentEncoding(withAllowedCharacters: allowed) ?? "")
      }.joined(separator: "&").utf8)
  }

  @Test func signupLogoutLoginWithCSRF() async throws {
    let server = try await TestServer()
    try await server.run { client in
      // Given the sign-up page, which hands out a CSRF cookie and the same token in the form
      let page = try await client.raw(.get, "/signup")
      #expect(page.status == 200)
      let anonymous = try #require(Self.cookies(page)["hearth_csrf"])
      #expect(Self.csrfField(page.text) == anonymous)
      let formHeaders: HTTPFields = [
        .contentType: "application/x-www-form-urlencoded", .cookie: "hearth_csrf=\(anonymous)",
      ]
      let fields = [
        "email": "web@example.com", "displayName": "Web <b>Person</b>",
        "password": "long password", "timeZone": "America/New_York",
      ]

      // When the form comes back without the token, it is refused
      let forged = try await client.raw(
        .post, "/signup", body: Self.form(fields), headers: formHeaders)
      #expect(forged.status == 403)
      let cookieless = try await client.raw(
        .post, "/login", body: Self.form(["email": "web@example.com", "password": "x"]),
        headers: [.contentType: "application/x-www-form-urlencoded"])
      #expect(cookieless.status == 403)

      // When it comes back with the token, the person is signed in and sent home
      var withToken = fields
      withToken["_csrf"] = anonymous
      let created = try await client.raw(
        .post, "/signup", body: Self.form(withToken), headers: formHeaders)
      #expect(created.status == 302)
      let session = try #require(Self.cookies(created)["hearth_session"])
      let home = try await client.raw(.get, "/", headers: [.cookie: "hearth_session=\(session)"])
      #expect(home.text.contains("Web &lt;b&gt;Person&lt;/b&gt;"))
      #expect(!home.text.contains("<b>Person</b>"))
      let token = try #require(Self.csrfField(home.text))

      // Then logging out needs the session's token
      let noToken = try await client.raw(
        .post, "/logout", headers: [.cookie: "hearth_session=\(session)"])
      #expect(noToken.status == 403)
      let loggedOut = try await client.raw(
        .post, "/logout",
        headers: [.cookie: "hearth_session=\(session)", .init("X-CSRF-Token")!: token])
      #expect(loggedOut.status == 302)
      let after = try await client.raw(
        .get, "/account", headers: [.cookie: "hearth_session=\(session)"])
      #expect(after.status == 302)

      // And a wrong password shows a clear message on the login page
      let wrong = try await client.raw(
        .post, "/login",
        body: Self.form(["email": "web@example.com", "password": "not it", "_csrf": anonymous]),
        headers: formHeaders)
      #expect(wrong.status == 401)
      #expect(wrong.text.contains("Wrong email or password."))
    }
  }

  @Test func aBadSignupFormComesBackWithTheFieldMarked() async throws {
    let server = try await TestServer()
    try await server.run { client in
      let page = try await client.raw(.get, "/signup")
      let token = try #require(Self.cookies(page)["hearth_csrf"])
      let reply = try await client.raw(
        .post, "/signup",
        body: Self.form([
          "email": "not an email", "displayName": "Kept Name", "password": "secret password",
          "_csrf": token,
        ]),
        headers: [
          .contentType: "application/x-www-form-urlencoded", .cookie: "hearth_csrf=\(token)",
        ])
      #expect(reply.status == 400)
      #expect(reply.headers[.contentType]?.hasPrefix("text/html") == true)
      #expect(reply.text.contains("Kept Name"))
      #expect(!reply.text.contains("secret password"))
      #expect(reply.text.contains(#"aria-invalid="true""#))
    }
  }

  /// Signing up from an app's landing page comes back to the app; a `next` that is not a
  /// local path goes home instead.
  @Test func signupGoesWhereItWasAskedFrom() async throws {
    let server = try await TestServer()
    try await server.run { client in
      for (next, landing) in [("/onpu", "/onpu"), ("https://evil.example/", "/")] {
        let page = try await client.raw(.get, "/signup?next=\(next)")
        let token = try #require(Self.cookies(page)["hearth_csrf"])
        let reply = try await client.raw(
          .post, "/signup",
          body: Self.form([
            "email": "n\(landing.count)@example.com", "displayName": "Nao",
            "password": "secret password", "next": next, "_csrf": token,
          ]),
          headers: [
            .contentType: "application/x-www-form-urlencoded", .cookie: "hearth_csrf=\(token)",
          ])
        #expect(reply.status == 302)
        #expect(reply.headers[.location] == landing)
      }
    }
  }

  @Test func pagesAndErrorsRenderForPeople() async throws {
    let server = try await TestServer()
    try await server.run { client in
      let home = try await client.raw(.get, "/")
      for app in ["Softer", "Redo", "Auralyst", "Onpu"] { #expect(home.text.contains(app)) }
      let missing = try await client.raw(.get, "/no/such/page", headers: [.accept: "text/html"])
      #expect(missing.status == 404)
      #expect(missing.headers[.contentType]?.hasPrefix("text/html") == true)
      let css = try await client.raw(.get, "/static/hearth.css")
      #expect(css.headers[.contentType]?.hasPrefix("text/css") == true)
      let apiMissing = try await client.raw(.get, "/api/no-such-thing")
      #expect(apiMissing.status == 404)
      #expect(apiMissing.errorCode == "not_found")
      let wrongMethod = try await client.raw(.delete, "/api/me")
      #expect(wrongMethod.status == 405)
      #expect(wrongMethod.headers[.allow] == "GET, PATCH")
      let wrongMethodWithParameter = try await client.raw(.put, "/api/debug/jobs/abc")
      #expect(wrongMethodWithParameter.status == 405)
    }
  }
}

@Suite struct ScriptModuleTests {
  /// What a browser does with a page's modules: fetch each, then each module it imports, by the
  /// name it imports it by.
  @Test func everyModuleAndWhatItImportsIsServedUnderItsHashedName() async throws {
    let server = try await TestServer()
    try await server.run { client in
      let home = try await client.raw(.get, "/", headers: [.accept: "text/html"])
      #expect(home.text.contains("<script src=\"\(HearthAssets.script.url)\" type=\"module\">"))
      #expect(
        home.headers[.init("Content-Security-Policy")!]?.contains("script-src 'self'") == true)
      let apps: [any HearthAppModule.Type] = [
        SofterModule.self, RedoModule.self, AuralystModule.self, OnpuModule.self,
      ]
      var pending =
        [HearthAssets.script.hashedName]
        + apps.flatMap { $0.assets }.map(\.hashedName)
        .filter { $0.hasSuffix(".mjs") }
      var fetched: Set<String> = []
      while let name = pending.popLast() {
        guard fetched.insert(name).inserted else { continue }
        let reply = try await client.raw(.get, "/static/" + name)
        #expect(reply.status == 200, "\(name)")
        #expect(reply.headers[.contentType] == "text/javascript; charset=utf-8", "\(name)")
        #expect(reply.headers[.cacheControl] == "public, max-age=31536000, immutable", "\(name)")
        let imports = reply.text.matches(of: #/from ["']\./([^"']+)["']/#).map { String($0.1) }
        #expect(
          imports.allSatisfy { $0.wholeMatch(of: /[a-z-]+\.[0-9a-f]{12}\.mjs/) != nil }, "\(name)")
        pending += imports
      }
      #expect(fetched.contains { $0.hasPrefix("redo-json.") })
    }
  }
}

@Suite struct OperationsTests {
  @Test func theIconAndEachAppsManifestAreServed() async throws {
    let server = try await TestServer()
    try await server.run { client in
      let favicon = try await client.raw(.get, "/favicon.ico")
      #expect(favicon.status == 301 && favicon.headers[.location] == HearthAssets.icon.url)
      let icon = try await client.raw(.get, HearthAssets.icon.url)
      #expect(icon.status == 200 && icon.headers[.contentType] == "image/svg+xml")
      #expect(icon.text.hasPrefix("<svg"))
      for slug in ["hearth", "softer", "redo", "auralyst", "onpu"] {
        let manifest = try await client.raw(.get, "/manifests/\(slug).webmanifest")
        #expect(manifest.status == 200)
        #expect(manifest.headers[.contentType] == "application/manifest+json")
        let start = slug == "hearth" ? "/" : "/\(slug)"
        #expect(
          manifest["start_url"] as? String == start
            && manifest["display"] as? String == "standalone")
        let icons = manifest["icons"] as? [[String: Any]] ?? []
        #expect(icons.first?["src"] as? String == HearthAssets.icon.url)
      }
      #expect(try await client.raw(.get, "/manifests/nowhere.webmanifest").status == 404)
    }
  }

  @Test func healthReadinessAndMetrics() async throws {
    let server = try await TestServer()
    try await server.run { client in
      #expect(try await client.raw(.get, "/healthz").status == 200)
      // Readiness gives the database 2 s to answer; the whole test run's load may take longer
      // at times, as a probe would find, and it is asked again.
      var ready = try await client.raw(.get, "/readyz")
      for _ in 0..<30 where ready.status != 200 {
        try await Task.sleep(for: .seconds(1))
        ready = try await client.raw(.get, "/readyz")
      }
      #expect(ready["database"] as? String == "sqlite")
      let tokens = try await client.signup("ops@example.com")
      _ = try await client.json(.post, "/api/debug/jobs", ["sleepMs": 0], token: tokens.access)
      let metrics = try await client.raw(.get, "/metrics")
      #expect(metrics.text.contains("hearth_http_requests_total"))
      #expect(metrics.text.contains("hearth_http_request_duration_seconds"))
      // The probe job is counted once, whichever state the worker has brought it to
      let jobLines = metrics.text.split(separator: "\n").filter { $0.hasPrefix("hearth_jobs{") }
      #expect(jobLines.count == 5)
      #expect(jobLines.compactMap { Double($0.split(separator: " ").last ?? "") }.reduce(0, +) == 1)
      #expect(metrics.text.contains("hearth_events_sequence"))
      #expect(metrics.headers[.init("X-Request-ID")!] != nil)
    }
  }
}
