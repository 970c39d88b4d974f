import Foundation
import HTTPTypes
import HearthTesting
import Testing

/// Log-in CSRF (a cross-site page signing a browser into the attacker's account) and the other
/// ways a page route could be written to from elsewhere.
@Suite struct LoginCSRFTests {
  @Test func pageWritesTakeOnlyTokenedFormsFromThisSite() async throws {
    let server = try await TestServer()
    try await server.run(schemaChecked: false) { client in
      _ = try await client.signup("ann@example.com", name: "Ann")
      let page = try await client.raw(.get, "/login")
      let anonymous = try #require(WebFlowTests.cookies(page)["hearth_csrf"])
      let fields = ["email": "ann@example.com", "password": "correct horse", "_csrf": anonymous]
      func login(_ headers: HTTPFields, body: Data = WebFlowTests.form(fields)) async throws
        -> JSONReply
      {
        var all = headers
        if all[.cookie] == nil { all[.cookie] = "hearth_csrf=\(anonymous)" }
        return try await client.raw(.post, "/login", body: body, headers: all)
      }
      let form: HTTPFields = [.contentType: "application/x-www-form-urlencoded"]

      // A cross-site form posted as text/plain carries the right fields but is no form: 415
      let plain = try await login([.contentType: "text/plain"])
      #expect(plain.status == 415 && WebFlowTests.cookies(plain)["hearth_session"] == nil)
      let json = try await login([.contentType: "application/json"], body: Data("{}".utf8))
      #expect(json.status == 415)
      // The browser saying the form came from another site is refused, token or not
      var crossSite = form
      crossSite[HTTPField.Name("Sec-Fetch-Site")!] = "cross-site"
      #expect(try await login(crossSite).status == 403)
      var foreign = form
      foreign[HTTPField.Name("Origin")!] = "https://evil.example"
      #expect(try await login(foreign).status == 403)
      var opaque = form
      opaque[HTTPField.Name("Origin")!] = "null"
      #expect(try await login(opaque).status == 403)
      // From this site, with the token, the person is signed in
      var own = form
      own[HTTPField.Name("Sec-Fetch-Site")!] = "same-origin"
      let signedIn = try await login(own)
      #expect(signedIn.status == 302 && WebFlowTests.cookies(signedIn)["hearth_session"] != nil)
    }
  }

  @Test func aHugeFormIsTooLargeNotAnError() async throws {
    let server = try await TestServer()
    try await server.run(schemaChecked: false) { client in
      let page = try await client.raw(.get, "/login")
      let anonymous = try #require(WebFlowTests.cookies(page)["hearth_csrf"])
      let huge = Data(("email=" + String(repeating: "a", count: 2 << 20)).utf8)
      let reply = try await client.raw(
        .post, "/login", body: huge,
        headers: [
          .contentType: "application/x-www-form-urlencoded", .cookie: "hearth_csrf=\(anonymous)",
        ])
      #expect(reply.status == 413)
    }
  }
}
