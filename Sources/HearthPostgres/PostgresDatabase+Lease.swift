import HearthSQL
import PostgresNIO
import Synchronization

extension PostgresDatabase {
  /// Runs `body` on a leased connection, or throws `NoConnectionInTime` when no connection is
  /// granted within `leaseLimit`. Once `body` starts it runs to its end: only the wait for
  /// the lease is cut short, so a write is never answered 503 after it began.
  package func withLeasedConnection<Result: Sendable>(
    _ body: (PostgresConnection) async throws -> Result
  ) async throws -> Result {
    try await withoutActuallyEscaping(body) { body in
      let work = LeasedWork(body: body)
      let lease = LeaseGate()
      return try await withThrowingTaskGroup(of: Result?.self) { group in
        group.addTask { [client] in
          try await client.withConnection { connection in
            guard lease.settle(.granted) else { throw NoConnectionInTime() }
            return try await work.body(connection)
          }
        }
        group.addTask { [leaseLimit] in
          try await Task.sleep(for: leaseLimit)
          if lease.settle(.gaveUp) { throw NoConnectionInTime() }
          return nil
        }
        defer { group.cancelAll() }
        while let finished = try await group.next() {
          if let result = finished { return result }
        }
        throw NoConnectionInTime()
      }
    }
  }
}

/// No connection was granted within the lease limit; the caller answers 503.
struct NoConnectionInTime: Error {}

/// Whether the lease came first or the limit did: whichever settles it first wins.
private final class LeaseGate: Sendable {
  enum State { case waiting, granted, gaveUp }
  private let state = Mutex(State.waiting)

  func settle(_ outcome: State) -> Bool {
    state.withLock { state in
      guard state == .waiting else { return false }
      state = outcome
      return true
    }
  }
}

/// The statement's body, handed to the child task that holds the lease; the task group ends
/// before `withLeasedConnection` returns, so it never outlives the call.
private struct LeasedWork<Result>: @unchecked Sendable {
  let body: (PostgresConnection) async throws -> Result
}
