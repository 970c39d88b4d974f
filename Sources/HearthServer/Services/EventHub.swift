import Foundation
import HearthStore
import Logging
import ServiceLifecycle

/// Tells waiting streams that the newest committed event changed. It watches the database,
/// so changes made by other processes on the same database reach this one's streams too.
public actor EventHub: Service {
  let database: any EventStore
  let interval: Duration
  let logger: Logger
  private(set) var latest: Int64 = 0
  private var waiters: [UUID: CheckedContinuation<Void, Never>] = [:]

  public init(database: any EventStore, interval: Duration = .milliseconds(50), logger: Logger) {
    self.database = database
    self.interval = interval
    self.logger = logger
  }

  public func run() async throws {
    do {
      try await cancelWhenGracefulShutdown {
        try await withThrowingDiscardingTaskGroup { group in
          var interval = self.interval
          if let notifying = self.database as? any EventNotifying {
            group.addTask { await self.listen(notifying) }
            interval = .seconds(1)
          }
          group.addTask { [interval] in
            while !Task.isCancelled {
              await self.poll()
              try await Task.sleep(for: interval)
            }
          }
        }
      }
    } catch is CancellationError {
      // A graceful shutdown cancels the loops; that is the normal way to stop.
    }
    resumeAll()
  }

  /// PostgreSQL's LISTEN/NOTIFY wakes this process at once when another process appends.
  nonisolated func listen(_ notifying: any EventNotifying) async {
    while !Task.isCancelled {
      do {
        try await notifying.listenForEvents { Task { await self.poll() } }
      } catch is CancellationError {
        return
      } catch {
        logger.warning("Listening for events failed, retrying: \(error)")
      }
      try? await Task.sleep(for: .seconds(1))
    }
  }

  public func poll() async {
    do {
      publish(try await database.latestSequence())
    } catch is CancellationError {
      return
    } catch {
      logger.warning("Event hub could not read the newest event: \(error)")
    }
  }

  func publish(_ sequence: Int64) {
    guard sequence > latest else { return }
    latest = sequence
    resumeAll()
  }

  /// Returns once an event newer than `cursor` is committed, or after `timeout`.
  public func wait(after cursor: Int64, timeout: Duration) async {
    if latest > cursor { return }
    let id = UUID()
    await withTaskGroup(of: Void.self) { group in
      group.addTask { await self.suspend(id) }
      group.addTask {
        try? await Task.sleep(for: timeout)
        await self.resume(id)
      }
      await group.next()
      group.cancelAll()
      await self.resume(id)
    }
  }

  private func suspend(_ id: UUID) async {
    await withCheckedContinuation { continuation in
      if Task.isCancelled { continuation.resume() } else { waiters[id] = continuation }
    }
  }

  private func resume(_ id: UUID) {
    waiters.removeValue(forKey: id)?.resume()
  }

  /// Wakes every waiting stream, so that each can notice a shutdown.
  public func wakeAll() { resumeAll() }

  private func resumeAll() {
    let current = waiters
    waiters = [:]
    for continuation in current.values { continuation.resume() }
  }
}
