import Foundation
import HearthCore
import HearthNotifications
import HearthPlatform
import HearthSQL
import Logging

/// Confirming that an account's email reaches its owner (HEARTH_EMAIL_VERIFICATION). An account
/// that has not confirmed works as any other; its pages show a banner with a way to send the
/// link again.
public struct EmailVerification: Sendable {
  public static let queue = "mail.email-verification"
  static let lifetime: TimeInterval = 48 * 3600

  let env: HearthEnvironment

  public init(env: HearthEnvironment) {
    self.env = env
  }

  /// Whether the banner asks this account to confirm its email.
  public func needsVerification(_ user: User) -> Bool {
    env.needsEmailVerification(user)
  }

  public func markVerified(userID: String) async throws {
    try await env.database.setEmailVerified(userID: userID, at: env.now())
    env.callers.forget(userID: userID)
  }

  /// A new address is not confirmed: the account is asked again, and links to the old one stop
  /// working.
  func emailChanged(_ user: User) async throws {
    try await env.database.setEmailVerified(userID: user.id, at: nil)
    env.callers.forget(userID: user.id)
    try await env.database.revokeSessions(
      userID: user.id, kind: .emailVerification, at: env.now())
    if env.config.emailVerification { try await enqueue(user) }
  }

  /// Enqueues the mail with a link, when verification is on and the account needs one. Three
  /// an hour per account.
  public func send(to user: User) async throws {
    guard env.config.emailVerification,
      try await env.database.user(id: user.id)?.emailVerifiedAt == nil
    else { return }
    let limits = LoginLimits(database: env.database, newID: { UUID.random().uuidString })
    if case .wait(let seconds) = try await limits.reserve(
      [.init(key: "verify|\(user.id)", limit: 3, window: 3600, account: user.email)],
      now: env.now())
    {
      throw APIErrorResponse(
        .rateLimited(retryAfter: seconds), headers: [.retryAfter: "\(seconds)"])
    }
    try await MailBudget(env: env).require(address: user.email, accountID: user.id)
    try await enqueue(user)
  }

  func enqueue(_ user: User) async throws {
    _ = try await env.enqueue(AccountMailJob(userID: user.id).job(Self.queue, at: env.now()))
  }

  /// Uses a link: its account is verified and the link stops working. 400 naming `token` for
  /// a link that is unknown, used or expired.
  public func verify(token: String?) async throws -> User {
    let invalid = APIErrorResponse(
      .invalid("token", "This link is invalid, used or expired. Ask for a new one."))
    guard let token, !token.isEmpty,
      let session = try await env.database.session(tokenHash: TokenService.hash(token)),
      session.kind == .emailVerification, session.isLive(at: env.now()),
      let user = try await env.database.user(id: session.userID)
    else { throw invalid }
    guard try await env.database.revokeSession(id: session.id, userID: user.id, at: env.now())
    else { throw invalid }
    try await markVerified(userID: user.id)
    try await EmailInvitations(env: env).accept(for: user)
    return user
  }

  package func handler(_ context: JobContext) async throws {
    guard let userID = try AccountMailJob.decode(context.job).userID,
      let user = try await env.database.user(id: userID), !user.disabled,
      user.emailVerifiedAt == nil
    else { return }
    let token = try await env.createLinkSession(
      userID: user.id, kind: .emailVerification, label: "email confirmation link",
      lifetime: Self.lifetime)
    let message = AccountMail.verification(
      from: env.config.mailFrom, to: try MailAddress(user.email, name: user.displayName),
      link: env.link("/verify-email", token: token))
    try await env.sendAccountMail(message, logger: context.logger)
  }
}
