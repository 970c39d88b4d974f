import HearthCore
import HearthMail
import HearthPlatform
import Logging
import Testing

@Suite struct MailerTests {
  let logger = Logger(label: "test")

  /// Given no HEARTH_SMTP_URL, mail goes to the log; given one, to SMTP.
  @Test func theSettingsChooseTheMailer() throws {
    #expect(try HearthConfig.load([:]).mailer(logger: logger) is LogMailer)
    let smtp = try HearthConfig.load([
      "HEARTH_ENV": "development", "HEARTH_SMTP_URL": "smtps://127.0.0.1:1",
    ])
    #expect(try smtp.mailer(logger: logger) is SMTPMailer)
  }

  /// Given a CA file that holds no certificate, then the mailer is not made, and the error names
  /// the variable.
  @Test func anUnreadableCAFileIsAConfigurationError() throws {
    let config = try HearthConfig.load([
      "HEARTH_ENV": "development", "HEARTH_SMTP_URL": "smtps://127.0.0.1:1",
      "HEARTH_SMTP_CA_FILE": "/nonexistent/ca.pem",
    ])
    #expect {
      try config.mailer(logger: logger)
    } throws: { error in
      let error = error as? SMTPError
      return error?.kind == .configuration
        && error?.message.contains("HEARTH_SMTP_CA_FILE") == true
    }
  }

  /// Given nothing listening, then sending fails as worth retrying.
  @Test func aRefusedConnectionIsTransient() async throws {
    let config = try HearthConfig.load([
      "HEARTH_ENV": "development", "HEARTH_SMTP_URL": "smtp://127.0.0.1:1?tls=none",
    ])
    let message = MailMessage(
      from: config.mailFrom, to: [try MailAddress("a@example.org")], subject: "s", text: "t",
      html: "<p>t</p>")
    await #expect {
      try await config.mailer(logger: logger).send(message)
    } throws: { error in
      (error as? SMTPError)?.isTransient == true
    }
  }
}
