import Foundation
import Testing

@testable import HearthCore

@Suite struct MailMessageTests {
  let date = Date(timeIntervalSince1970: 1_795_791_300)

  func message(
    subject: String = "Your turn", from: MailAddress? = nil, text: String = "Hello\n",
    headers: [MailHeader] = []
  ) throws -> MailMessage {
    MailMessage(
      from: try from ?? MailAddress("hearth@example.org", name: "Hearth"),
      to: [try MailAddress("ada@example.com")], subject: subject, text: text,
      html: "<p>Hello</p>", headers: headers)
  }

  func rendered(_ message: MailMessage) throws -> String {
    String(decoding: try message.rendered(date: date, uniqueID: "0a1b2c"), as: UTF8.self)
  }

  /// Given a plain message, when it is rendered, then the headers and both parts come in order.
  @Test func rendersHeadersAndBothAlternatives() throws {
    let headers = [MailHeader("List-Unsubscribe", "<https://hearth.example/account>")]
    let text = try rendered(try message(headers: headers))
    #expect(
      text == """
        Date: Fri, 27 Nov 2026 14:55:00 +0000\r
        From: Hearth <hearth@example.org>\r
        To: ada@example.com\r
        Subject: Your turn\r
        Message-ID: <0a1b2c@example.org>\r
        MIME-Version: 1.0\r
        Auto-Submitted: auto-generated\r
        List-Unsubscribe: <https://hearth.example/account>\r
        Content-Type: multipart/alternative; boundary="=_hearth_0a1b2c"\r
        \r
        --=_hearth_0a1b2c\r
        Content-Type: text/plain; charset=utf-8\r
        Content-Transfer-Encoding: quoted-printable\r
        \r
        Hello\r
        \r
        --=_hearth_0a1b2c\r
        Content-Type: text/html; charset=utf-8\r
        Content-Transfer-Encoding: quoted-printable\r
        \r
        <p>Hello</p>\r
        --=_hearth_0a1b2c--\r

        """)
  }

  /// Given a long Japanese subject, when it is rendered, then it is folded into encoded-words of
  /// at most 75 characters that decode, each alone, to whole characters of the original.
  @Test func aLongJapaneseSubjectBecomesEncodedWords() throws {
    let subject = "お知らせ：あなたの番です。ルーム「夕暮れの図書館で話そう」で、みんながあなたの言葉を待っています ✓"
    let text = try rendered(try message(subject: subject))
    let header = try #require(headerBlock("Subject", in: text))
    let lines = header.components(separatedBy: "\r\n")
    #expect(lines.count > 2)
    #expect(lines.allSatisfy { $0.utf8.count <= 76 })
    #expect(lines.dropFirst().allSatisfy { $0.hasPrefix(" =?UTF-8?B?") })
    let words = lines.map {
      $0.hasPrefix("Subject: ") ? String($0.dropFirst(9)) : String($0.dropFirst())
    }
    var decoded = ""
    for word in words {
      #expect(word.count <= 75 && word.hasPrefix("=?UTF-8?B?") && word.hasSuffix("?="))
      let data = try #require(Data(base64Encoded: String(word.dropFirst(10).dropLast(2))))
      decoded += try #require(String(data: data, encoding: .utf8))
    }
    #expect(decoded == subject)
  }

  @Test func plainTextStaysUnlessItLooksEncodedOrIsTooLong() throws {
    #expect(MailMessage.unstructured("Hello, world", room: 67) == "Hello, world")
    #expect(MailMessage.unstructured("=?x?=", room: 67) == "=?UTF-8?B?PT94Pz0=?=")
    let long = MailMessage.unstructured(String(repeating: "x", count: 2000), room: 67)
    #expect(long.components(separatedBy: "\r\n").allSatisfy { $0.utf8.count <= 76 })
  }

  /// Given display names in several forms, then each is written so that it parses back.
  @Test(arguments: [
    ("Hearth", "Hearth <h@example.org>"),
    ("Hearth, Inc.", "\"Hearth, Inc.\" <h@example.org>"),
    ("Say \"hi\"", "\"Say \\\"hi\\\"\" <h@example.org>"),
    ("Zoë", "=?UTF-8?B?Wm/Dqw==?= <h@example.org>"),
  ])
  func displayNames(name: String, expected: String) throws {
    #expect(MailMessage.mailbox(try MailAddress("h@example.org", name: name), room: 70) == expected)
  }

  @Test func parsesASenderSetting() throws {
    let quoted = try MailAddress(parsing: "\"Hearth, Inc.\" <hearth@example.org>")
    #expect(quoted.name == "Hearth, Inc." && quoted.address == "hearth@example.org")
    let bare = try MailAddress(parsing: " hearth@example.org ")
    #expect(bare.name == nil && bare.domain == "example.org")
    #expect(throws: MailError.self) { try MailAddress(parsing: "Hearth <not an address>") }
    #expect(throws: MailError.self) { try MailAddress("zoë@example.org") }
    #expect(throws: MailError.self) { try MailAddress("a@b@example.org") }
  }

  /// Given a line break in any header value, when the message is rendered, then it is refused:
  /// room names reach subjects, and a line break would start a header of their choosing.
  @Test(arguments: ["Hi\r\nBcc: eve@example.com", "Hi\nBcc: x", "Hi\rBcc: x", "\r\n"])
  func refusesLineBreaksInHeaders(value: String) throws {
    #expect(throws: MailError.lineBreakInHeader("Subject")) {
      try message(subject: value).rendered(date: date, uniqueID: "a1")
    }
    let header = MailHeader("List-Unsubscribe", value)
    #expect(throws: MailError.lineBreakInHeader("List-Unsubscribe")) {
      try message(headers: [header]).rendered(date: date, uniqueID: "a1")
    }
    #expect(throws: MailError.lineBreakInHeader("display name")) {
      try MailAddress("h@example.org", name: value)
    }
    #expect(throws: MailError.self) { try MailAddress("h@example.org" + value) }
  }

  @Test func refusesBadHeaderNamesAndIDs() throws {
    #expect(throws: MailError.invalidHeaderName("X Bad")) {
      try message(headers: [MailHeader("X Bad", "v")]).rendered(date: date, uniqueID: "a1")
    }
    #expect(throws: MailError.invalidUniqueID("a>b")) {
      try message().rendered(date: date, uniqueID: "a>b")
    }
  }

  /// Given a body with long lines, non-ASCII text, `=` and trailing spaces, when it is encoded,
  /// then no line exceeds 76 characters and it decodes to the original.
  @Test func quotedPrintableKeepsLinesShortAndDecodes() {
    let body = String(repeating: "日本語のテキストと a=b ", count: 12) + "\nend  \n.dot line\nlast"
    let encoded = QuotedPrintable.encode(body)
    let lines = encoded.components(separatedBy: "\r\n")
    #expect(lines.allSatisfy { $0.utf8.count <= 76 })
    #expect(lines.contains(".dot line"))
    #expect(lines.contains("end =20"))
    #expect(decodeQuotedPrintable(encoded) == body.replacingOccurrences(of: "\n", with: "\r\n"))
  }

  @Test func quotedPrintableUsesAllSeventySixColumns() {
    let exact = String(repeating: "a", count: 76)
    #expect(QuotedPrintable.encode(exact) == exact)
    let over = String(repeating: "a", count: 77)
    #expect(QuotedPrintable.encode(over) == String(repeating: "a", count: 75) + "=\r\naa")
  }

  func headerBlock(_ name: String, in text: String) -> String? {
    // "\r\n" is one Character.
    guard let start = text.range(of: "\r\n\(name): ")?.lowerBound else { return nil }
    var lines: [Substring] = []
    for line in text[text.index(after: start)...].split(separator: "\r\n") {
      guard lines.isEmpty || line.hasPrefix(" ") else { break }
      lines.append(line)
    }
    return lines.joined(separator: "\r\n")
  }

  func decodeQuotedPrintable(_ text: String) -> String {
    var bytes: [UInt8] = []
    let input = Array(text.replacingOccurrences(of: "=\r\n", with: "").utf8)
    var index = 0
    while index < input.count {
      if input[index] == UInt8(ascii: "="), index + 2 < input.count,
        let byte = UInt8(String(decoding: input[index + 1...index + 2], as: UTF8.self), radix: 16)
      {
        bytes.append(byte)
        index += 3
      } else {
        bytes.append(input[index])
        index += 1
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}
