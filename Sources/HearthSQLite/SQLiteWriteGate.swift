import Synchronization

/// One writer at a time in this process. A transaction whose body awaits keeps SQLite's single
/// write connection inside BEGIN…COMMIT across suspension points, so every other write waits
/// here rather than run inside it.
final class SQLiteWriteGate: Sendable {
  private struct State {
    var held = false
    var waiters: [CheckedContinuation<Void, Never>] = []
  }

  private let state = Mutex(State())

  func holding<Result>(_ body: () async throws -> Result) async throws -> Result {
    await acquire()
    defer { release() }
    return try await body()
  }

  private func acquire() async {
    if state.withLock({ Self.take(&$0) }) { return }
    await withCheckedContinuation { waiter in
      let takenNow = state.withLock { state in
        if Self.take(&state) { return true }
        state.waiters.append(waiter)
        return false
      }
      if takenNow { waiter.resume() }
    }
  }

  private func release() {
    let next = state.withLock { state -> CheckedContinuation<Void, Never>? in
      if state.waiters.isEmpty {
        state.held = false
        return nil
      }
      return state.waiters.removeFirst()
    }
    next?.resume()
  }

  private static func take(_ state: inout State) -> Bool {
    if state.held { return false }
    state.held = true
    return true
  }
}
