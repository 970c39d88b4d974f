import HearthCore
import Testing

@Suite struct SMTPSettingsTests {
  @Test func readsEachForm() throws {
    let startTLS = try SMTPSettings(url: "smtp://user:pass@mail.example.org")
    #expect(
      startTLS
        == SMTPSettings(
          host: "mail.example.org", port: 587, security: .startTLS,
          credentials: .init(username: "user", password: "pass")))
    let implicit = try SMTPSettings(url: "SMTPS://mail.example.org")
    #expect(
      implicit.port == 465 && implicit.security == .implicitTLS && implicit.credentials == nil)
    let relay = try SMTPSettings(url: "smtp://127.0.0.1:1025?tls=none")
    #expect(relay.port == 1025 && relay.security == .none && relay.hostIsIPAddress)
    let ipv6 = try SMTPSettings(url: "smtps://[::1]:2465/")
    #expect(ipv6.host == "::1" && ipv6.port == 2465 && ipv6.hostIsIPAddress)
  }

  /// Given credentials with reserved characters percent-encoded, then they are decoded.
  @Test func decodesCredentials() throws {
    let settings = try SMTPSettings(
      url: "smtp://me%40example.org:p%3Ass%2F%40w@mail.example.org:25")
    #expect(settings.credentials == .init(username: "me@example.org", password: "p:ss/@w"))
    #expect(settings.description == "smtp://me@example.org:***@mail.example.org:25")
  }

  @Test(arguments: [
    "http://mail.example.org", "smtp://", "smtp:///x", "smtps://mail.example.org?tls=none",
    "smtp://mail.example.org?tls=maybe", "smtp://mail.example.org/path", "not a url",
    "smtp://mail.example.org:0",
  ])
  func refusesBadURLs(url: String) {
    #expect(throws: SMTPSettings.ParseError.self) { try SMTPSettings(url: url) }
  }

  @Test func redactsPasswordsInURLsThatDoNotParse() {
    #expect(SMTPSettings.redacted("smtp://u:secret@host:1/x") == "smtp://u:***@host:1/x")
    #expect(SMTPSettings.redacted("smtp://u:p@ss@host") == "smtp://u:***@host")
    #expect(SMTPSettings.redacted("smtp://host:25") == "smtp://host:25")
  }
}
