/// One email: who it is from and to, its subject, and its body as plain text and as HTML.
public struct MailMessage: Equatable, Sendable {
  public var from: MailAddress
  public var to: [MailAddress]
  public var subject: String
  public var text: String
  public var html: String
  /// Further headers, such as List-Unsubscribe, written after the standard ones.
  public var headers: [MailHeader]

  public init(
    from: MailAddress, to: [MailAddress], subject: String, text: String, html: String,
    headers: [MailHeader] = []
  ) {
    self.from = from
    self.to = to
    self.subject = subject
    self.text = text
    self.html = html
    self.headers = headers
  }
}

public struct MailHeader: Equatable, Sendable {
  public var name: String
  public var value: String

  public init(_ name: String, _ value: String) {
    self.name = name
    self.value = value
  }
}
