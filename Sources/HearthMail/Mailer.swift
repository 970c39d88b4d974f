import HearthCore

/// Sends email. `SMTPMailer` hands it to a server; `LogMailer` only logs it, when mail is off.
public protocol Mailer: Sendable {
  /// Throws an `SMTPError` that says whether trying again later may help.
  func send(_ message: MailMessage) async throws
}
