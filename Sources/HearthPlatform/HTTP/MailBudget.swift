import Foundation
import HearthCore
import HearthSQL

/// How much mail of every kind together one account may cause and one address may receive in
/// an hour, so nobody can aim the server at a stranger's inbox. Counted in the database like
/// log-in attempts, so every process shares the counts.
public struct MailBudget: Sendable {
  public static let perAccount = 30
  public static let perAddress = 10
  static let window: TimeInterval = 3600

  let env: HearthEnvironment

  public init(env: HearthEnvironment) {
    self.env = env
  }

  /// Counts one message to `address` on behalf of `accountID`; the seconds until another may
  /// go when either budget is spent (nothing is counted then).
  public func spend(address: String, accountID: String?) async throws -> Int? {
    var rules: [LoginLimits.Rule] = [
      .init(
        key: "mail|address|\(address.lowercased())", limit: Self.perAddress, window: Self.window)
    ]
    if let accountID {
      rules.append(
        .init(key: "mail|account|\(accountID)", limit: Self.perAccount, window: Self.window))
    }
    let limits = LoginLimits(database: env.database, newID: { UUID.random().uuidString })
    if case .wait(let seconds) = try await limits.reserve(rules, now: env.now()) { return seconds }
    return nil
  }

  /// `spend` for a request a person makes: 429 with Retry-After when the budget is spent.
  public func require(address: String, accountID: String?) async throws {
    guard let seconds = try await spend(address: address, accountID: accountID) else { return }
    throw APIErrorResponse.limited(
      "mail_limit",
      "Too much mail has gone to this address or from this account in the last hour; "
        + "try again in \(seconds / 60 + 1) minutes.", retryAfter: seconds)
  }
}
