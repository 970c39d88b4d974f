import Foundation
import PostgresNIO
import Synchronization

/// Fails the statements whose connection closed under them. PostgresNIO writes a statement to
/// its channel without a promise, so one written just as the server closed the connection is
/// never answered; the watch looks at the running statements' connections twice a second and
/// fails a statement with `StoreError.unavailable` once its connection has been closed a second.
final class QueryWatch: Sendable {
  static let shared = QueryWatch()

  private struct Running {
    let connection: PostgresConnection
    let fail: @Sendable (any Error) -> Void
    var closedSince: ContinuousClock.Instant?
  }

  private struct State {
    var next = 0
    var running: [Int: Running] = [:]
    var watching = false
  }

  private let state = Mutex(State())
  static let grace = Duration.seconds(1)

  /// Runs `statement` on `connection`; its answer, or unavailable when the connection closed.
  func run<Result: Sendable>(
    on connection: PostgresConnection,
    _ statement: @escaping @Sendable () async throws -> Result
  ) async throws -> Result {
    try await withCheckedThrowingContinuation {
      (continuation: CheckedContinuation<Result, any Error>) in
      let id = start(on: connection) { error in continuation.resume(throwing: error) }
      Task {
        let result: Swift.Result<Result, any Error>
        do { result = .success(try await statement()) } catch { result = .failure(error) }
        if finish(id) { continuation.resume(with: result) }
      }
    }
  }

  private func start(
    on connection: PostgresConnection, fail: @escaping @Sendable (any Error) -> Void
  ) -> Int {
    let (id, startsWatching) = state.withLock { state in
      state.next += 1
      state.running[state.next] = Running(connection: connection, fail: fail)
      defer { state.watching = true }
      return (state.next, !state.watching)
    }
    if startsWatching { Task.detached { await self.watch() } }
    return id
  }

  /// True when the statement was still waited for (the watch did not fail it).
  private func finish(_ id: Int) -> Bool {
    state.withLock { $0.running.removeValue(forKey: id) } != nil
  }

  private func watch() async {
    while true {
      try? await Task.sleep(for: .milliseconds(500))
      let now = ContinuousClock.now
      let abandoned = state.withLock { state in
        var abandoned: [Running] = []
        for (id, running) in state.running where running.connection.isClosed {
          if let since = running.closedSince {
            if now - since >= Self.grace, let gone = state.running.removeValue(forKey: id) {
              abandoned.append(gone)
            }
          } else {
            state.running[id]?.closedSince = now
          }
        }
        return abandoned
      }
      for running in abandoned { running.fail(StoreError.unavailable) }
    }
  }
}
