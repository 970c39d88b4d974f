import Foundation
import HearthCore
import Hummingbird

/// Work that costs real time or money (an analysis, a paid translation, an export, a search
/// that loads a dictionary), limited per account and per client address: one value guards every
/// route, page or API, that starts the same work. Counted in memory, per process.
public struct CostLimit: RouterMiddleware {
  public typealias Context = AppRequestContext

  /// What the person was doing, in words for the answer: "adding songs".
  public let work: String
  public let perAccount: Int
  public let perAddress: Int
  public let window: TimeInterval
  let accounts: RateLimiter
  let addresses: RateLimiter
  let now: @Sendable () -> Date
  let clientAddress: @Sendable (Request, AppRequestContext) -> String

  public init(
    _ work: String, perAccount: Int, perAddress: Int, window: TimeInterval = 3600,
    env: HearthEnvironment,
    clientAddress: @escaping @Sendable (Request, AppRequestContext) -> String
  ) {
    self.work = work
    self.perAccount = perAccount
    self.perAddress = perAddress
    self.window = window
    accounts = RateLimiter(limit: perAccount, window: window)
    addresses = RateLimiter(limit: perAddress, window: window)
    now = env.now
    self.clientAddress = clientAddress
  }

  public func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    let now = now()
    let address = clientAddress(request, context)
    let account = context.caller?.user.id
    var wait = await addresses.retryAfter(address, now: now)
    if let account, let accountWait = await accounts.retryAfter(account, now: now) {
      wait = max(wait ?? 0, accountWait)
    }
    if let wait {
      throw APIErrorResponse.limited(
        "rate_limited",
        "You have been \(work) a lot: at most \(perAccount) an hour for an account and "
          + "\(perAddress) from one address. Try again in \(wait / 60 + 1) minutes.",
        retryAfter: wait)
    }
    await addresses.record(address, now: now)
    if let account { await accounts.record(account, now: now) }
    return try await next(request, context)
  }
}
