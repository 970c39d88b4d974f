import Foundation
import HearthCore
import HearthMail
import HearthTesting
import Logging
import NIOConcurrencyHelpers
import Testing

@testable import HearthAccounts
@testable import HearthHost
@testable import HearthPlatform

/// Forgot password and email confirmation: the API's edges, the jobs and the links they mail.
@Suite struct AccountEmailTests {
  final class Outbox: Mailer, @unchecked Sendable {
    let sent = NIOLockedValueBox<[MailMessage]>([])
    func send(_ message: MailMessage) async throws { sent.withLockedValue { $0.append(message) } }
  }

  /// A server whose job worker mails into `outbox`.
  func mailingServer(
    _ outbox: Outbox, configure: (inout HearthConfig) -> Void = { _ in }
  ) async throws -> TestServer {
    var server = try await TestServer(configure: configure)
    var env = server.env
    env.mailer = { _ in outbox }
    server.app = HearthApplication(env: env, modules: testedApps)
    return server
  }

  /// The messages sent once every job succeeded (or once none settled for ten seconds,
  /// whatever was sent).
  func mail(_ outbox: Outbox, env: HearthEnvironment) async throws -> [MailMessage] {
    try await env.untilNoJobWaits()
    return outbox.sent.withLockedValue { $0 }
  }

  func payloads(_ queue: String, in env: HearthEnvironment) async throws -> [String] {
    try await env.database.rows("SELECT payload FROM jobs WHERE queue = \(queue)")
      .map { try $0["payload"] }.sorted()
  }

  func token(in message: MailMessage, path: String) throws -> String {
    let marker = "\(path)?\(path == "/signup" ? "invitation" : "token")="
    let start = try #require(message.text.range(of: marker)).upperBound
    return String(message.text[start...].prefix { !$0.isWhitespace })
  }

  @Test func forgotPasswordAnswersTheSameAndMailsOnlyKnownAddresses() async throws {
    let outbox = Outbox()
    let server = try await mailingServer(outbox)
    try await server.run(schemaChecked: false) { client in
      _ = try await client.signup("ann@example.com", name: "Ann")
      let known = try await client.json(
        .post, "/api/auth/forgot-password", ["email": "Ann@Example.com"])
      let unknown = try await client.json(
        .post, "/api/auth/forgot-password", ["email": "nobody@example.com"])
      #expect(known.status == 202 && unknown.status == 202)
      #expect(known.text == unknown.text)

      let bad = try await client.json(.post, "/api/auth/forgot-password", ["email": "not-mail"])
      #expect(bad.status == 400 && bad.errorField == "email")

      // The jobs carry only the address; only the account's address is mailed
      #expect(
        try await payloads(ForgotPassword.queue, in: server.env) == [
          #"{"email":"ann@example.com"}"#, #"{"email":"nobody@example.com"}"#,
        ])
      let sent = try await mail(outbox, env: server.env)
      #expect(sent.count == 1)
      let message = try #require(sent.first)
      #expect(message.subject == "Reset your Hearth password")
      #expect(message.to.map(\.address) == ["ann@example.com"])
      #expect(message.text.contains("http://127.0.0.1:0/reset-password?token="))
      let token = try token(in: message, path: "/reset-password")
      let session = try #require(
        try await server.env.database.session(tokenHash: TokenService.hash(token)))
      #expect(session.kind == .passwordReset)
      #expect(session.expiresAt.timeIntervalSince(session.createdAt) == 3600)
    }
  }

  @Test func forgotPasswordIsLimitedPerEmail() async throws {
    let server = try await TestServer()
    try await server.run { client in
      for _ in 0..<3 {
        let reply = try await client.json(
          .post, "/api/auth/forgot-password", ["email": "ann@example.com"])
        #expect(reply.status == 202)
      }
      let limited = try await client.json(
        .post, "/api/auth/forgot-password", ["email": "ann@example.com"])
      #expect(limited.status == 429)
    }
  }

  @Test func signupMailsAConfirmationLinkThatWorksOnce() async throws {
    let outbox = Outbox()
    let server = try await mailingServer(outbox) { $0.emailVerificationSetting = true }
    try await server.run { client in
      let ann = try await client.signup("ann@example.com", name: "Ann")
      let before = try await client.json(.get, "/api/me", token: ann.access)
      #expect(before["emailVerified"] as? Bool == false)

      let message = try #require(try await mail(outbox, env: server.env).first)
      #expect(
        try await payloads(EmailVerification.queue, in: server.env) == [
          #"{"userID":"\#(ann.id)"}"#
        ])
      #expect(message.subject == "Confirm your email for Hearth")
      let token = try token(in: message, path: "/verify-email")

      let verified = try await client.json(.post, "/api/auth/verify-email", ["token": token])
      #expect(verified.status == 200 && verified["emailVerified"] as? Bool == true)
      let after = try await client.json(.get, "/api/me", token: ann.access)
      #expect(after["emailVerified"] as? Bool == true)

      let again = try await client.json(.post, "/api/auth/verify-email", ["token": token])
      #expect(again.status == 400 && again.errorField == "token")
      let resend = try await client.json(
        .post, "/api/account/verification-email", token: ann.access)
      #expect(resend.status == 409)
    }
  }

  @Test func expiredLinksAreRefused() async throws {
    let server = try await TestServer { $0.emailVerificationSetting = true }
    try await server.run { client in
      let ann = try await client.signup("ann@example.com", name: "Ann")
      let past = server.env.now().addingTimeInterval(-49 * 3600)
      try await server.env.database.createSession(
        Session(
          id: "expired", userID: ann.id, kind: .emailVerification,
          tokenHash: TokenService.hash("old-token"), csrfToken: "", label: "link",
          createdAt: past, lastSeenAt: past, expiresAt: past.addingTimeInterval(48 * 3600)))
      let reply = try await client.json(.post, "/api/auth/verify-email", ["token": "old-token"])
      #expect(reply.status == 400 && reply.errorField == "token")
      let unknown = try await client.json(.post, "/api/auth/verify-email", ["token": "nope"])
      #expect(unknown.status == 400 && unknown.errorField == "token")
    }
  }

  @Test func verificationOffMailsNothing() async throws {
    let server = try await TestServer()
    try await server.run { client in
      let ann = try await client.signup("ann@example.com", name: "Ann")
      #expect(try await payloads(EmailVerification.queue, in: server.env).isEmpty)
      let resend = try await client.json(
        .post, "/api/account/verification-email", token: ann.access)
      #expect(resend.status == 409)
    }
  }

  @Test func anInvitationByEmailBecomesAPlatformInvitationAtSignUp() async throws {
    let outbox = Outbox()
    let server = try await mailingServer(outbox)
    try await server.run { client in
      let owner = try await client.signup("olga@example.com", name: "Olga")
      let env = server.env
      let olga = try #require(try await env.database.user(id: owner.id))
      let resource = ResourceRef(app: "test", kind: "list", id: "l1")
      try await env.database.createShare(
        Share(resource: resource, ownerID: olga.id, title: "Groceries", createdAt: env.now()))
      let accounts = AccountService(env: env)

      let invitee = try await accounts.resolveOrInviteByEmail(
        "Nina@Example.com", resource: resource, permission: .readWrite, invitedBy: olga)
      guard case .emailed = invitee else { throw TestFailure("expected .emailed") }
      guard
        case .user(let found) = try await accounts.resolveOrInviteByEmail(
          "olga@example.com", resource: resource, permission: .readOnly, invitedBy: olga)
      else { throw TestFailure("expected .user") }
      #expect(found.id == olga.id)
      await #expect(throws: APIErrorResponse.self) {
        try await accounts.resolveOrInviteByEmail(
          "+14155550123", resource: resource, permission: .readOnly, invitedBy: olga)
      }

      let message = try #require(try await mail(outbox, env: env).first)
      #expect(message.subject == "Olga invited you to Groceries on Hearth")
      #expect(message.to.map(\.address) == ["nina@example.com"])
      let token = try token(in: message, path: "/signup")
      let invitations = EmailInvitations(env: env)
      #expect(try await invitations.email(token: token) == "nina@example.com")
      #expect(try await invitations.email(token: "other") == nil)

      let nina = try await client.signup("nina@example.com", name: "Nina")
      let user = try #require(try await env.database.user(id: nina.id))
      #expect(try await invitations.accept(for: user) == 1)
      let pending = try await env.database.pendingInvitations(userID: nina.id)
      #expect(pending.map(\.participant.permission) == [.readWrite])
      #expect(try await invitations.email(token: token) == nil)
      #expect(try await invitations.accept(for: user) == 0)
    }
  }

  @Test func theSignUpAPITakesAnInvitationLinksToken() async throws {
    let outbox = Outbox()
    let server = try await mailingServer(outbox)
    try await server.run { client in
      let owner = try await client.signup("olga@example.com", name: "Olga")
      let env = server.env
      let olga = try #require(try await env.database.user(id: owner.id))
      let resource = ResourceRef(app: "test", kind: "list", id: "l1")
      try await env.database.createShare(
        Share(resource: resource, ownerID: olga.id, title: "Groceries", createdAt: env.now()))
      _ = try await AccountService(env: env).resolveOrInviteByEmail(
        "nina@example.com", resource: resource, permission: .readOnly, invitedBy: olga)
      let invitation = try token(
        in: try #require(try await mail(outbox, env: env).first), path: "/signup")

      var body: [String: Any] = [
        "email": "typed@example.com", "displayName": "Nina", "password": "correct horse battery",
        "invitation": "no-such-link",
      ]
      let stale = try await client.json(.post, "/api/auth/signup", body)
      #expect(stale.status == 400 && stale.errorField == "invitation")

      body["invitation"] = invitation
      let signedUp = try await client.json(.post, "/api/auth/signup", body)
      #expect(signedUp.status == 201, "\(signedUp.text)")
      let user = try #require(signedUp["user"] as? [String: Any])
      #expect(user["email"] as? String == "nina@example.com")
      let id = try #require(user["id"] as? String)
      #expect(try await env.database.user(id: id)?.emailVerifiedAt != nil)
      let pending = try await env.database.pendingInvitations(userID: id)
      #expect(pending.map(\.participant.resource) == [resource])
      #expect(try await env.database.user(email: "typed@example.com") == nil)
    }
  }
}
