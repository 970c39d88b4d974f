import Foundation
import HearthCore
import HearthSQL
import Logging
import NIOConcurrencyHelpers
import ServiceLifecycle

/// What a job handler gets: the job, a logger, and a way to announce its effect.
public struct JobContext: Sendable {
  public var job: Job
  public var logger: Logger
  package let announced = NIOLockedValueBox<[NewEvent]>([])

  /// Appends `event` when, and only when, this attempt's completion is recorded.
  public func emit(_ event: NewEvent) {
    announced.withLockedValue { $0.append(event) }
  }
}

public typealias JobHandler = @Sendable (JobContext) async throws -> Void

/// Claims due jobs in batches, runs their handlers with a heartbeated lease, records their
/// completions in batches, and retries failures.
public struct JobWorker: Service {
  package let env: HearthEnvironment
  package let handlers: [String: JobHandler]
  package let metrics: HearthMetrics
  /// The most handlers running at once.
  package var concurrency = 16
  /// The most due jobs claimed beyond the free slots and held for them while the queue is
  /// backed up: fewer when handlers are slower (`HandlerTime.ahead`).
  package var claimAhead = 500
  /// Claiming ahead waits until the handlers are known to take less than this on average; a
  /// held job waits about this long at most.
  package var quickHandler: Duration = .milliseconds(250)
  package var lease: Duration = .seconds(30)
  package var idlePoll: Duration = .milliseconds(250)
  package var retry = RetryPolicy()
  /// How long a running job may go on after shutdown begins before it is released.
  package var shutdownGrace: Duration = .seconds(10)
  package let completions: JobCompletions
  package let runningJobs = RunningJobs()

  public init(
    env: HearthEnvironment, handlers: [String: JobHandler], metrics: HearthMetrics,
    concurrency: Int = 16, claimAhead: Int = 500, lease: Duration = .seconds(30),
    idlePoll: Duration = .milliseconds(250), retry: RetryPolicy = RetryPolicy()
  ) {
    self.env = env
    self.handlers = handlers
    self.metrics = metrics
    self.concurrency = concurrency
    self.claimAhead = claimAhead
    self.lease = lease
    self.idlePoll = idlePoll
    self.retry = retry
    completions = JobCompletions(database: env.database, now: env.now)
  }

  public func run() async throws {
    guard !handlers.isEmpty else {
      try? await gracefulShutdown()
      return
    }
    let queues = handlers.keys.sorted()
    let running = NIOLockedValueBox(0)
    let slotFreed = Wakeup()
    let held = HeldJobs()
    let handlerTime = HandlerTime(quick: quickHandler)
    let keeper = Task { await keepLeases(of: held) }
    defer { keeper.cancel() }
    await withDiscardingTaskGroup { group in
      if let notifying = env.database as? any JobNotifying {
        group.addTask { await self.listen(notifying) }
      }
      // Whether the last claim found fewer due jobs than it asked for: then the worker claims
      // again only for a free slot or when woken, not to fill its buffer. The buffer is filled
      // when it runs empty, not topped up: while a claim waits for the database, no held job
      // can start, and on SQLite that claim waits behind every producer's write.
      var drained = false
      while !Task.isShuttingDownGracefully && !Task.isCancelled {
        let seenFreed = await slotFreed.generation
        let free = concurrency - running.withLockedValue { $0 }
        let ahead = handlerTime.ahead(slots: concurrency, most: claimAhead)
        var starting: [Job] = []
        if free > 0 && held.count > 0 {
          let (jobs, lapsed) = held.take(free, now: env.now())
          if lapsed > 0 {
            env.logger.warning(
              "\(lapsed) held jobs were left to another worker: their lease ran out")
          }
          starting = jobs
        } else if free > 0 || (!drained && held.count == 0 && ahead > 0) {
          do {
            let seen = await env.jobWakeup.generation
            let room = free + max(0, ahead - held.count)
            let jobs = try await claim(queues, limit: room)
            drained = jobs.count < room
            starting = Array(jobs.prefix(max(0, free)))
            held.hold(jobs.dropFirst(starting.count))
            if jobs.isEmpty && free > 0 {
              try await cancelWhenGracefulShutdown {
                await env.jobWakeup.wait(since: seen, timeout: idlePoll, clock: env.clock)
              }
            }
          } catch is CancellationError {
            break
          } catch {
            env.logger.error("The job worker could not reach the database: \(error)")
            try? await env.clock.sleep(for: .seconds(1))
          }
        } else {
          await slotFreed.wait(since: seenFreed, timeout: .seconds(1))
          drained = false
          continue
        }
        running.withLockedValue { $0 += starting.count }
        for job in starting {
          // The slot frees when the handler returns: recording the outcome is not its work.
          group.addTask {
            let started = ContinuousClock.now
            await self.execute(job) {
              handlerTime.add(ContinuousClock.now - started)
              running.withLockedValue { $0 -= 1 }
              await slotFreed.signal()
            }
          }
        }
      }
      await release(held.takeAll())
    }
  }

  /// Renews, every third of a lease, the leases of the jobs held for a free slot.
  package func keepLeases(of held: HeldJobs) async {
    while !Task.isCancelled {
      try? await env.clock.sleep(for: lease / 3)
      for job in held.snapshot() where !Task.isCancelled {
        guard let token = job.completionToken else { continue }
        let now = env.now()
        do {
          if try await env.database.heartbeat(
            id: job.id, token: token, leaseUntil: now + lease.seconds, at: now)
          {
            held.renewed(job.id, until: now + lease.seconds)
          } else {
            held.drop(job.id)
          }
        } catch {
          env.logger.warning("A held job's lease could not be renewed, retrying: \(error)")
        }
      }
    }
  }

  /// Renews the running jobs' leases every third of a lease. A database error is retried
  /// sooner, so one failed write does not let a lease lapse; a lease that passed to another
  /// worker stops its handler, so that a call such as Lightward's or Gemini's is not made twice.
  package func keepRunningLeases() async {
    var failed = false
    while !Task.isCancelled {
      try? await env.clock.sleep(for: failed ? lease / 10 : lease / 3)
      failed = false
      for (id, entry) in runningJobs.snapshot() where !Task.isCancelled {
        let now = env.now()
        do {
          if try await !env.database.heartbeat(
            id: id, token: entry.token, leaseUntil: now + lease.seconds, at: now)
          {
            entry.logger.warning("Job lease passed to another worker; its handler is stopped")
            runningJobs.remove(id)
            entry.stop()
          }
        } catch is CancellationError {
          return
        } catch {
          failed = true
          entry.logger.warning("Job heartbeat failed, retrying: \(error)")
        }
      }
    }
  }

  /// Gives held jobs back to the queue at shutdown, as if they had not been claimed.
  package func release(_ jobs: [Job]) async {
    var released = 0
    for job in jobs {
      guard let token = job.completionToken else { continue }
      if (try? await env.database.release(id: job.id, token: token, at: env.now())) == true {
        released += 1
      }
    }
    guard !jobs.isEmpty else { return }
    let rest = jobs.count - released
    let others = rest == 0 ? "" : "; \(rest) go to another worker when their lease runs out"
    env.logger.notice("Gave \(released) held jobs back to the queue at shutdown\(others)")
  }

  /// On PostgreSQL, an enqueue in any process wakes this one's workers through LISTEN/NOTIFY.
  package func listen(_ notifying: any JobNotifying) async {
    while !Task.isShuttingDownGracefully && !Task.isCancelled {
      do {
        try await cancelWhenGracefulShutdown {
          try await notifying.listenForJobs { Task { await env.jobWakeup.signal() } }
        }
      } catch {
        if Task.isCancelled || Task.isShuttingDownGracefully { return }
        env.logger.warning("Listening for jobs failed, retrying: \(error)")
      }
      try? await env.clock.sleep(for: .seconds(1))
    }
  }

  /// Up to `limit` due jobs, under one new token.
  package func claim(_ queues: [String], limit: Int) async throws -> [Job] {
    let now = env.now()
    return try await env.database.claim(
      queues: queues, limit: limit, token: TokenService.randomToken(bytes: 16),
      leaseUntil: now + lease.seconds, at: now)
  }

  /// Runs one claimed job to an outcome; only the holder of its token can record it.
  /// `handlerReturned` runs as soon as the handler is done, before the outcome is recorded.
  public func execute(_ job: Job, handlerReturned: @Sendable () async -> Void = {}) async {
    await attempt(job, handlerReturned: handlerReturned)
    await env.jobSettled.signal()
  }

  private func attempt(_ job: Job, handlerReturned: @Sendable () async -> Void) async {
    guard let token = job.completionToken, let handler = handlers[job.queue] else {
      await handlerReturned()
      return
    }
    var logger = env.logger
    logger[metadataKey: "job"] = .string(job.id)
    logger[metadataKey: "queue"] = .string(job.queue)
    let context = JobContext(job: job, logger: logger)
    let work = Task { try await handler(context) }
    runningJobs.add(
      job.id, .init(token: token, logger: logger, stop: { work.cancel() }),
      keeper: { Task { await keepRunningLeases() } })
    defer { runningJobs.remove(job.id) }
    let grace = shutdownGrace
    let result = await withGracefulShutdownHandler {
      await work.result
    } onGracefulShutdown: {
      Task {
        try? await env.clock.sleep(for: grace)
        work.cancel()
      }
    }
    await handlerReturned()
    switch result {
    case .success:
      let events = context.announced.withLockedValue { $0 }
      do {
        if try await completions.record(JobCompletion(id: job.id, token: token, events: events)) {
          metrics.job(queue: job.queue, outcome: "succeeded")
        } else {
          logger.warning("Job finished after its lease passed to another worker; result dropped")
        }
      } catch {
        logger.error("Job finished but its completion was not recorded; it runs again: \(error)")
      }
    case .failure(let error) where error is CancellationError && Task.isShuttingDownGracefully:
      _ = try? await env.database.release(id: job.id, token: token, at: env.now())
      logger.notice("Job released for another worker at shutdown")
    case .failure(let error) where error is CancellationError:
      metrics.job(queue: job.queue, outcome: "lease_lost")
    case .failure(let error):
      let now = env.now()
      let retryAt =
        (error as? JobRetry)?.date
        ?? now + retry.delay(afterAttempt: job.attempts, unit: Double.random(in: 0..<1))
      let dead = job.attempts >= job.maxAttempts
      logger.warning("Job attempt \(job.attempts) failed: \(error)")
      metrics.job(queue: job.queue, outcome: dead ? "dead" : "retry")
      _ = try? await env.database.fail(
        id: job.id, token: token, error: String(describing: error).prefix(500).description,
        retryAt: dead ? nil : retryAt, at: now)
    }
  }
}

extension Duration {
  package var seconds: TimeInterval {
    Double(components.seconds) + Double(components.attoseconds) / 1e18
  }
}
