/// Runs `body`, or throws `DeadlinePassed` once `duration` passes first (cancelling `body`).
package func withDeadline<T: Sendable>(
  _ duration: Duration, _ body: @escaping @Sendable () async throws -> T
) async throws -> T {
  try await withThrowingTaskGroup(of: T.self) { group in
    group.addTask { try await body() }
    group.addTask {
      try await Task.sleep(for: duration)
      throw DeadlinePassed()
    }
    defer { group.cancelAll() }
    guard let first = try await group.next() else { throw DeadlinePassed() }
    return first
  }
}

package struct DeadlinePassed: Error {}
