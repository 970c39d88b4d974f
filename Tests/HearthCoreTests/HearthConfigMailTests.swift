import HearthCore
import Testing

@Suite struct HearthConfigMailTests {
  static let production = [
    "HEARTH_ENV": "production", "HEARTH_PUBLIC_URL": "https://hearth.example",
    "HEARTH_MAIL_FROM": "Hearth <hearth@hearth.example>",
  ]

  func variable(of env: [String: String]) -> String? {
    do {
      _ = try HearthConfig.load(env)
      return nil
    } catch {
      return error.variable
    }
  }

  @Test func mailIsOffUnlessSMTPIsSet() throws {
    let config = try HearthConfig.load([:])
    #expect(config.smtp == nil && config.smtpCAFile == nil)
    #expect(config.mailFrom == (try MailAddress("hearth@localhost", name: "Hearth")))
  }

  @Test func readsTheMailSettings() throws {
    var env = Self.production
    env["HEARTH_SMTP_URL"] = "smtp://me%40x.org:secret@mail.example.org"
    env["HEARTH_SMTP_CA_FILE"] = "/etc/hearth/relay-ca.pem"
    let config = try HearthConfig.load(env)
    #expect(
      config.smtp
        == SMTPSettings(
          host: "mail.example.org", port: 587, security: .startTLS,
          credentials: .init(username: "me@x.org", password: "secret")))
    #expect(config.smtpCAFile == "/etc/hearth/relay-ca.pem")
    #expect(config.mailFrom == (try MailAddress("hearth@hearth.example", name: "Hearth")))
  }

  /// Given a URL that does not parse, then the error names the variable and hides the password.
  @Test func aBadURLNamesTheVariableWithoutThePassword() {
    do {
      _ = try HearthConfig.load(["HEARTH_SMTP_URL": "smtp://u:hunter2@mail.example.org/x"])
      Issue.record("a URL with a path was accepted")
    } catch {
      #expect(error.variable == "HEARTH_SMTP_URL")
      #expect(!error.description.contains("hunter2"))
    }
  }

  /// Production sends mail only over TLS, from a chosen sender, with links to its public URL.
  @Test func productionRules() {
    var relay = Self.production
    relay["HEARTH_SMTP_URL"] = "smtp://127.0.0.1:1025?tls=none"
    #expect(variable(of: relay) == "HEARTH_SMTP_URL")
    relay["HEARTH_ENV"] = "development"
    #expect(variable(of: relay) == nil)

    var noSender = Self.production
    noSender["HEARTH_SMTP_URL"] = "smtps://mail.example.org"
    noSender["HEARTH_MAIL_FROM"] = nil
    #expect(variable(of: noSender) == "HEARTH_MAIL_FROM")
    noSender["HEARTH_ENV"] = "development"
    #expect(variable(of: noSender) == nil)

    var noPublicURL = Self.production
    noPublicURL["HEARTH_SMTP_URL"] = "smtps://mail.example.org"
    noPublicURL["HEARTH_PUBLIC_URL"] = nil
    #expect(variable(of: noPublicURL) == "HEARTH_PUBLIC_URL")
  }

  /// Verification is on in production and off elsewhere; on needs SMTP to mail its links.
  @Test func emailVerification() throws {
    #expect(try HearthConfig.load([:]).emailVerification)
    #expect(!(try HearthConfig.load(["HEARTH_ENV": "development"]).emailVerification))
    #expect(
      try HearthConfig.load(["HEARTH_ENV": "development", "HEARTH_EMAIL_VERIFICATION": "on"])
        .emailVerification)
    #expect(variable(of: ["HEARTH_EMAIL_VERIFICATION": "maybe"]) == "HEARTH_EMAIL_VERIFICATION")

    var production = Self.production
    do {
      try HearthConfig.load(production).checkMailForServing()
      Issue.record("production with verification and no SMTP may serve")
    } catch {
      #expect(error.variable == "HEARTH_EMAIL_VERIFICATION")
      #expect(error.description.contains("HEARTH_SMTP_URL"))
    }
    production["HEARTH_SMTP_URL"] = "smtps://mail.example.org"
    #expect(try HearthConfig.load(production).emailVerification)
    try HearthConfig.load(production).checkMailForServing()
    production["HEARTH_SMTP_URL"] = nil
    production["HEARTH_EMAIL_VERIFICATION"] = "off"
    #expect(!(try HearthConfig.load(production).emailVerification))
    try HearthConfig.load(production).checkMailForServing()
  }

  @Test func linksUseThePublicURLOrTheListeningAddress() throws {
    #expect(try HearthConfig.load(["HEARTH_PORT": "9000"]).linkBase == "http://127.0.0.1:9000")
    #expect(
      try HearthConfig.load(["HEARTH_PUBLIC_URL": "https://h.example/"]).linkBase
        == "https://h.example")
  }

  @Test func aBadSenderNamesItsVariable() {
    #expect(variable(of: ["HEARTH_MAIL_FROM": "Hearth <nobody>"]) == "HEARTH_MAIL_FROM")
    #expect(variable(of: ["HEARTH_MAIL_FROM": "Hearth <a@b.org>\r\nBcc: x@y.org"]) != nil)
  }
}
