import Logging
import Synchronization

/// The jobs a worker is running, whose leases one keeper renews for all of them: a timer per
/// job cost more than many quick handlers. The keeper runs while any job does.
package final class RunningJobs: Sendable {
  package struct Entry: Sendable {
    package let token: String
    package let logger: Logger
    /// Stops the handler: its lease passed to another worker.
    package let stop: @Sendable () -> Void
  }

  private struct State {
    var entries: [String: Entry] = [:]
    var keeper: Task<Void, Never>?
  }

  private let state = Mutex(State())

  package init() {}

  /// Adds a job; `keeper` starts the renewing loop when none runs.
  package func add(_ id: String, _ entry: Entry, keeper: () -> Task<Void, Never>) {
    state.withLock { state in
      state.entries[id] = entry
      if state.keeper == nil { state.keeper = keeper() }
    }
  }

  /// Removes a job; the last one stops the keeper.
  package func remove(_ id: String) {
    let idle = state.withLock { state -> Task<Void, Never>? in
      state.entries[id] = nil
      guard state.entries.isEmpty else { return nil }
      defer { state.keeper = nil }
      return state.keeper
    }
    idle?.cancel()
  }

  package func snapshot() -> [(id: String, entry: Entry)] {
    state.withLock { $0.entries.map { ($0.key, $0.value) } }
  }
}
