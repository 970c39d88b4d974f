import Foundation
import HearthCore
import HearthTesting
import Logging
import NIOConcurrencyHelpers
import ServiceLifecycle
import Testing

@testable import HearthPlatform

@Suite struct JobClaimAheadTests {
  /// Handlers of the "gated" queue wait until the test opens the gate; "quick" ones return.
  final class Gate: Sendable {
    let state = NIOLockedValueBox((started: [String](), open: false))
    let changed = Wakeup()

    func until(_ holds: @escaping ((started: [String], open: Bool)) -> Bool) async throws {
      while true {
        try Task.checkCancellation()
        let seen = await changed.generation
        if state.withLockedValue({ holds($0) }) { return }
        await changed.wait(since: seen, timeout: .seconds(50))
      }
    }

    func open() async {
      state.withLockedValue { $0.open = true }
      await changed.signal()
    }

    var handlers: [String: JobHandler] {
      [
        "quick": { _ in },
        "gated": { context in
          self.state.withLockedValue { $0.started.append(context.job.id) }
          await self.changed.signal()
          try await self.until(\.open)
        },
      ]
    }
  }

  /// Two slots and four held ahead, claiming ahead however loaded the machine running the tests.
  func heldAheadWorker(_ env: HearthEnvironment, _ gate: Gate) -> JobWorker {
    var worker = JobWorker(
      env: env, handlers: gate.handlers, metrics: HearthMetrics(), concurrency: 2, claimAhead: 4)
    worker.quickHandler = .seconds(3600)
    return worker
  }

  /// Makes the worker's handlers known to be quick, as claiming ahead waits for.
  func runQuickJobs(_ env: HearthEnvironment) async throws {
    _ = try await env.enqueueMany((0..<8).map { _ in NewJob(queue: "quick", runAt: env.now()) })
    try await env.untilJobs(patience: .seconds(50)) { $0[.succeeded, default: 0] == 8 }
  }

  /// Claims settle nothing a test could wait on, so the count of held jobs is polled.
  func untilRunning(_ count: Int, in env: HearthEnvironment) async throws {
    let deadline = ContinuousClock.now + .seconds(50)
    while try await env.database.jobCounts()[.running, default: 0] != count {
      guard ContinuousClock.now < deadline else { break }
      try await Task.sleep(for: .milliseconds(10))
    }
    #expect(try await env.database.jobCounts()[.running, default: 0] == count)
  }

  @Test(.timeLimit(.minutes(3))) func aBackedUpQueueIsHeldAheadAndRunsOnceInOrder() async throws {
    let server = try await TestServer()
    let env = server.env
    let gate = Gate()
    let worker = heldAheadWorker(env, gate)
    let running = Task { try await worker.run() }
    defer { running.cancel() }
    try await runQuickJobs(env)

    // Given ten slow jobs: two run, four more are claimed and held for the next free slots
    let ids = try await env.enqueueMany(
      (0..<10).map { _ in NewJob(queue: "gated", runAt: env.now()) }
    ).sorted(by: Job.claimOrder).map(\.id)
    try await gate.until { $0.started.count == 2 }
    try await untilRunning(6, in: env)
    #expect(gate.state.withLockedValue { $0.started.count } == 2)

    // When they are let go, each runs once, in the queue's order (two slots start at once, so
    // a job may start beside the one before it, never further from its place)
    await gate.open()
    try await env.untilJobs(patience: .seconds(50)) { $0[.succeeded, default: 0] == 18 }
    let started = gate.state.withLockedValue { $0.started }
    #expect(started.sorted() == ids.sorted())
    #expect(
      started.enumerated().allSatisfy { abs(ids.firstIndex(of: $0.element)! - $0.offset) < 2 })
    for id in ids {
      #expect(try await env.database.job(id: id)?.attempts == 1)
    }
  }

  @Test(.timeLimit(.minutes(3))) func heldJobsGoBackToTheQueueAtShutdown() async throws {
    let server = try await TestServer()
    let env = server.env
    let gate = Gate()
    var worker = heldAheadWorker(env, gate)
    worker.shutdownGrace = .milliseconds(100)
    let group = ServiceGroup(
      configuration: .init(services: [worker], logger: Logger(label: "test")))
    let running = Task { try await group.run() }
    try await runQuickJobs(env)
    let ids = try await env.enqueueMany(
      (0..<10).map { _ in NewJob(queue: "gated", runAt: env.now()) }
    ).sorted(by: Job.claimOrder).map(\.id)
    try await untilRunning(6, in: env)

    // When the process shuts down with two jobs running and four held
    await group.triggerGracefulShutdown()
    try await running.value

    // Then all six are queued again, without using an attempt, and none ran twice
    for id in ids {
      let job = try #require(try await env.database.job(id: id))
      #expect(job.status == .queued && job.attempts == 0)
    }
    #expect(Set(gate.state.withLockedValue { $0.started }) == Set(ids.prefix(2)))
  }

  @Test func heldLeasesAreRenewedUntilAnotherWorkerTakesOne() async throws {
    let server = try await TestServer()
    let db = server.env.database
    var env = server.env
    let clock = TestClock()
    env.clock = clock
    let worker = JobWorker(env: env, handlers: [:], metrics: HearthMetrics())
    let now = env.now()
    _ = try await db.enqueueMany(
      [NewJob(queue: "q", runAt: now), NewJob(queue: "q", runAt: now)], ids: ["a", "b"], at: now)
    let claimed = try await db.claim(
      queues: ["q"], limit: 2, token: "A", leaseUntil: now + 30, at: now)
    let held = HeldJobs()
    held.hold(claimed)
    let keeper = Task { await worker.keepLeases(of: held) }
    defer { keeper.cancel() }

    // Another worker takes "b" over; at the next renewal "a" is kept and "b" let go
    try await db.transaction { tx in
      try await tx.execute("UPDATE jobs SET completion_token = 'B' WHERE id = 'b'")
    }
    await clock.sleepers(atLeast: 1)
    clock.advance(by: worker.lease / 3)
    while held.count > 1 { await Task.yield() }
    #expect(held.snapshot().map(\.id) == ["a"])
    #expect(try #require(try await db.job(id: "a")?.leaseUntil) >= now + 30)
  }

  @Test func aHeldJobWhoseLeaseLapsedIsNotStarted() {
    let now = Date()
    let held = HeldJobs()
    let job = { (id: String, leaseUntil: Date) in
      Job(
        id: id, queue: "q", payload: "{}", status: .running, attempts: 1, maxAttempts: 5,
        runAt: now, leaseUntil: leaseUntil, completionToken: "t", lastError: nil,
        idempotencyKey: nil, createdAt: now, updatedAt: now)
    }
    held.hold([job("old", now - 1), job("a", now + 30), job("b", now + 30)])
    let taken = held.take(1, now: now)
    #expect(taken.jobs.map(\.id) == ["a"])
    #expect(taken.lapsed == 1)
    #expect(held.takeAll().map(\.id) == ["b"])
  }

  @Test func theBufferHoldsAboutAQuarterSecondOfTheHandlersWork() {
    let time = HandlerTime(quick: .milliseconds(250))
    // Unknown until a handler has run
    #expect(time.ahead(slots: 16, most: 500) == 0)
    // 16 slots of 50 ms jobs finish 80 in 250 ms
    time.add(.milliseconds(50))
    #expect(time.ahead(slots: 16, most: 500) == 80)
    // No-op handlers hold the most allowed
    for _ in 0..<40 { time.add(.microseconds(20)) }
    #expect(time.ahead(slots: 16, most: 500) == 500)
    // Slow handlers hold none, so that an idle worker elsewhere can take their jobs
    for _ in 0..<40 { time.add(.seconds(2)) }
    #expect(time.ahead(slots: 16, most: 500) == 0)
  }
}
