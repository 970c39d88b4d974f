import Foundation
import HearthTesting
import Logging
import NIOCore
import Testing

@testable import HearthPlatform

@Suite struct EventHubTests {
  @Test func memoryAnswersOnlyForWhatItHasRead() async throws {
    let server = try await TestServer()
    let db = server.env.database
    let now = Date(timeIntervalSince1970: 1_800_000_000)
    let hub = EventHub(database: db, capacity: 3, logger: Logger(label: "test"))
    let first = try await db.appendEvent(NewEvent(type: "a", audience: .user("u")), at: now)

    // Before its first read it knows nothing; after it, only what came later: at its newest,
    // that nothing is new, and nothing of a cursor past what it read
    #expect(hub.cached(after: 0, limit: 10) == nil)
    await hub.poll()
    #expect(hub.latest == first)
    #expect(hub.cached(after: first, limit: 10)?.isEmpty == true)
    #expect(hub.cached(after: first + 1, limit: 10) == nil)
    #expect(hub.cached(after: 0, limit: 10) == nil)

    var appended: [Int64] = []
    for index in 0..<5 {
      appended.append(
        try await db.appendEvent(NewEvent(type: "e\(index)", audience: .user("u")), at: now))
    }
    await hub.poll()

    // It keeps the newest three, in order, and sends older cursors to the database
    #expect(
      hub.cached(after: appended[1], limit: 10)?.map(\.event.sequence)
        == [appended[2], appended[3], appended[4]].map { $0 })
    #expect(hub.cached(after: appended[2], limit: 1)?.map(\.event.type) == ["e3"])
    #expect(hub.cached(after: appended[0], limit: 10) == nil)
    #expect(hub.cached(after: appended[4], limit: 10)?.isEmpty == true)
  }

  @Test(.timeLimit(.minutes(3))) func waitersWakeWhenNewEventsAreRead() async throws {
    let server = try await TestServer()
    let db = server.env.database
    let timers = TestClock()
    let hub = EventHub(database: db, clock: timers, logger: Logger(label: "test"))
    await hub.poll()
    try await withThrowingTaskGroup(of: Void.self) { group in
      group.addTask { await hub.wait(after: 0, timeout: .seconds(10)) }
      await hub.waiters(atLeast: 1)
      try await db.appendEvent(NewEvent(type: "x", audience: .user("u")), at: Date())
      await hub.poll()
      // The hub's timer is not running: only the poll can wake it, however slow the machine
      // is (the time limit cancels the wait with the test, so a broken wake fails the test)
      try await group.waitForAll()
    }
    try Task.checkCancellation()
    let cached = try #require(hub.cached(after: 0, limit: 10))
    #expect(cached.map(\.event.type) == ["x"])
    #expect(String(buffer: cached[0].frame).hasPrefix("id: \(cached[0].event.sequence)\ndata: {"))
  }

  /// Waits that begin while a read lands either see its events or are woken by it: none sleeps
  /// until its timeout (which here never comes: the hub's timer is not running).
  /// The waits are the test's child tasks, so that the time limit, which cancels the test,
  /// also ends them: a broken wake fails the test instead of hanging the run.
  @Test(.timeLimit(.minutes(3))) func noWaitSleepsThroughARead() async throws {
    let server = try await TestServer()
    let db = server.env.database
    let hub = EventHub(database: db, logger: Logger(label: "test"))
    await hub.poll()
    for round in 0..<30 {
      let cursor = hub.latest
      try await withThrowingTaskGroup(of: Void.self) { group in
        for _ in 0..<20 {
          group.addTask { await hub.wait(after: cursor, timeout: .seconds(3600)) }
        }
        try await db.appendEvent(NewEvent(type: "r\(round)", audience: .user("u")), at: Date())
        await hub.poll()
        try await group.waitForAll()
      }
      try Task.checkCancellation()
    }
    #expect(hub.waiting == 0)
  }

  /// One timer ends every wait whose time is up; none has a timer of its own.
  @Test(.timeLimit(.minutes(3))) func waitsEndAtTheirTimeoutOnTheSharedTimer() async throws {
    let server = try await TestServer()
    let timers = TestClock()
    let hub = EventHub(
      database: server.env.database, interval: .seconds(3600), clock: timers,
      timerResolution: .milliseconds(250), logger: Logger(label: "test"))
    let running = Task { try await hub.run() }
    defer { running.cancel() }
    // The read loop and the keep-alive timer asleep; no wait adds a sleeper
    await timers.sleepers(atLeast: 2)
    try await withThrowingTaskGroup(of: Void.self) { group in
      for _ in 0..<3 {
        group.addTask { await hub.wait(after: hub.latest, timeout: .seconds(1)) }
      }
      await hub.waiters(atLeast: 3)
      for _ in 0..<3 {
        timers.advance(by: .milliseconds(250))
        await timers.sleepers(atLeast: 2)
      }
      #expect(hub.waiting == 3)
      timers.advance(by: .milliseconds(250))
      try await group.waitForAll()
    }
    try Task.checkCancellation()
    #expect(hub.waiting == 0)
    running.cancel()
    _ = await running.result
    #expect(hub.stopped)
  }
}

@Suite struct WakeupTests {
  @Test func aSignalIsNeverMissed() async {
    let wakeup = Wakeup()
    let seen = await wakeup.generation
    await wakeup.signal()
    let clock = TestClock()
    // A signal between the look and the wait: the wait returns at once
    let early = await clock.measure {
      await wakeup.wait(since: seen, timeout: .seconds(5), clock: clock)
    }
    #expect(early == .zero)
    // No signal: the wait ends at its timeout, and not before
    let quiet = Task {
      let generation = await wakeup.generation
      return await clock.measure {
        await wakeup.wait(since: generation, timeout: .milliseconds(50), clock: clock)
      }
    }
    await clock.sleepers(atLeast: 1)
    clock.advance(by: .milliseconds(49))
    await clock.sleepers(atLeast: 1)
    clock.advance(by: .milliseconds(1))
    #expect(await quiet.value == .milliseconds(50))
    // A signal during the wait ends it, with no time passing
    let now = await wakeup.generation
    let waiting = Task {
      await clock.measure { await wakeup.wait(since: now, timeout: .seconds(5), clock: clock) }
    }
    await clock.sleepers(atLeast: 1)
    await wakeup.signal()
    #expect(await waiting.value == .zero)
  }
}
