import HearthCore
import Testing

@Suite struct SMTPReplyTests {
  func replies(_ text: String) throws -> [SMTPReply] {
    var reader = SMTPReplyReader()
    reader.append(Array(text.utf8))
    var replies: [SMTPReply] = []
    while let reply = try reader.next() { replies.append(reply) }
    return replies
  }

  /// Given an EHLO answer of several lines, then it is one reply with every line's text.
  @Test func readsAMultiLineReply() throws {
    let replies = try replies(
      "250-mail.example.org greets you\r\n250-PIPELINING\r\n250-AUTH PLAIN LOGIN\r\n250 STARTTLS\r\n"
    )
    #expect(
      replies == [
        SMTPReply(
          code: 250,
          lines: ["mail.example.org greets you", "PIPELINING", "AUTH PLAIN LOGIN", "STARTTLS"])
      ])
  }

  @Test func readsBareCodesAndKeepsTheEnhancedStatus() throws {
    let replies = try replies("250\r\n535 5.7.8 Authentication credentials invalid\r\n")
    #expect(replies.map(\.code) == [250, 535])
    #expect(replies[0].lines == [""] && replies[0].enhancedStatus == nil)
    #expect(replies[1].enhancedStatus == "5.7.8")
    #expect(replies[1].status == "535 5.7.8")
    #expect(replies[1].text == "Authentication credentials invalid")
  }

  /// Given a reply that arrives a few bytes at a time, then it is read once it is whole, and
  /// what follows it stays unread.
  @Test func waitsForAWholeReplyAndCountsWhatFollows() throws {
    var reader = SMTPReplyReader()
    for chunk in ["22", "0-first\r", "\n220 second"] {
      reader.append(Array(chunk.utf8))
      #expect(try reader.next() == nil)
    }
    reader.append(Array("\r\n250 extra".utf8))
    #expect(try reader.next() == SMTPReply(code: 220, lines: ["first", "second"]))
    #expect(reader.unreadByteCount == "250 extra".utf8.count)
    #expect(try reader.next() == nil)
  }

  @Test(arguments: [
    "250-one\r\n251 two\r\n",
    "hello\r\n",
    "25\r\n",
    "2500 x\r\n",
    "650 x\r\n",
    String(repeating: "250-x\r\n", count: 100) + "250 x\r\n",
    "250 " + String(repeating: "x", count: 5000) + "\r\n",
    "250 " + String(repeating: "x", count: 5000),
  ])
  func refusesMalformedReplies(text: String) {
    #expect(throws: SMTPError.self) { try replies(text) }
  }
}
