/// Why a message was not delivered, and whether sending it again later may help.
public struct SMTPError: Error, Equatable, Sendable, CustomStringConvertible {
  public enum Kind: Equatable, Sendable {
    /// A 4xx reply, a dropped connection or a timeout: try again later.
    case transient
    /// A 5xx reply to MAIL, RCPT or DATA: this message will never be accepted.
    case permanent
    /// A 5xx reply to AUTH, or a server that lacks what the settings require: an administrator
    /// has to act.
    case configuration
  }

  public var kind: Kind
  /// What went wrong, like "authentication refused (535 5.7.8)".
  public var message: String
  public var reply: SMTPReply?

  public init(_ kind: Kind, _ message: String, reply: SMTPReply? = nil) {
    self.kind = kind
    self.message = message
    self.reply = reply
  }

  public var isTransient: Bool { kind == .transient }

  public var description: String {
    guard let text = reply?.text, !text.isEmpty else { return message }
    return message + ": " + String(text.prefix(200))
  }

  static func malformed(_ message: String) -> SMTPError {
    SMTPError(.transient, "the server's reply is malformed: " + message)
  }
}
