import Synchronization

/// A moving average of how long handlers take. Claiming ahead pays only for quick jobs, whose
/// claims' round trips would otherwise bound the throughput; holding slow ones would keep them
/// from an idle worker in another process for seconds.
package final class HandlerTime: Sendable {
  /// Handlers quicker than this on average are worth claiming ahead for: a held job then waits
  /// at most about `claimAhead / concurrency` of them, well under a second.
  package let quick: Duration
  private let average = Mutex<Duration?>(nil)

  package init(quick: Duration) {
    self.quick = quick
  }

  package var isQuick: Bool { average.withLock { $0.map { $0 < quick } ?? false } }

  package func add(_ duration: Duration) {
    average.withLock { average in
      average = average.map { $0 * 0.8 + duration * 0.2 } ?? duration
    }
  }
}
