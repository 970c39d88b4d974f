import Synchronization

/// A moving average of how long handlers take. Claiming ahead pays only for quick jobs, whose
/// claims' round trips would otherwise bound the throughput; holding slow ones would keep them
/// from an idle worker in another process for seconds.
package final class HandlerTime: Sendable {
  /// Handlers quicker than this on average are worth claiming ahead for, and a held job waits
  /// about this long at most for a slot.
  package let quick: Duration
  private let average = Mutex<Duration?>(nil)

  package init(quick: Duration) {
    self.quick = quick
  }

  /// How many jobs to hold beyond the free slots, up to `most`: as many as `slots` handlers finish
  /// in `quick` at the average pace. None until a handler's time is known or while they are slow.
  package func ahead(slots: Int, most: Int) -> Int {
    average.withLock { average in
      guard let average, average < quick else { return 0 }
      let rounds = quick / max(average, .microseconds(1))
      return min(most, Int(Double(slots) * rounds))
    }
  }

  package func add(_ duration: Duration) {
    average.withLock { average in
      average = average.map { $0 * 0.8 + duration * 0.2 } ?? duration
    }
  }
}
