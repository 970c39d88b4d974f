import Foundation
import HearthPlatform
import Synchronization

/// The `now` a test moves by hand, from occurrence to occurrence: the environments it gives
/// `{ now.date }` read it.
public final class ManualNow: Sendable {
  private let value: Mutex<Date>

  public init(_ iso: String) { value = Mutex(Self.instant(iso)) }

  public var date: Date { value.withLock { $0 } }
  public func set(_ date: Date) { value.withLock { $0 = date } }
  public func set(_ iso: String) { set(Self.instant(iso)) }

  /// An ISO 8601 instant such as "2026-03-08T07:30:00Z".
  public static func instant(_ iso: String) -> Date { ISO8601DateFormatter().date(from: iso)! }
}

extension JobWorker {
  /// Runs every job of `queues` due now, round after round, until none is due; how many ran.
  @discardableResult
  public func runDue(_ queues: [String]) async throws -> Int {
    var ran = 0
    while true {
      let jobs = try await claim(queues, limit: 10)
      if jobs.isEmpty { return ran }
      for job in jobs { await execute(job) }
      ran += jobs.count
    }
  }
}
