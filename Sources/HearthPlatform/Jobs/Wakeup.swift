/// Lets idle workers sleep until there may be work, without missing a signal that arrives
/// between their last look and their wait.
public actor Wakeup {
  public private(set) var generation = 0
  private var waiters: [Int: CheckedContinuation<Void, Never>] = [:]
  private var finished: Set<Int> = []
  private var nextWaiter = 0

  public init() {}

  public func signal() {
    generation += 1
    let current = waiters
    waiters = [:]
    for continuation in current.values { continuation.resume() }
  }

  /// Returns at once if `signal()` came after `seen` was read, else at the next signal or after
  /// `timeout` on `clock`.
  public func wait(
    since seen: Int, timeout: Duration, clock: any Clock<Duration> = ContinuousClock()
  ) async {
    guard generation == seen else { return }
    nextWaiter += 1
    let id = nextWaiter
    await withTaskGroup(of: Void.self) { group in
      group.addTask { await self.park(id, since: seen) }
      group.addTask {
        try? await clock.sleep(for: timeout)
        await self.release(id)
      }
      await group.next()
      group.cancelAll()
      await self.release(id)
    }
    finished.remove(id)
  }

  private func park(_ id: Int, since seen: Int) async {
    await withCheckedContinuation { continuation in
      if generation != seen || finished.contains(id) || Task.isCancelled {
        continuation.resume()
      } else {
        waiters[id] = continuation
      }
    }
  }

  private func release(_ id: Int) {
    finished.insert(id)
    waiters.removeValue(forKey: id)?.resume()
  }
}
