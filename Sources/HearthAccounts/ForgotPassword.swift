import Foundation
import HearthCore
import HearthNotifications
import HearthPlatform
import HearthSQL
import Logging

/// "Forgot password": a request always enqueues a job with only the address, and is answered the
/// same whether or not an account has it; the job finds the account, makes a one-hour reset
/// link and mails it.
public struct ForgotPassword: Sendable {
  public static let queue = "mail.password-reset"
  static let lifetime: TimeInterval = 3600

  let env: HearthEnvironment

  package init(env: HearthEnvironment) {
    self.env = env
  }

  /// Ten requests per client address and three per email an hour, whether or not it has an
  /// account.
  static func rules(email: String, client: String) -> [LoginLimits.Rule] {
    [
      .init(key: "forgot|client|\(client)", limit: 10, window: 3600),
      .init(key: "forgot|email|\(email)", limit: 3, window: 3600),
    ]
  }

  /// Checks the address, counts the request and enqueues the job; 400 naming `email`, 429.
  public func request(email raw: String?, origin: RequestOrigin) async throws {
    let email = try AccountRules.email(raw)
    let limits = LoginLimits(database: env.database, newID: { UUID.random().uuidString })
    let now = env.now()
    if case .wait(let seconds) = try await limits.reserve(
      Self.rules(email: email, client: origin.address), now: now)
    {
      throw APIErrorResponse(
        .rateLimited(retryAfter: seconds), headers: [.retryAfter: "\(seconds)"])
    }
    // In production a link is never logged: with mail off there is nothing to send it by.
    guard env.config.smtp != nil || env.config.environment != .production else { return }
    try await MailBudget(env: env).require(address: email, accountID: nil)
    _ = try await env.enqueue(AccountMailJob(email: email).job(Self.queue, at: now))
  }

  /// The job: nothing is sent for an address without an enabled account.
  package func handler(_ context: JobContext) async throws {
    guard let email = try AccountMailJob.decode(context.job).email,
      let user = try await env.database.user(email: email), !user.disabled
    else { return }
    let token = try await env.createLinkSession(
      userID: user.id, kind: .passwordReset, label: "password reset link",
      lifetime: Self.lifetime)
    let message = AccountMail.passwordReset(
      from: env.config.mailFrom, to: try MailAddress(user.email, name: user.displayName),
      link: env.link("/reset-password", token: token))
    try await env.sendAccountMail(message, logger: context.logger)
  }
}
