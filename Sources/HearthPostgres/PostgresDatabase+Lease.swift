import HearthSQL
import PostgresNIO
import Synchronization

extension PostgresDatabase {
  /// How often a statement waiting for a connection looks whether the server went away.
  static let leaseCheck = Duration.milliseconds(100)

  /// Runs `body` on a leased connection, or throws `NoConnectionInTime` when no connection is
  /// granted before the server is found out of reach or within `leaseLimit`. PostgresNIO's pool
  /// keeps a lease waiting while it cannot open connections, until its circuit breaker opens
  /// 15 s on, so a request that asked just as the server went away would wait that long. Once `body` starts it runs to its end: only the wait for
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
          // The wait ends as soon as the server is known to be out of reach, and at the latest
          // after `leaseLimit`, when every connection stayed busy that long.
          let clock = ContinuousClock()
          let start = clock.now
          while lease.isWaiting {
            try await Task.sleep(for: Self.leaseCheck)
            guard !self.reachable.withLock({ $0 }) || clock.now - start >= leaseLimit else {
              continue
            }
            if lease.settle(.gaveUp) { throw NoConnectionInTime() }
          }
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

  var isWaiting: Bool { state.withLock { $0 == .waiting } }

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
