import Foundation

extension MailMessage {
  /// The message as RFC 5322 bytes with CRLF line ends, ready for `SMTPData.stuffed`.
  /// `uniqueID` (random hex from the caller) makes the Message-ID and the MIME boundary.
  public func rendered(date: Date, uniqueID: String) throws(MailError) -> [UInt8] {
    guard !to.isEmpty else { throw .noRecipients }
    guard !subject.hasLineBreak else { throw .lineBreakInHeader("Subject") }
    for header in headers {
      guard !header.name.isEmpty, header.name.utf8.allSatisfy({ (33...126).contains($0) }),
        !header.name.contains(":")
      else { throw .invalidHeaderName(header.name) }
      guard !header.value.hasLineBreak else { throw .lineBreakInHeader(header.name) }
    }
    guard !uniqueID.isEmpty, uniqueID.utf8.allSatisfy(MailAddress.isAlphanumeric) else {
      throw .invalidUniqueID(uniqueID)
    }
    let boundary = "=_hearth_" + uniqueID
    var lines = [
      "Date: " + Self.dateFormatter().string(from: date),
      "From: " + Self.mailbox(from, room: 76 - "From: ".count),
      "To: " + to.map { Self.mailbox($0, room: 76 - "To: ".count) }.joined(separator: ",\r\n "),
      "Subject: " + Self.unstructured(subject, room: 76 - "Subject: ".count),
      "Message-ID: <\(uniqueID)@\(from.domain)>",
      "MIME-Version: 1.0",
      "Auto-Submitted: auto-generated",
    ]
    lines += headers.map { "\($0.name): " + Self.unstructured($0.value, room: 74 - $0.name.count) }
    lines += [
      "Content-Type: multipart/alternative; boundary=\"\(boundary)\"",
      "",
      "--" + boundary,
      "Content-Type: text/plain; charset=utf-8",
      "Content-Transfer-Encoding: quoted-printable",
      "",
      QuotedPrintable.encode(text),
      "--" + boundary,
      "Content-Type: text/html; charset=utf-8",
      "Content-Transfer-Encoding: quoted-printable",
      "",
      QuotedPrintable.encode(html),
      "--" + boundary + "--",
      "",
    ]
    return Array(lines.joined(separator: "\r\n").utf8)
  }

  /// Plain text as it is, unless it is too long for one line: SMTP allows 998 octets, and
  /// encoded-words fold where plain text may have no space to fold at.
  static func unstructured(_ value: String, room: Int) -> String {
    guard EncodedWord.isNeeded(value) || value.utf8.count > 900 else { return value }
    return EncodedWord.words(value, firstRoom: room).joined(separator: "\r\n ")
  }

  static func mailbox(_ mailbox: MailAddress, room: Int) -> String {
    guard let name = mailbox.name else { return mailbox.address }
    return phrase(name, room: room) + " <\(mailbox.address)>"
  }

  /// A display name: plain words as they are, other ASCII quoted, anything else encoded.
  static func phrase(_ name: String, room: Int) -> String {
    if EncodedWord.isNeeded(name) {
      return EncodedWord.words(name, firstRoom: room).joined(separator: "\r\n ")
    }
    if name.utf8.allSatisfy({ MailAddress.isAtext($0) || $0 == 0x20 }) { return name }
    let escaped = name.replacingOccurrences(of: "\\", with: "\\\\")
      .replacingOccurrences(of: "\"", with: "\\\"")
    return "\"\(escaped)\""
  }

  static func dateFormatter() -> DateFormatter {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss Z"
    return formatter
  }
}
