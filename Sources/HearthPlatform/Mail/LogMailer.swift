import HearthCore
import Logging

/// Where mail goes when no SMTP server is set: the whole message, links included, goes to the
/// log at notice level, so a developer can still follow every link.
public struct LogMailer: Mailer {
  let logger: Logger

  public init(logger: Logger) {
    self.logger = logger
  }

  public func send(_ message: MailMessage) async throws {
    logger.notice(
      "Mail is off (HEARTH_SMTP_URL is not set); this message was logged, not sent:\n\(message.text)",
      metadata: [
        "from": "\(message.from)", "to": "\(message.to.map(\.description).joined(separator: ", "))",
        "subject": "\(message.subject)",
      ])
  }
}
