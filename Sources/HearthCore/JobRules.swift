import Foundation

public enum JobStatus: String, Codable, Sendable, CaseIterable {
  case queued, running, succeeded, dead, cancelled
}

/// Retry timing for failed jobs: exponential backoff with full jitter, capped.
public struct RetryPolicy: Equatable, Sendable {
  public var base: Double
  public var cap: Double

  public init(base: Double = 1, cap: Double = 300) {
    self.base = base
    self.cap = cap
  }

  /// Seconds to wait before attempt `attempt + 1`, where `unit` is a random draw in 0..<1.
  public func delay(afterAttempt attempt: Int, unit: Double) -> Double {
    let ceiling = min(cap, base * pow(2, Double(max(0, attempt - 1))))
    return ceiling / 2 + ceiling / 2 * min(max(unit, 0), 1)
  }
}
