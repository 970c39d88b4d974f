import Foundation
import HearthCore
import Testing

@Suite struct SMTPConversationTests {
  static let credentials = SMTPSettings.Credentials(username: "user", password: "pass")
  static let authPlain = "AUTH PLAIN " + Data("\u{0}user\u{0}pass".utf8).base64EncodedString()
  static let ehlo = "250-mail.example.org\r\n250-PIPELINING\r\n250-STARTTLS\r\n250 AUTH LOGIN PLAIN"
  static let ehloAfterTLS = "250-mail.example.org\r\n250-SIZE 1000\r\n250 AUTH PLAIN LOGIN"

  func conversation(
    _ security: SMTPSettings.Security = .startTLS,
    credentials: SMTPSettings.Credentials? = credentials,
    recipients: [String] = ["ada@example.com"]
  ) -> SMTPConversation {
    SMTPConversation(
      security: security, credentials: credentials, clientName: "hearth.example",
      sender: "hearth@example.org", recipients: recipients, message: Array("Hi\r\n.dot".utf8))
  }

  /// Feeds each server reply in turn and writes down what the client does: the lines it sends,
  /// `<TLS>` where TLS starts (and then goes on as if the handshake succeeded), `<done>`, or
  /// `<kind: message>` on failure.
  func transcript(
    _ conversation: inout SMTPConversation, _ replies: [String], unreadAfterEach: Int = 0
  ) throws -> [String] {
    var lines: [String] = []
    for text in replies {
      var reader = SMTPReplyReader()
      reader.append(Array((text + "\r\n").utf8))
      let reply = try #require(try reader.next())
      lines.append("S: \(reply.code)")
      var action = conversation.receive(reply, unreadBytes: unreadAfterEach)
      while true {
        switch action {
        case .send(let bytes):
          let text = String(decoding: bytes, as: UTF8.self)
          lines += text.split(separator: "\r\n").map { "C: " + $0 }
        case .startTLS:
          lines.append("<TLS>")
          action = conversation.tlsStarted()
          continue
        case .done: lines.append("<done>")
        case .fail(let error): lines.append("<\(error.kind): \(error.message)>")
        }
        break
      }
    }
    return lines
  }

  /// Given smtp:// with credentials, then the client turns to TLS, says EHLO again, logs in
  /// with AUTH PLAIN, sends the dot-stuffed message and quits.
  @Test func startTLSAuthAndDelivery() throws {
    var smtp = conversation()
    let lines = try transcript(
      &smtp,
      [
        "220 mail.example.org ESMTP", Self.ehlo, "220 2.0.0 Ready to start TLS",
        Self.ehloAfterTLS, "235 2.7.0 Authentication successful", "250 2.1.0 Ok",
        "250 2.1.5 Ok", "354 End data with <CR><LF>.<CR><LF>", "250 2.0.0 Ok: queued",
        "221 2.0.0 Bye",
      ])
    #expect(
      lines == [
        "S: 220", "C: EHLO hearth.example", "S: 250", "C: STARTTLS", "S: 220", "<TLS>",
        "C: EHLO hearth.example", "S: 250", "C: \(Self.authPlain)", "S: 235",
        "C: MAIL FROM:<hearth@example.org>", "S: 250", "C: RCPT TO:<ada@example.com>",
        "S: 250", "C: DATA", "S: 354", "C: Hi", "C: ..dot", "C: .", "S: 250", "C: QUIT",
        "S: 221", "<done>",
      ])
    #expect(smtp.isDelivered)
  }

  /// Given smtp:// and a server that does not offer STARTTLS, then the client stops before it
  /// sends anything else: the password never goes out in the clear.
  @Test func refusesAServerWithoutStartTLS() throws {
    var smtp = conversation()
    let lines = try transcript(
      &smtp, ["220 mail.example.org", "250-mail.example.org\r\n250 AUTH PLAIN LOGIN"])
    #expect(
      lines == [
        "S: 220", "C: EHLO hearth.example", "S: 250",
        "<configuration: the server does not offer STARTTLS>",
      ])
    #expect(!smtp.isDelivered)
  }

  /// Given bytes already waiting after the server's 220 to STARTTLS, then the client fails the
  /// connection instead of reading them as if they had come over TLS (STARTTLS injection).
  @Test func failsWhenDataFollowsTheAnswerToStartTLS() throws {
    var smtp = conversation()
    _ = try transcript(&smtp, ["220 mail.example.org", Self.ehlo])
    let lines = try transcript(&smtp, ["220 Ready"], unreadAfterEach: 12)
    #expect(
      lines == [
        "S: 220", "<transient: the server sent data after agreeing to STARTTLS (injection?)>",
      ])
  }

  /// Given capabilities that change once TLS is up, then only the ones said over TLS count.
  @Test func forgetsCapabilitiesHeardBeforeTLS() throws {
    var smtp = conversation()
    let lines = try transcript(
      &smtp, ["220 x", Self.ehlo, "220 Ready", "250-mail.example.org\r\n250 SIZE 100"])
    #expect(lines.last == "<configuration: the server does not offer AUTH PLAIN or LOGIN>")

    var login = conversation()
    let loginLines = try transcript(
      &login,
      [
        "220 x", Self.ehlo, "220 Ready", "250-mail.example.org\r\n250 AUTH=LOGIN",
        "334 VXNlcm5hbWU6", "334 UGFzc3dvcmQ6", "235 ok", "250 ok",
      ])
    #expect(
      Array(loginLines.dropFirst(8))
        == [
          "C: AUTH LOGIN", "S: 334", "C: dXNlcg==", "S: 334", "C: cGFzcw==", "S: 235",
          "C: MAIL FROM:<hearth@example.org>", "S: 250", "C: RCPT TO:<ada@example.com>",
        ])
  }

  @Test func authenticationRefusedIsAConfigurationError() throws {
    var smtp = conversation(.implicitTLS)
    let lines = try transcript(
      &smtp, ["220 x", Self.ehloAfterTLS, "535 5.7.8 Authentication credentials invalid"])
    #expect(lines.last == "<configuration: authentication refused (535 5.7.8)>")
  }

  /// Given a server that does not know AUTH PLAIN after all, then the client tries LOGIN.
  @Test func fallsBackToAuthLogin() throws {
    var smtp = conversation(.implicitTLS)
    let lines = try transcript(&smtp, ["220 x", Self.ehloAfterTLS, "504 5.5.4 Unrecognized"])
    #expect(lines.last == "C: AUTH LOGIN")
  }

  /// Given a relay without TLS in development, a server that does not know EHLO, and no
  /// credentials, then HELO follows and mail goes to every recipient (251 accepted).
  @Test func heloFallbackWithoutTLS() throws {
    var smtp = conversation(.none, credentials: nil, recipients: ["a@x.org", "b@y.org"])
    let lines = try transcript(
      &smtp, ["220 x", "502 EHLO?", "250 hi", "250 ok", "251 forwarding", "250 ok", "354 go"])
    #expect(
      lines == [
        "S: 220", "C: EHLO hearth.example", "S: 502", "C: HELO hearth.example", "S: 250",
        "C: MAIL FROM:<hearth@example.org>", "S: 250", "C: RCPT TO:<a@x.org>", "S: 251",
        "C: RCPT TO:<b@y.org>", "S: 250", "C: DATA", "S: 354", "C: Hi", "C: ..dot", "C: .",
      ])
    #expect(smtp.replyTimeoutSeconds == 300)
  }

  /// 4xx replies are worth retrying; 5xx replies to the transaction are not.
  @Test(arguments: [
    (["250 ok", "451 4.3.0 try later"], SMTPError.Kind.transient, "the recipient ada@example.com"),
    (["550 5.1.0 no such sender"], .permanent, "the sender was refused (550 5.1.0)"),
    (["250 ok", "550 5.1.1 no such user"], .permanent, "the recipient ada@example.com"),
    (["250 ok", "250 ok", "554 5.7.1 no"], .permanent, "the server refused DATA (554 5.7.1)"),
    (["250", "250", "354", "552 5.3.4 too big"], .permanent, "the message was refused"),
    (["421 4.7.0 closing"], .transient, "the sender was refused (421 4.7.0)"),
  ])
  func classifiesFailures(replies: [String], kind: SMTPError.Kind, message: String) throws {
    var smtp = conversation(.implicitTLS, credentials: nil)
    _ = try transcript(&smtp, ["220 x", Self.ehloAfterTLS])
    #expect(smtp.replyTimeoutSeconds == 60)
    var failure: SMTPError?
    for text in replies {
      var reader = SMTPReplyReader()
      reader.append(Array((text + "\r\n").utf8))
      if case .fail(let error) = smtp.receive(try #require(try reader.next())) { failure = error }
    }
    #expect(failure?.kind == kind)
    #expect(failure?.message.hasPrefix(message) == true)
    #expect(failure?.isTransient == (kind == .transient))
  }

  @Test func aRefusedGreetingFails() throws {
    var smtp = conversation()
    let lines = try transcript(&smtp, ["554 5.7.1 go away"])
    #expect(lines.last == "<configuration: the server refused the connection (554 5.7.1)>")
  }
}
