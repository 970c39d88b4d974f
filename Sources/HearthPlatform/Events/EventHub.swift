import Foundation
import HearthCore
import HearthSQL
import Logging
import ServiceLifecycle

/// Something of this process that follows every event the hub reads, such as `CallerCache`.
public protocol EventFollower: Sendable {
  /// After each successful read, with the events it found (often none).
  func hubRead(_ events: [Event])
  /// PostgreSQL's notification of an append, as it arrives, before the event is read.
  func hubNotified(_ payload: String)
}

/// Reads new events once for every stream of this process, keeps the recent ones, and wakes
/// the streams waiting for them. It watches the database, so changes made by other processes on
/// the same database reach this one's streams too.
public actor EventHub: Service {
  package let database: any EventStore
  package let interval: Duration
  package let logger: Logger
  package let capacity: Int
  package let clock: any Clock<Duration>
  package let followers: [any EventFollower]
  public private(set) var latest: Int64 = 0
  /// Set when the hub stops (at shutdown, before the HTTP server does): no event will come any
  /// more, so streams end instead of waiting out their keep-alive, and the server exits at once.
  public private(set) var stopped = false
  /// Every event with a sequence above `coveredFrom`, up to `latest`, in order.
  private var recent: [Event] = []
  private var coveredFrom: Int64?
  private var polling = false
  private var pollAgain = false
  private var waiters: [UUID: CheckedContinuation<Void, Never>] = [:]

  public init(
    database: any EventStore, interval: Duration = .milliseconds(10), capacity: Int = 4096,
    clock: any Clock<Duration> = ContinuousClock(), followers: [any EventFollower] = [],
    logger: Logger
  ) {
    self.database = database
    self.followers = followers
    self.clock = clock
    self.capacity = capacity
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
              try await self.clock.sleep(for: interval)
            }
          }
        }
      }
    } catch is CancellationError {
      // A graceful shutdown cancels the loops; that is the normal way to stop.
    }
    stopped = true
    resumeAll()
  }

  /// PostgreSQL's LISTEN/NOTIFY wakes this process at once when another process appends.
  package nonisolated func listen(_ notifying: any EventNotifying) async {
    while !Task.isCancelled {
      do {
        try await notifying.listenForEvents { payload in
          if let payload { for follower in self.followers { follower.hubNotified(payload) } }
          Task { await self.poll() }
        }
      } catch is CancellationError {
        return
      } catch {
        logger.warning("Listening for events failed, retrying: \(error)")
      }
      try? await clock.sleep(for: .seconds(1))
    }
  }

  public func poll() async {
    if polling {
      pollAgain = true
      return
    }
    polling = true
    defer { polling = false }
    repeat {
      pollAgain = false
      do {
        try await load()
      } catch is CancellationError {
        return
      } catch {
        logger.warning("Event hub could not read new events: \(error)")
        return
      }
    } while pollAgain
  }

  private func load() async throws {
    if coveredFrom == nil {
      latest = try await database.latestSequence()
      coveredFrom = latest
    }
    var fresh = false
    while true {
      let batch = try await database.events(after: latest, limit: 500)
      for follower in followers { follower.hubRead(batch) }
      guard let last = batch.last else { break }
      recent.append(contentsOf: batch)
      latest = last.sequence
      fresh = true
      if batch.count < 500 { break }
    }
    if recent.count > capacity {
      let dropped = recent.count - capacity
      coveredFrom = recent[dropped - 1].sequence
      recent.removeFirst(dropped)
    }
    if fresh { resumeAll() }
  }

  /// The events after `cursor` from memory, or nil when memory cannot say: they are older than
  /// what it keeps, or newer than what it has read so far.
  public func cached(after cursor: Int64, limit: Int) -> [Event]? {
    guard let coveredFrom, cursor >= coveredFrom, cursor < latest else { return nil }
    var low = 0
    var high = recent.count
    while low < high {
      let middle = (low + high) / 2
      if recent[middle].sequence <= cursor { low = middle + 1 } else { high = middle }
    }
    return Array(recent[low..<min(recent.count, low + limit)])
  }

  /// Returns once an event newer than `cursor` is committed, or after `timeout`.
  public func wait(after cursor: Int64, timeout: Duration) async {
    if latest > cursor || stopped { return }
    let id = UUID.random()
    await withTaskGroup(of: Void.self) { group in
      group.addTask { await self.suspend(id) }
      group.addTask {
        try? await self.clock.sleep(for: timeout)
        await self.resume(id)
      }
      await group.next()
      group.cancelAll()
      await self.resume(id)
    }
  }

  private func suspend(_ id: UUID) async {
    await withCheckedContinuation { continuation in
      if Task.isCancelled || stopped { continuation.resume() } else { waiters[id] = continuation }
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
