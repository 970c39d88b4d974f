import Foundation
import HearthCore
import HearthTesting
import Logging
import NIOConcurrencyHelpers
import ServiceLifecycle
import Testing

@testable import HearthPlatform

@Suite struct JobWorkerTests {
  struct Boom: Error {}

  @Test func successFailureRetryAndDeath() async throws {
    let server = try await TestServer()
    let db = server.env.database
    let runs = NIOLockedValueBox<[String]>([])
    let worker = JobWorker(
      env: server.env,
      handlers: [
        "ok": { context in runs.withLockedValue { $0.append(context.job.id) } },
        "boom": { _ in throw Boom() },
      ], metrics: HearthMetrics())
    let now = server.env.now()
    _ = try await db.enqueue(NewJob(queue: "ok", runAt: now), id: "a", at: now)
    _ = try await db.enqueue(NewJob(queue: "boom", runAt: now, maxAttempts: 2), id: "b", at: now)

    // When each job is claimed and run
    let first = try #require(try await worker.claim(["ok"], limit: 1).first)
    await worker.execute(first)
    let failing = try #require(try await worker.claim(["boom"], limit: 1).first)
    await worker.execute(failing)

    // Then the good one succeeded and the bad one waits for a retry with backoff
    #expect(try await db.job(id: "a")?.status == .succeeded)
    let retrying = try #require(try await db.job(id: "b"))
    #expect(retrying.status == .queued)
    #expect(retrying.runAt > now)
    #expect(retrying.lastError?.contains("Boom") == true)

    // When its second and last attempt fails too, it is dead
    let later = retrying.runAt.addingTimeInterval(1)
    let again = try #require(
      try await db.claim(queues: ["boom"], token: "t2", leaseUntil: later + 30, at: later))
    await worker.execute(again)
    #expect(try await db.job(id: "b")?.status == .dead)
    #expect(runs.withLockedValue { $0 } == ["a"])
  }

  @Test func aWorkerWhoseLeaseExpiredCannotComplete() async throws {
    let server = try await TestServer()
    let db = server.env.database
    let runs = NIOLockedValueBox(0)
    let worker = JobWorker(
      env: server.env,
      handlers: [
        "slow": { context in
          runs.withLockedValue { $0 += 1 }
          context.emit(NewEvent(type: "slow.done", audience: .user("u")))
        }
      ], metrics: HearthMetrics())
    let now = server.env.now()
    _ = try await db.enqueue(NewJob(queue: "slow", runAt: now), id: "s", at: now)

    // Given worker A claimed it, and its lease ran out so worker B took it over
    let byA = try #require(
      try await db.claim(queues: ["slow"], token: "A", leaseUntil: now + 1, at: now))
    let byB = try #require(
      try await db.claim(queues: ["slow"], token: "B", leaseUntil: now + 60, at: now + 2))
    #expect(byB.attempts == 2)

    // When A finishes late, its completion is refused; B's counts
    await worker.execute(byA)
    #expect(try await db.job(id: "s")?.status == .running)
    await worker.execute(byB)
    #expect(try await db.job(id: "s")?.status == .succeeded)
    #expect(try await db.complete(id: "s", token: "A", at: now + 3) == false)

    // And its effect was announced once, by the attempt that counted
    #expect(runs.withLockedValue { $0 } == 2)
    let announced = try await db.events(after: 0, limit: 10).filter { $0.type == "slow.done" }
    #expect(announced.count == 1)
  }

  @Test(.timeLimit(.minutes(3))) func theRunLoopDrainsTheQueue() async throws {
    let server = try await TestServer()
    let db = server.env.database
    let done = NIOLockedValueBox<Set<String>>([])
    var env = server.env
    let clock = TestClock()
    env.clock = clock
    let worker = JobWorker(
      env: env,
      handlers: ["noop": { context in _ = done.withLockedValue { $0.insert(context.job.id) } }],
      metrics: HearthMetrics())
    let now = server.env.now()
    for index in 0..<30 {
      _ = try await db.enqueue(NewJob(queue: "noop", runAt: now), id: "n\(index)", at: now)
    }
    let running = Task { try await worker.run() }
    defer { running.cancel() }
    // The worker claims batches of free slots and records completions in batches
    try await env.untilJobs(patience: .seconds(50)) { $0[.succeeded, default: 0] == 30 }
    #expect(try await db.jobCounts()[.succeeded, default: 0] == 30)
    #expect(done.withLockedValue { $0.count } == 30)
  }

  @Test(.timeLimit(.minutes(3))) func noMoreHandlersRunAtOnceThanTheWorkersConcurrency()
    async throws
  {
    let server = try await TestServer()
    let db = server.env.database
    let counts = NIOLockedValueBox((running: 0, most: 0, done: 0, permits: 0))
    let changed = Wakeup()
    /// Returns once `holds` (which may change the counts as it finds they hold) returns true.
    @Sendable func until(
      _ holds: @escaping (inout (running: Int, most: Int, done: Int, permits: Int)) -> Bool
    ) async {
      while true {
        let seen = await changed.generation
        if counts.withLockedValue({ holds(&$0) }) { return }
        await changed.wait(since: seen, timeout: .seconds(50))
      }
    }
    let worker = JobWorker(
      env: server.env,
      handlers: [
        "gated": { _ in
          counts.withLockedValue {
            $0.running += 1
            $0.most = max($0.most, $0.running)
          }
          await changed.signal()
          // Each handler waits for a permit
          await until { state in
            guard state.permits > 0 else { return false }
            state.permits -= 1
            return true
          }
          counts.withLockedValue {
            $0.running -= 1
            $0.done += 1
          }
          await changed.signal()
        }
      ], metrics: HearthMetrics(), concurrency: 3)
    let now = server.env.now()
    _ = try await db.enqueueMany(
      (0..<10).map { _ in NewJob(queue: "gated", runAt: now) }, ids: (0..<10).map { "g\($0)" },
      at: now)
    let running = Task { try await worker.run() }
    defer { running.cancel() }
    // Let one handler go at a time: each time, a freed slot takes the next job
    for released in 0..<10 {
      await until { $0.running >= min(3, 10 - released) }
      #expect(
        try await db.jobCounts()[.running, default: 0] >= counts.withLockedValue { $0.running })
      counts.withLockedValue { $0.permits += 1 }
      await changed.signal()
      await until { $0.done > released }
    }
    try await server.env.untilJobs(patience: .seconds(50)) { $0[.succeeded, default: 0] == 10 }
    #expect(try await db.jobCounts()[.succeeded, default: 0] == 10)
    #expect(counts.withLockedValue { $0.most } == 3)
  }

  @Test func shutdownReleasesAJobThatDoesNotFinishInTime() async throws {
    let server = try await TestServer()
    let db = server.env.database
    let started = NIOLockedValueBox(false)
    var env = server.env
    let clock = TestClock()
    env.clock = clock
    var worker = JobWorker(
      env: env,
      handlers: [
        "long": { _ in
          started.withLockedValue { $0 = true }
          try await clock.sleep(for: .seconds(30))
        }
      ], metrics: HearthMetrics())
    worker.shutdownGrace = .milliseconds(100)
    let now = server.env.now()
    _ = try await db.enqueue(NewJob(queue: "long", runAt: now), id: "l", at: now)
    let group = ServiceGroup(
      configuration: .init(services: [worker], logger: Logger(label: "test")))
    let running = Task { try await group.run() }
    // Running: the handler and the job's heartbeat asleep, and the claiming loop idle
    await clock.sleepers(atLeast: 3)
    #expect(started.withLockedValue { $0 })

    // When the process shuts down, the job is handed back unfinished, without using an attempt
    await group.triggerGracefulShutdown()
    // The grace period begins (the only sleeper due that soon); the job does not finish in it
    await clock.sleepers(atLeast: 1, dueIn: .zero...worker.shutdownGrace)
    clock.advance(by: worker.shutdownGrace)
    try await running.value
    let job = try #require(try await db.job(id: "l"))
    #expect(job.status == .queued)
    #expect(job.attempts == 0)
  }

  @Test func aHandlerStopsWhenItsLeasePassesToAnotherWorker() async throws {
    let server = try await TestServer()
    let db = server.env.database
    var env = server.env
    let clock = TestClock()
    env.clock = clock
    let cancelled = NIOLockedValueBox(false)
    let worker = JobWorker(
      env: env,
      handlers: [
        "call": { _ in
          do {
            try await clock.sleep(for: .seconds(3600))
          } catch {
            cancelled.withLockedValue { $0 = true }
            throw error
          }
        }
      ], metrics: HearthMetrics())
    let now = server.env.now()
    _ = try await db.enqueue(NewJob(queue: "call", runAt: now), id: "c", at: now)
    let job = try #require(
      try await db.claim(queues: ["call"], token: "A", leaseUntil: now + 30, at: now))
    let running = Task { await worker.execute(job) }
    // The handler and the heartbeat asleep; then another worker holds the job
    await clock.sleepers(atLeast: 2)
    try await db.transaction { tx in
      try await tx.execute("UPDATE jobs SET completion_token = 'B' WHERE id = 'c'")
    }
    // At the next heartbeat the lease is found lost, and the handler is stopped
    clock.advance(by: worker.lease / 3)
    await running.value
    #expect(cancelled.withLockedValue { $0 })
    #expect(try await db.job(id: "c")?.status == .running)
  }
}
