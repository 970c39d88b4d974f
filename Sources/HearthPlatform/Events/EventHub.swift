import Foundation
import HearthCore
import HearthSQL
import Logging
import NIOCore
import ServiceLifecycle
import Synchronization

/// Something of this process that follows every event the hub reads, such as `CallerCache`.
public protocol EventFollower: Sendable {
  /// After each successful read, with the events it found (often none).
  func hubRead(_ events: [Event])
  /// PostgreSQL's notification of an append, as it arrives, before the event is read.
  func hubNotified(_ payload: String)
}

/// An event with its Server-Sent Events message, encoded once and written to every stream.
public struct FramedEvent: Sendable {
  public let event: Event
  public let frame: ByteBuffer

  public init(_ event: Event) {
    self.event = event
    frame = ByteBuffer(string: Self.encode(event))
  }

  /// One SSE message. The type travels inside the data, so that a browser's single
  /// `onmessage` handler can route every kind of event.
  static func encode(_ event: Event) -> String {
    let type = String(decoding: (try? JSONEncoder().encode(event.type)) ?? Data(), as: UTF8.self)
    let payload = event.payload.replacingOccurrences(of: "\n", with: " ")
      .replacingOccurrences(of: "\r", with: " ")
    return
      "id: \(event.sequence)\ndata: {\"sequence\":\(event.sequence),\"type\":\(type),\"payload\":\(payload)}\n\n"
  }
}

/// Reads new events once for every stream of this process, keeps the recent ones with their
/// frames, and wakes the streams waiting for them. It watches the database, so changes made by
/// other processes on the same database reach this one's streams too. Streams read its state
/// under a lock, without waiting on a shared actor; its position and whether it stopped, without
/// a lock, since ten thousand streams woken together contend for it.
public final class EventHub: Service, Sendable {
  package let database: any EventStore
  package let interval: Duration
  package let logger: Logger
  package let capacity: Int
  package let clock: any Clock<Duration>
  package let followers: [any EventFollower]
  /// How often the one keep-alive timer ends the waits whose time is up.
  package let timerResolution: Duration
  /// Time on `clock` since the hub was made: wait deadlines are kept in it.
  private let elapsed: @Sendable () -> Duration
  private let state = Mutex(State())
  /// `State.latest` and `State.stopped` as last set under the lock.
  private let latestRead = Atomic<Int64>(0)
  private let hasStopped = Atomic<Bool>(false)
  private let waiterIDs = Atomic<UInt64>(0)

  /// Whoever takes a waiter off the list, under the lock, resumes it: exactly once, so the
  /// unchecked continuation (no allocation per wait) is safe.
  private struct Waiter {
    var continuation: UnsafeContinuation<Void, Never>
    var deadline: Duration
  }

  private struct State {
    var latest: Int64 = 0
    var stopped = false
    /// Every event with a sequence above `coveredFrom`, up to `latest`, in order.
    var recent: [FramedEvent] = []
    var coveredFrom: Int64?
    var polling = false
    var pollAgain = false
    var waiters: [UInt64: Waiter] = [:]
    /// The streams the hub writes to itself, by their connections' event loops.
    var direct: [ObjectIdentifier: DirectGroup] = [:]

    var memory: Memory { Memory(recent: recent, coveredFrom: coveredFrom, latest: latest) }

    /// Every direct stream by its event loop, to be written to or finished there.
    func directStreams(where include: (DirectStream) -> Bool = { _ in true })
      -> [(any EventLoop, [DirectStream])]
    {
      direct.values.compactMap { group in
        let streams = group.streams.values.filter(include)
        return streams.isEmpty ? nil : (group.loop, streams)
      }
    }

    /// Takes every waiter off the list, to be resumed outside the lock.
    mutating func takeWaiters() -> [UnsafeContinuation<Void, Never>] {
      let taken = waiters.values.map(\.continuation)
      waiters = [:]
      return taken
    }
  }

  public init(
    database: any EventStore, interval: Duration = .milliseconds(10), capacity: Int = 4096,
    clock: any Clock<Duration> = ContinuousClock(), followers: [any EventFollower] = [],
    timerResolution: Duration = .milliseconds(250), logger: Logger
  ) {
    self.database = database
    self.followers = followers
    self.clock = clock
    self.capacity = capacity
    self.interval = interval
    self.timerResolution = timerResolution
    self.logger = logger
    elapsed = Self.stopwatch(clock)
  }

  private static func stopwatch<C: Clock<Duration>>(_ clock: C) -> @Sendable () -> Duration {
    let start = clock.now
    return { start.duration(to: clock.now) }
  }

  /// The newest sequence read so far.
  public var latest: Int64 { latestRead.load(ordering: .acquiring) }

  /// The newest sequence read so far, or nil before the first read.
  public var position: Int64? { state.withLock { $0.coveredFrom == nil ? nil : $0.latest } }

  /// Set when the hub stops (at shutdown, before the HTTP server does): no event will come any
  /// more, so streams end instead of waiting out their keep-alive, and the server exits at once.
  public var stopped: Bool { hasStopped.load(ordering: .acquiring) }

  /// How many streams are waiting now, in a wait or held by the hub.
  package var waiting: Int {
    state.withLock { state in
      state.waiters.count + state.direct.values.reduce(0) { $0 + $1.streams.count }
    }
  }

  /// Returns once at least `count` waits have begun, for tests (no wait has a timer of its own
  /// to watch on the clock).
  package func waiters(atLeast count: Int) async {
    while waiting < count, !Task.isCancelled { await Task.yield() }
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
          group.addTask {
            while !Task.isCancelled {
              try await self.clock.sleep(for: self.timerResolution)
              self.endExpiredWaits()
            }
          }
        }
      }
    } catch is CancellationError {
      // A graceful shutdown cancels the loops; that is the normal way to stop.
    }
    let woken = state.withLock { state in
      state.stopped = true
      hasStopped.store(true, ordering: .releasing)
      return state.takeWaiters()
    }
    for continuation in woken { continuation.resume() }
    handBack(state.withLock { $0.directStreams() })
  }

  /// PostgreSQL's LISTEN/NOTIFY wakes this process at once when another process appends.
  package func listen(_ notifying: any EventNotifying) async {
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

  /// Reads what is new. One read at a time: a call during a read makes that read look again.
  public func poll() async {
    let first = state.withLock { state in
      if state.polling {
        state.pollAgain = true
        return false
      }
      state.polling = true
      return true
    }
    guard first else { return }
    var again = true
    while again {
      do {
        try await load()
      } catch is CancellationError {
        break
      } catch {
        logger.warning("Event hub could not read new events: \(error)")
        break
      }
      again = state.withLock { state in
        defer { state.pollAgain = false }
        return state.pollAgain
      }
    }
    state.withLock { state in
      state.polling = false
      state.pollAgain = false
    }
  }

  private func load() async throws {
    var latest: Int64
    if let known = state.withLock({ $0.coveredFrom == nil ? nil : $0.latest }) {
      latest = known
    } else {
      latest = try await database.latestSequence()
      state.withLock { state in
        state.latest = latest
        state.coveredFrom = latest
        latestRead.store(latest, ordering: .releasing)
      }
    }
    while true {
      let batch = try await database.events(after: latest, limit: 500)
      for follower in followers { follower.hubRead(batch) }
      guard let last = batch.last else { break }
      latest = last.sequence
      let framed = batch.map(FramedEvent.init)
      // The new position and the waiters to wake are taken together, so that a wait either
      // sees the new position or is on the list when it is woken: none sleeps through it.
      let (woken, direct) = state.withLock { state in
        state.recent.append(contentsOf: framed)
        state.latest = last.sequence
        latestRead.store(last.sequence, ordering: .releasing)
        if state.recent.count > capacity {
          let dropped = state.recent.count - capacity
          state.coveredFrom = state.recent[dropped - 1].event.sequence
          state.recent.removeFirst(dropped)
        }
        return (state.takeWaiters(), state.directStreams())
      }
      for (loop, streams) in direct {
        loop.execute {
          let memory = self.memory()
          for stream in streams { stream.deliver(memory, release: self.release) }
        }
      }
      for continuation in woken { continuation.resume() }
      if batch.count < 500 { break }
    }
  }

  /// The events after `cursor` from memory (none at its newest), or nil when memory cannot say:
  /// they are older than what it keeps, or `cursor` is past what it has read so far.
  public func cached(after cursor: Int64, limit: Int) -> [FramedEvent]? {
    memory().events(after: cursor).map { Array($0.prefix(limit)) }
  }

  /// What the hub holds in memory now.
  package func memory() -> Memory {
    state.withLock(\.memory)
  }

  /// The hub's recent events as they stood at one moment.
  package struct Memory {
    let recent: [FramedEvent]
    let coveredFrom: Int64?
    let latest: Int64

    /// Whether memory can say what came after `cursor`: it is neither older than what memory
    /// keeps nor past what the hub has read.
    func covers(_ cursor: Int64) -> Bool {
      coveredFrom.map { cursor >= $0 && cursor <= latest } ?? false
    }

    /// The events after `cursor` (none at the newest), or nil when memory cannot say.
    func events(after cursor: Int64) -> ArraySlice<FramedEvent>? {
      guard covers(cursor) else { return nil }
      var low = 0
      var high = recent.count
      while low < high {
        let middle = (low + high) / 2
        if recent[middle].event.sequence <= cursor { low = middle + 1 } else { high = middle }
      }
      return recent[low...]
    }
  }

  /// Returns once an event newer than `cursor` is read, at shutdown, when the task is
  /// cancelled, or after `timeout` (within `timerResolution`, while the hub runs).
  public func wait(after cursor: Int64, timeout: Duration) async {
    let deadline = elapsed() + timeout
    let id = waiterIDs.wrappingAdd(1, ordering: .relaxed).newValue
    await withTaskCancellationHandler {
      await withUnsafeContinuation { continuation in
        let registered = state.withLock { state in
          guard state.latest <= cursor, !state.stopped, timeout > .zero, !Task.isCancelled
          else { return false }
          state.waiters[id] = Waiter(continuation: continuation, deadline: deadline)
          return true
        }
        if !registered { continuation.resume() }
      }
    } onCancel: {
      state.withLock { $0.waiters.removeValue(forKey: id) }?.continuation.resume()
    }
  }

  /// Writes this stream's events from `cursor` on its connection's event loop until the hub
  /// must hand it back (see `DirectStream`), at most until `timeout`; nil at once when memory
  /// cannot take it from `cursor`, the hub stopped, or the task is cancelled.
  package func follow(
    _ channel: any Channel, userID: String, from cursor: Int64, timeout: Duration,
    metrics: HearthMetrics
  ) async -> DirectStream? {
    let stream = DirectStream(
      id: waiterIDs.wrappingAdd(1, ordering: .relaxed).newValue, channel: channel, userID: userID,
      cursor: cursor, deadline: elapsed() + timeout, metrics: metrics)
    let loop = channel.eventLoop
    var registered = false
    await withTaskCancellationHandler {
      await withUnsafeContinuation { continuation in
        stream.await(continuation)
        registered = state.withLock { state in
          guard !state.stopped, timeout > .zero, !Task.isCancelled, state.memory.covers(cursor)
          else { return false }
          state.direct[ObjectIdentifier(loop), default: DirectGroup(loop: loop)]
            .streams[stream.id] = stream
          return true
        }
        guard registered else { return continuation.resume() }
        // Events read before it was listed reach it here.
        loop.execute { stream.deliver(self.memory(), release: self.release) }
      }
    } onCancel: {
      let held = state.withLock { $0.direct[ObjectIdentifier(loop)]?.streams[stream.id] != nil }
      if held { loop.execute { stream.finish(.time, release: self.release) } }
    }
    return registered ? stream : nil
  }

  private func release(_ stream: DirectStream) {
    _ = state.withLock { state in
      state.direct[ObjectIdentifier(stream.channel.eventLoop)]?.streams.removeValue(
        forKey: stream.id)
    }
  }

  private func handBack(_ groups: [(any EventLoop, [DirectStream])]) {
    for (loop, streams) in groups {
      loop.execute { for stream in streams { stream.finish(.time, release: self.release) } }
    }
  }

  private func endExpiredWaits() {
    let now = elapsed()
    let (expired, direct) = state.withLock { state in
      var expired: [UnsafeContinuation<Void, Never>] = []
      for (id, waiter) in state.waiters where waiter.deadline <= now {
        expired.append(waiter.continuation)
        state.waiters[id] = nil
      }
      return (expired, state.directStreams { $0.deadline <= now })
    }
    for continuation in expired { continuation.resume() }
    handBack(direct)
  }

  /// Wakes every waiting stream, so that each can notice a shutdown or write a keep-alive.
  public func wakeAll() {
    for continuation in state.withLock({ $0.takeWaiters() }) { continuation.resume() }
    handBack(state.withLock { $0.directStreams() })
  }
}
