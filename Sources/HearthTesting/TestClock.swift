import Foundation
import Synchronization

/// A clock that moves only when a test moves it, and tells the test who is asleep on it: a
/// worker gone idle, a wait for its timeout. Tests wait for those instead of sleeping.
public final class TestClock: Clock, Sendable {
  public struct Instant: InstantProtocol {
    public var offset: Duration

    public func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
    public func duration(to other: Instant) -> Duration { other.offset - offset }
    public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
  }

  private struct Sleeper {
    var deadline: Instant
    var continuation: CheckedContinuation<Void, any Error>
  }

  private struct State {
    var now = Instant(offset: .zero)
    var sleepers: [UUID: Sleeper] = [:]
    var watchers: [Watcher] = []

    struct Watcher {
      var count: Int
      var within: Duration
      var continuation: CheckedContinuation<Void, Never>
    }

    func isSatisfied(_ count: Int, within: Duration) -> Bool {
      let horizon = now.advanced(by: within)
      return sleepers.values.filter { $0.deadline <= horizon }.count >= count
    }

    /// The watchers whose count of sleepers is reached, taken off the list.
    mutating func satisfiedWatchers() -> [CheckedContinuation<Void, Never>] {
      let (ready, waiting) = watchers.reduce(into: ([Watcher](), [Watcher]())) { split, watcher in
        if isSatisfied(watcher.count, within: watcher.within) {
          split.0.append(watcher)
        } else {
          split.1.append(watcher)
        }
      }
      watchers = waiting
      return ready.map(\.continuation)
    }
  }

  private let state = Mutex(State())

  public init() {}

  public var now: Instant { state.withLock { $0.now } }
  public var minimumResolution: Duration { .zero }

  public func sleep(until deadline: Instant, tolerance: Duration?) async throws {
    let id = UUID()
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        let (result, watchers): (Result<Void, any Error>?, [CheckedContinuation<Void, Never>]) =
          state.withLock { state in
            if Task.isCancelled { return (.failure(CancellationError()), []) }
            if deadline <= state.now { return (.success(()), []) }
            state.sleepers[id] = Sleeper(deadline: deadline, continuation: continuation)
            return (nil, state.satisfiedWatchers())
          }
        if let result { continuation.resume(with: result) }
        for watcher in watchers { watcher.resume() }
      }
    } onCancel: {
      state.withLock { $0.sleepers.removeValue(forKey: id) }?.continuation.resume(
        throwing: CancellationError())
    }
  }

  /// Moves time on, waking everyone whose deadline it passes.
  public func advance(by duration: Duration) {
    let due = state.withLock { state in
      state.now = state.now.advanced(by: duration)
      let now = state.now
      let due = state.sleepers.filter { $0.value.deadline <= now }
      for id in due.keys { state.sleepers.removeValue(forKey: id) }
      return due.values.map(\.continuation)
    }
    for continuation in due { continuation.resume() }
  }

  /// Returns once at least `count` sleepers are asleep on this clock, counting only those due
  /// within `within` of now.
  public func sleepers(atLeast count: Int, within: Duration = .seconds(1_000_000_000)) async {
    await withCheckedContinuation { continuation in
      let ready = state.withLock { state in
        if state.isSatisfied(count, within: within) { return true }
        state.watchers.append(
          State.Watcher(count: count, within: within, continuation: continuation))
        return false
      }
      if ready { continuation.resume() }
    }
  }
}
