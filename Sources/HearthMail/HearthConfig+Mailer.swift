import HearthCore
import Logging

extension HearthConfig {
  /// The mailer these settings ask for: SMTP when HEARTH_SMTP_URL is set, the log otherwise.
  public func mailer(logger: Logger) throws -> any Mailer {
    guard let smtp else { return LogMailer(logger: logger, showsText: environment != .production) }
    return try SMTPMailer(
      settings: smtp, caFile: smtpCAFile, clientName: smtpClientName, logger: logger)
  }
}
