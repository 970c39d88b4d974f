import HearthCore
import Testing

@Suite struct SMTPDataTests {
  func stuffed(_ text: String) -> String {
    String(decoding: SMTPData.stuffed(Array(text.utf8)), as: UTF8.self)
  }

  /// Given lines that begin with dots and mixed line ends, when the message is stuffed, then every
  /// leading dot is doubled, every line ends in CRLF, and the message ends with CRLF.CRLF.
  @Test(arguments: [
    ("a\n.b\r\n..c\rd", "a\r\n..b\r\n...c\r\nd\r\n.\r\n"),
    (".\r\n", "..\r\n.\r\n"),
    ("end\r\n", "end\r\n.\r\n"),
    ("x.y\n\n.", "x.y\r\n\r\n..\r\n.\r\n"),
    ("", ".\r\n"),
  ])
  func dotStuffing(input: String, expected: String) {
    #expect(stuffed(input) == expected)
  }
}
