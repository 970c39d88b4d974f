import HearthCore
import Logging

/// Where mail goes when no SMTP server is set. Outside production the whole message, links
/// included, goes to the log at notice level, so a developer can still follow every link; in
/// production only who it was for and its subject, since log access must not be account access.
public struct LogMailer: Mailer {
  let logger: Logger
  let showsText: Bool

  public init(logger: Logger, showsText: Bool) {
    self.logger = logger
    self.showsText = showsText
  }

  public func send(_ message: MailMessage) async throws {
    let text =
      showsText ? message.text : "(its text, and any link in it, is not logged in production)"
    logger.notice(
      "Mail is off (HEARTH_SMTP_URL is not set); this message was logged, not sent:\n\(text)",
      metadata: [
        "from": "\(message.from)", "to": "\(message.to.map(\.description).joined(separator: ", "))",
        "subject": "\(message.subject)",
      ])
  }
}
