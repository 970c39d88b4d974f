import Foundation
import Synchronization

/// A clock that tells a test who is asleep on it: a worker gone idle, a request waiting for its
/// timeout. Tests wait for those instead of sleeping. Made with `realTime: false` (the default)
/// it moves only when a test moves it; with `realTime: true` it keeps time as ContinuousClock
/// does, for a whole server in a test, and only watches.
public final class TestClock: Clock, Sendable {
  public struct Instant: InstantProtocol {
    public var offset: Duration

    public func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
    public func duration(to other: Instant) -> Duration { other.offset - offset }
    public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
  }

  private struct Sleeper {
    var deadline: Instant
    /// Resumed by `advance(by:)`; a real-time sleeper wakes by itself and has none.
    var continuation: CheckedContinuation<Void, any Error>?
  }

  private struct Watcher {
    var count: Int
    var dueIn: ClosedRange<Duration>
    var continuation: CheckedContinuation<Void, Never>
  }

  private struct State {
    var manualNow = Instant(offset: .zero)
    var sleepers: [UUID: Sleeper] = [:]
    var watchers: [Watcher] = []

    func isSatisfied(_ count: Int, dueIn: ClosedRange<Duration>, now: Instant) -> Bool {
      sleepers.values.filter { dueIn.contains(now.duration(to: $0.deadline)) }.count >= count
    }

    /// The watchers whose count of sleepers is reached, taken off the list.
    mutating func satisfiedWatchers(now: Instant) -> [CheckedContinuation<Void, Never>] {
      var ready: [CheckedContinuation<Void, Never>] = []
      var waiting: [Watcher] = []
      for watcher in watchers {
        if isSatisfied(watcher.count, dueIn: watcher.dueIn, now: now) {
          ready.append(watcher.continuation)
        } else {
          waiting.append(watcher)
        }
      }
      watchers = waiting
      return ready
    }
  }

  private let state = Mutex(State())
  /// When real time began for this clock; nil for a clock that tests move.
  private let realStart: ContinuousClock.Instant?

  public init(realTime: Bool = false) {
    realStart = realTime ? ContinuousClock.now : nil
  }

  public var now: Instant { state.withLock { now(in: $0) } }

  /// The time, read while holding the state.
  private func now(in state: State) -> Instant {
    realStart.map { Instant(offset: ContinuousClock.now - $0) } ?? state.manualNow
  }

  public var minimumResolution: Duration { .zero }

  public func sleep(until deadline: Instant, tolerance: Duration?) async throws {
    let id = UUID()
    if let realStart {
      let watchers = state.withLock { state in
        state.sleepers[id] = Sleeper(deadline: deadline)
        return state.satisfiedWatchers(now: now(in: state))
      }
      for watcher in watchers { watcher.resume() }
      defer { _ = state.withLock { $0.sleepers.removeValue(forKey: id) } }
      try await ContinuousClock().sleep(until: realStart.advanced(by: deadline.offset))
      return
    }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        let (result, watchers): (Result<Void, any Error>?, [CheckedContinuation<Void, Never>]) =
          state.withLock { state in
            if Task.isCancelled { return (.failure(CancellationError()), []) }
            if deadline <= state.manualNow { return (.success(()), []) }
            state.sleepers[id] = Sleeper(deadline: deadline, continuation: continuation)
            return (nil, state.satisfiedWatchers(now: state.manualNow))
          }
        if let result { continuation.resume(with: result) }
        for watcher in watchers { watcher.resume() }
      }
    } onCancel: {
      state.withLock { $0.sleepers.removeValue(forKey: id) }?.continuation?.resume(
        throwing: CancellationError())
    }
  }

  /// Moves time on, waking everyone whose deadline it passes (a clock that tests move only).
  public func advance(by duration: Duration) {
    precondition(realStart == nil, "a real-time TestClock moves by itself")
    let due = state.withLock { state in
      state.manualNow = state.manualNow.advanced(by: duration)
      let now = state.manualNow
      let due = state.sleepers.filter { $0.value.deadline <= now }
      for id in due.keys { state.sleepers.removeValue(forKey: id) }
      return due.values.compactMap(\.continuation)
    }
    for continuation in due { continuation.resume() }
  }

  /// Returns once at least `count` sleepers are asleep on this clock, counting only those due
  /// in `dueIn` from now (an idle poll's few milliseconds, a long-poll's 30 seconds).
  public func sleepers(
    atLeast count: Int, dueIn: ClosedRange<Duration> = .zero ... .seconds(1_000_000_000)
  ) async {
    await withCheckedContinuation { continuation in
      let ready = state.withLock { state in
        if state.isSatisfied(count, dueIn: dueIn, now: now(in: state)) { return true }
        state.watchers.append(Watcher(count: count, dueIn: dueIn, continuation: continuation))
        return false
      }
      if ready { continuation.resume() }
    }
  }
}
