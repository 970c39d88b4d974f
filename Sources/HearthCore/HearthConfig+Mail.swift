import Foundation

extension HearthConfig {
  static let defaultMailFrom = try! MailAddress("hearth@localhost", name: "Hearth")

  /// The name this server gives in EHLO: the host of its public URL, or `localhost`.
  public var smtpClientName: String {
    guard let publicURL, let host = URLComponents(string: publicURL)?.host, !host.isEmpty else {
      return "localhost"
    }
    return Self.isIPAddress(host) ? "[\(host)]" : host
  }

  /// Whether new accounts get a link to confirm their email (HEARTH_EMAIL_VERIFICATION): on in
  /// production, off otherwise, unless set.
  public var emailVerification: Bool { emailVerificationSetting ?? (environment == .production) }

  /// Where links in mail and notices lead: HEARTH_PUBLIC_URL, or the address this server
  /// listens on (loopback when it listens on every address).
  public var linkBase: String {
    if let publicURL { return publicURL }
    let shown = host == "0.0.0.0" || host == "::" ? "127.0.0.1" : host
    return "http://\(shown.contains(":") ? "[\(shown)]" : shown):\(port)"
  }

  /// What `serve` and `worker` check before they start: production that asks new accounts to
  /// confirm their email needs a way to mail the link. Other commands run without mail.
  public func checkMailForServing() throws(Error) {
    guard smtp == nil, emailVerification, environment == .production else { return }
    throw Error(
      variable: "HEARTH_EMAIL_VERIFICATION",
      expected: "off, or HEARTH_SMTP_URL set so that verification links can be mailed",
      value: emailVerificationSetting == nil ? "on (the production default)" : "on")
  }

  /// HEARTH_SMTP_URL, HEARTH_SMTP_CA_FILE, HEARTH_MAIL_FROM and HEARTH_EMAIL_VERIFICATION. Production sends mail only over
  /// TLS, from a sender someone chose, with links to a known public URL.
  mutating func readMail(_ value: (String) -> String?) throws(Error) {
    if let raw = value("HEARTH_SMTP_URL") {
      let settings: SMTPSettings
      do {
        settings = try SMTPSettings(url: raw)
      } catch {
        throw Error(
          variable: "HEARTH_SMTP_URL",
          expected: "smtp://user:pass@host:587 or smtps://user:pass@host:465 (\(error.reason))",
          value: SMTPSettings.redacted(raw))
      }
      if settings.security == .none, environment == .production {
        throw Error(
          variable: "HEARTH_SMTP_URL",
          expected: "STARTTLS or smtps:// (tls=none is for development)",
          value: SMTPSettings.redacted(raw))
      }
      smtp = settings
    }
    smtpCAFile = value("HEARTH_SMTP_CA_FILE")
    if let raw = value("HEARTH_MAIL_FROM") {
      do {
        mailFrom = try MailAddress(parsing: raw)
      } catch {
        throw Error(
          variable: "HEARTH_MAIL_FROM", expected: "a sender like Hearth <hearth@example.org>",
          value: raw)
      }
    }
    if let raw = value("HEARTH_EMAIL_VERIFICATION") {
      switch raw.lowercased() {
      case "on": emailVerificationSetting = true
      case "off": emailVerificationSetting = false
      default: throw Error(variable: "HEARTH_EMAIL_VERIFICATION", expected: "on or off", value: raw)
      }
    }
    guard smtp != nil, environment == .production else { return }
    if value("HEARTH_MAIL_FROM") == nil {
      throw Error(
        variable: "HEARTH_MAIL_FROM",
        expected: "a sender like Hearth <hearth@example.org> when HEARTH_SMTP_URL is set",
        value: "")
    }
    if publicURL == nil {
      throw Error(
        variable: "HEARTH_PUBLIC_URL",
        expected: "the URL people use, for links in mail, when HEARTH_SMTP_URL is set", value: "")
    }
  }
}
