import Foundation

/// Counts events per key in a sliding window; in memory, per process.
public actor RateLimiter {
  package let limit: Int
  package let window: TimeInterval
  package var hits: [String: [Date]] = [:]

  public init(limit: Int, window: TimeInterval) {
    self.limit = limit
    self.window = window
  }

  /// Seconds to wait when `key` is over its limit, else nil.
  public func retryAfter(_ key: String, now: Date) -> Int? {
    let recent = prune(key, now: now)
    guard recent.count >= limit, let oldest = recent.first else { return nil }
    return max(1, Int((oldest.addingTimeInterval(window).timeIntervalSince(now)).rounded(.up)))
  }

  /// Keys whose hits have all aged out are dropped once there are many of them, so memory
  /// follows the clients of the last window, not every client ever seen.
  public func record(_ key: String, now: Date) {
    hits[key, default: []].append(now)
    if hits.count > 10_000 {
      hits = hits.filter { _, times in
        times.last.map { now.timeIntervalSince($0) < window } ?? false
      }
    }
  }

  package var keyCount: Int { hits.count }

  public func reset(_ key: String) { hits[key] = nil }

  private func prune(_ key: String, now: Date) -> [Date] {
    let recent = (hits[key] ?? []).filter { now.timeIntervalSince($0) < window }
    hits[key] = recent.isEmpty ? nil : recent
    return recent
  }
}
