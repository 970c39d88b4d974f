import Foundation

/// The client side of one SMTP transaction as a state machine: each reply from the server maps
/// to the next thing to send, to starting TLS, or to the end. It does no I/O.
public struct SMTPConversation: Sendable {
  public enum Action: Equatable, Sendable {
    /// Write these bytes, then read the next reply.
    case send([UInt8])
    /// Start TLS on the connection, then call `tlsStarted()`.
    case startTLS
    /// The message was accepted; close the connection.
    case done
    case fail(SMTPError)
  }

  enum State: Equatable, Sendable {
    case greeting, ehlo, helo, startTLS, tlsHandshake
    case authPlain, authLogin, authLoginUsername, authLoginPassword
    case mailFrom
    case recipient(Int)
    case data, message, quit, finished
  }

  public let security: SMTPSettings.Security
  public let credentials: SMTPSettings.Credentials?
  /// The name this client gives in EHLO: a domain, or an address literal like `[127.0.0.1]`.
  public let clientName: String
  public let sender: String
  public let recipients: [String]
  let message: [UInt8]

  private(set) var state = State.greeting
  private(set) var capabilities = SMTPCapabilities()
  private var tlsActive: Bool
  /// The server took the message; what follows (QUIT) no longer matters.
  public private(set) var isDelivered = false

  /// `message` is the rendered message; the conversation dot-stuffs it.
  public init(
    security: SMTPSettings.Security, credentials: SMTPSettings.Credentials?, clientName: String,
    sender: String, recipients: [String], message: [UInt8]
  ) {
    self.security = security
    self.credentials = credentials
    self.clientName = clientName
    self.sender = sender
    self.recipients = recipients
    self.message = message
    tlsActive = security == .implicitTLS
  }

  /// How long to wait for the next reply: the server may take longer to accept a whole message
  /// than to answer a command.
  public var replyTimeoutSeconds: Int { state == .message ? 300 : 60 }

  /// The next step after `reply`. `unreadBytes` counts what the server sent after it: after the
  /// answer to STARTTLS there must be nothing, or someone on the path injected commands in the
  /// clear to be read as if they came over TLS.
  public mutating func receive(_ reply: SMTPReply, unreadBytes: Int = 0) -> Action {
    let action = next(after: reply, unreadBytes: unreadBytes)
    if case .fail = action { state = .finished }
    if action == .done { state = .finished }
    return action
  }

  /// TLS is up: every capability heard in the clear is forgotten, and EHLO is said again.
  public mutating func tlsStarted() -> Action {
    guard state == .tlsHandshake else { return .fail(SMTPError(.transient, "TLS started unasked")) }
    tlsActive = true
    capabilities = SMTPCapabilities()
    return ehlo()
  }

  private mutating func next(after reply: SMTPReply, unreadBytes: Int) -> Action {
    switch state {
    case .greeting:
      guard reply.code == 220 else {
        return failure(reply, "the server refused the connection", permanentAs: .configuration)
      }
      return ehlo()
    case .ehlo:
      if reply.code == 250 {
        capabilities = SMTPCapabilities(ehloReply: reply)
        return afterHello()
      }
      guard (500..<600).contains(reply.code) else { return failure(reply, "EHLO failed") }
      state = .helo
      return command("HELO \(clientName)")
    case .helo:
      guard reply.code == 250 else {
        return failure(reply, "the server refused HELO", permanentAs: .configuration)
      }
      capabilities = SMTPCapabilities()
      return afterHello()
    case .startTLS:
      guard reply.code == 220 else {
        return failure(reply, "the server refused STARTTLS", permanentAs: .configuration)
      }
      guard unreadBytes == 0 else {
        return .fail(
          SMTPError(.transient, "the server sent data after agreeing to STARTTLS (injection?)"))
      }
      state = .tlsHandshake
      return .startTLS
    case .tlsHandshake, .finished:
      return .fail(SMTPError(.transient, "the server sent an unexpected reply", reply: reply))
    case .authPlain:
      if reply.code == 235 { return mailFrom() }
      if reply.code == 504, capabilities.authMechanisms.contains("LOGIN") { return authLogin() }
      return failure(reply, "authentication refused", permanentAs: .configuration)
    case .authLogin, .authLoginUsername:
      guard reply.code == 334, let credentials else {
        return failure(reply, "authentication refused", permanentAs: .configuration)
      }
      let login = state == .authLogin
      state = login ? .authLoginUsername : .authLoginPassword
      return command(base64(login ? credentials.username : credentials.password))
    case .authLoginPassword:
      guard reply.code == 235 else {
        return failure(reply, "authentication refused", permanentAs: .configuration)
      }
      return mailFrom()
    case .mailFrom:
      guard reply.code == 250 else { return failure(reply, "the sender was refused") }
      return recipient(0)
    case .recipient(let index):
      guard reply.code == 250 || reply.code == 251 else {
        return failure(reply, "the recipient \(recipients[index]) was refused")
      }
      guard index + 1 < recipients.count else {
        state = .data
        return command("DATA")
      }
      return recipient(index + 1)
    case .data:
      guard reply.code == 354 else { return failure(reply, "the server refused DATA") }
      state = .message
      return .send(SMTPData.stuffed(message))
    case .message:
      guard reply.code == 250 else { return failure(reply, "the message was refused") }
      isDelivered = true
      state = .quit
      return command("QUIT")
    case .quit:
      return .done
    }
  }

  private mutating func ehlo() -> Action {
    state = .ehlo
    return command("EHLO \(clientName)")
  }

  private mutating func afterHello() -> Action {
    if security == .startTLS, !tlsActive {
      guard capabilities.contains("STARTTLS") else {
        return .fail(SMTPError(.configuration, "the server does not offer STARTTLS"))
      }
      state = .startTLS
      return command("STARTTLS")
    }
    guard let credentials else { return mailFrom() }
    let mechanisms = capabilities.authMechanisms
    if mechanisms.contains("PLAIN") {
      state = .authPlain
      return command(
        "AUTH PLAIN " + base64("\u{0}\(credentials.username)\u{0}\(credentials.password)"))
    }
    if mechanisms.contains("LOGIN") { return authLogin() }
    return .fail(SMTPError(.configuration, "the server does not offer AUTH PLAIN or LOGIN"))
  }

  private mutating func authLogin() -> Action {
    state = .authLogin
    return command("AUTH LOGIN")
  }

  private mutating func mailFrom() -> Action {
    state = .mailFrom
    return command("MAIL FROM:<\(sender)>")
  }

  private mutating func recipient(_ index: Int) -> Action {
    guard index < recipients.count else {
      return .fail(SMTPError(.permanent, "the message has no recipient"))
    }
    state = .recipient(index)
    return command("RCPT TO:<\(recipients[index])>")
  }

  private func command(_ line: String) -> Action { .send(Array((line + "\r\n").utf8)) }

  private func base64(_ text: String) -> String { Data(text.utf8).base64EncodedString() }

  /// A 4xx reply is transient; a 5xx is `permanentAs`, and any other code is a protocol error,
  /// treated as transient.
  private func failure(_ reply: SMTPReply, _ what: String, permanentAs: SMTPError.Kind = .permanent)
    -> Action
  {
    let kind: SMTPError.Kind = (500..<600).contains(reply.code) ? permanentAs : .transient
    return .fail(SMTPError(kind, "\(what) (\(reply.status))", reply: reply))
  }
}
