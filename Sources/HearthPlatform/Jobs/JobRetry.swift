import Foundation

/// Thrown by a handler that knows when its next attempt should come (a server's Retry-After, an
/// app's own schedule): the worker retries at `date` instead of its own backoff. The attempt
/// still counts, so a job that reached its last attempt is dead either way.
public struct JobRetry: Error, CustomStringConvertible {
  public var date: Date
  public var reason: String

  public init(at date: Date, reason: String) {
    self.date = date
    self.reason = reason
  }

  public var description: String { reason }
}
