import Foundation
import HearthTesting
import Logging
import Testing

@testable import HearthPlatform

@Suite struct EventHubTests {
  @Test func memoryAnswersOnlyForWhatItHasRead() async throws {
    let server = try await TestServer()
    let db = server.env.database
    let now = Date(timeIntervalSince1970: 1_800_000_000)
    let hub = EventHub(database: db, capacity: 3, logger: Logger(label: "test"))
    let first = try await db.appendEvent(NewEvent(type: "a", audience: .user("u")), at: now)

    // Before its first read it knows nothing; after it, only what came later
    #expect(await hub.cached(after: 0, limit: 10) == nil)
    await hub.poll()
    #expect(await hub.latest == first)
    #expect(await hub.cached(after: first, limit: 10) == nil)
    #expect(await hub.cached(after: 0, limit: 10) == nil)

    var appended: [Int64] = []
    for index in 0..<5 {
      appended.append(
        try await db.appendEvent(NewEvent(type: "e\(index)", audience: .user("u")), at: now))
    }
    await hub.poll()

    // It keeps the newest three, in order, and sends older cursors to the database
    #expect(
      await hub.cached(after: appended[1], limit: 10)?.map(\.sequence)
        == [appended[2], appended[3], appended[4]].map { $0 })
    #expect(await hub.cached(after: appended[2], limit: 1)?.map(\.type) == ["e3"])
    #expect(await hub.cached(after: appended[0], limit: 10) == nil)
    #expect(await hub.cached(after: appended[4], limit: 10) == nil)
  }

  @Test(.timeLimit(.minutes(1))) func waitersWakeWhenNewEventsAreRead() async throws {
    let server = try await TestServer()
    let db = server.env.database
    let timers = TestClock()
    let hub = EventHub(database: db, clock: timers, logger: Logger(label: "test"))
    await hub.poll()
    let waiting = Task { await hub.wait(after: 0, timeout: .seconds(10)) }
    // The wait has begun once its timeout is asleep on the clock
    await timers.sleepers(atLeast: 1)
    try await db.appendEvent(NewEvent(type: "x", audience: .user("u")), at: Date())
    await hub.poll()
    // Its timeout sleeps on a clock nobody moves: only the poll can wake it, however slow the
    // machine is (the test's time limit keeps a broken wake from hanging the run)
    await waiting.value
    #expect(await hub.cached(after: 0, limit: 10)?.map(\.type) == ["x"])
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
