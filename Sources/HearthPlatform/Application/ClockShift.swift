import Foundation
import Synchronization

/// The server's clock moved forward by hand (HEARTH_TEST_CLOCK, development only), so that a
/// test can see what a running server does an hour or a week later without waiting for it.
public final class ClockShift: Sendable {
  private let seconds = Mutex<TimeInterval>(0)

  public init() {}

  public func advance(by interval: TimeInterval) {
    seconds.withLock { $0 += max(0, interval) }
  }

  public func now() -> Date { Date() + seconds.withLock { $0 } }
}
