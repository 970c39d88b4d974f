import Foundation
import HearthCore
import HearthEngines
import HearthPlatform
import HearthPostgres
import HearthSQLite
import HearthServer

/// One measured run of the real JobWorker against one store.
struct JobsRun: Codable, Sendable {
  var store: String
  var label: String
  var jobs: Int
  var producers: Int
  /// nil: JobWorker's own defaults.
  var concurrency: Int?
  var idlePollMilliseconds: Double?
  /// Set for the latency run: one producer, one job every this many milliseconds.
  var pacedIntervalMilliseconds: Int?
  /// Set when producers call `enqueueMany` with this many jobs at a time; nil: one per call.
  var enqueueBatch: Int?
  /// First enqueue started to last `complete` committed.
  var seconds: Double
  var jobsPerSecond: Double
  /// First enqueue started to last enqueue returned.
  var enqueueSeconds: Double
  var enqueuesPerSecond: Double
  /// Jobs enqueued but not yet started when the last enqueue returned: the backlog's peak, about.
  var backlogAtLastEnqueue: Int?
  /// How long one `enqueue` (or `enqueueMany`) call took.
  var enqueueLatency: Distribution
  /// From just before `enqueue` was called to the start of the job's handler.
  var startLatency: Distribution
}

/// The pgbench ceiling: the store's own SQL, with nothing in between.
struct PgbenchRun: Codable, Sendable {
  var clients: Int
  var threads: Int
  var seconds: Int
  var protocolMode: String
  /// Jobs enqueued, claimed and completed by each transaction.
  var jobsPerTransaction: Int?
  var transactions: Int
  var failedTransactions: Int
  var tps: Double
  var latencyAverageMilliseconds: Double
  /// Jobs left in `succeeded` afterwards, divided by the duration.
  var jobsSucceeded: Int
  var jobsPerSecond: Double
  var script: String
}

struct JobsResult: Codable, Sendable {
  var info: RunInfo
  var runs: [JobsRun]
  /// One job per transaction: the ceiling of single enqueues.
  var pgbench: PgbenchRun?
  /// A batch per transaction: the ceiling of `enqueueMany` with batched claims.
  var pgbenchBatched: PgbenchRun?
  var pgbenchError: String?
}

struct JobsSuite {
  var sqlitePath: String?
  var postgresURL: String?
  var pgbenchPath: String?
  var sqliteJobs: Int
  var postgresJobs: Int
  var producers: Int
  /// Extra worker settings to run after the defaults (single enqueues and `enqueueMany`).
  var variants: [Worker]
  /// The run with `enqueueMany`: (jobs, jobs per call); nil skips it.
  var batched: (Int, Int)?
  /// The latency run on a queue that is not backed up: (jobs, milliseconds apart); nil skips it.
  var paced: (Int, Int)?

  static let queue = "bench"

  /// A JobWorker's settings other than its defaults.
  struct Worker {
    var concurrency: Int
    var idlePollMilliseconds: Int
    /// nil: JobWorker's default.
    var claimAhead: Int?

    var label: String {
      "concurrency \(concurrency), idle poll \(idlePollMilliseconds) ms"
        + (claimAhead.map { $0 == 0 ? ", no claim ahead" : ", claim ahead \($0)" } ?? "")
    }
  }

  /// One run's settings.
  struct Plan {
    var jobs: Int
    var variant: Worker?
    var enqueueBatch: Int?
    var pacedInterval: Int?
  }

  func plans(jobs: Int) -> [Plan] {
    let workers: [Worker?] = [nil] + variants.map(Optional.some)
    return workers.map { Plan(jobs: jobs, variant: $0) }
      + (batched.map { batch in
        workers.map { Plan(jobs: batch.0, variant: $0, enqueueBatch: batch.1) }
      } ?? [])
      + (paced.map { [Plan(jobs: $0.0, pacedInterval: $0.1)] } ?? [])
  }

  func run() async throws -> JobsResult {
    var result = JobsResult(info: .current(), runs: [])
    if let sqlitePath {
      for plan in plans(jobs: sqliteJobs) {
        for suffix in ["", "-wal", "-shm"] {
          try? FileManager.default.removeItem(atPath: sqlitePath + suffix)
        }
        let database = try SQLiteDatabase(path: sqlitePath)
        try await database.migrate(HearthServer.schemas)
        result.runs.append(try await measure(database, plan))
        try await database.close()
      }
    }
    if let postgresURL {
      let database = try PostgresDatabase(url: postgresURL, logger: quietLogger("hearth.postgres"))
      for plan in plans(jobs: postgresJobs) {
        try await database.resetSchema()
        try await database.migrate(HearthServer.schemas)
        result.runs.append(try await measure(database, plan))
      }
      if let pgbenchPath {
        // Each ceiling runs for as long as the Hearth run it compares with took.
        let single = result.defaultRun("postgresql")
        let many = result.batchedRun("postgresql")
        do {
          for (run, batch) in [(single, 1), (many, many?.enqueueBatch ?? 0)] {
            guard let run else { continue }
            try await database.resetSchema()
            try await database.migrate(HearthServer.schemas)
            let ceiling = try await pgbench(
              pgbenchPath, url: postgresURL, seconds: max(2, Int(run.seconds.rounded(.up))),
              batch: batch, database: database)
            if batch == 1 { result.pgbench = ceiling } else { result.pgbenchBatched = ceiling }
          }
        } catch {
          result.pgbenchError = String(describing: error)
          note("pgbench failed: \(error)")
        }
      }
      try await database.close()
    }
    return result
  }

  /// Producers enqueue (one job per call, or a batch with `enqueueMany`) while a JobWorker
  /// drains the queue.
  func measure(_ database: any HearthDatabase, _ plan: Plan) async throws -> JobsRun {
    let (jobs, variant, pacedInterval, enqueueBatch) = (
      plan.jobs, plan.variant, plan.pacedInterval, plan.enqueueBatch
    )
    var label = variant?.label ?? "JobWorker defaults"
    if let enqueueBatch { label += "; enqueueMany, \(enqueueBatch) jobs per call" }
    let producers = pacedInterval == nil ? producers : 1
    if let pacedInterval { label += "; paced, 1 job every \(pacedInterval) ms" }
    note("jobs: \(database.kindName), \(jobs) jobs, \(producers) producers, \(label)")
    var config = HearthConfig()
    config.logLevel = "warning"
    let env = HearthEnvironment(
      config: config, database: database, secret: String(repeating: "5e", count: 32),
      logger: quietLogger("hearth"))

    let startLatencies = Shared<[Int64]>([])
    startLatencies.with { $0.reserveCapacity(jobs) }
    let handler: JobHandler = { context in
      let started = monotonicNanos()
      let payload = context.job.payload
      // The payload is {"t":NANOS}: when the producer called enqueue.
      let enqueued = Int64(payload.dropFirst(5).dropLast()) ?? started
      startLatencies.with { $0.append(started - enqueued) }
    }
    var worker = JobWorker(env: env, handlers: [Self.queue: handler], metrics: HearthMetrics())
    if let variant {
      worker.concurrency = variant.concurrency
      worker.idlePoll = .milliseconds(variant.idlePollMilliseconds)
      if let claimAhead = variant.claimAhead { worker.claimAhead = claimAhead }
    }
    let workerTask = Task { try await worker.run() }
    defer { workerTask.cancel() }
    // Let the worker reach its first idle wait, as a worker in a quiet server would be.
    try await Task.sleep(for: .milliseconds(250))

    let begin = monotonicNanos()
    let clock = ContinuousClock()
    let scheduleStart = clock.now
    let enqueueLatencies = try await withThrowingTaskGroup(of: [Int64].self) { group in
      for producer in 0..<producers {
        let count = jobs / producers + (producer < jobs % producers ? 1 : 0)
        group.addTask {
          var latencies: [Int64] = []
          latencies.reserveCapacity(count)
          let perCall = enqueueBatch ?? 1
          for (call, first) in stride(from: 0, to: count, by: perCall).enumerated() {
            if let pacedInterval {
              try await Task.sleep(
                until: scheduleStart + .milliseconds(pacedInterval * call), clock: clock)
            }
            let before = monotonicNanos()
            let job = NewJob(queue: Self.queue, payload: "{\"t\":\(before)}", runAt: env.now())
            if enqueueBatch == nil {
              _ = try await env.enqueue(job)
            } else {
              _ = try await env.enqueueMany(
                Array(repeating: job, count: min(perCall, count - first)))
            }
            latencies.append(monotonicNanos() - before)
          }
          return latencies
        }
      }
      var all: [Int64] = []
      for try await latencies in group { all += latencies }
      return all
    }
    let enqueued = monotonicNanos()
    let backlog = jobs - startLatencies.value.count

    // Every handler has started; then wait for the last `complete` to commit.
    let deadline = begin + 300_000_000_000
    while startLatencies.value.count < jobs {
      guard monotonicNanos() < deadline else {
        throw BenchError("only \(startLatencies.value.count) of \(jobs) jobs started in time")
      }
      try await Task.sleep(for: .milliseconds(1))
    }
    while try await database.jobCounts()[.succeeded] ?? 0 < jobs {
      guard monotonicNanos() < deadline else {
        throw BenchError("not every job succeeded in time")
      }
      try await Task.sleep(for: .milliseconds(2))
    }
    let end = monotonicNanos()
    workerTask.cancel()
    _ = await workerTask.result

    let seconds = Double(end - begin) / 1e9
    let enqueueSeconds = Double(enqueued - begin) / 1e9
    let run = JobsRun(
      store: database.kindName, label: label, jobs: jobs, producers: producers,
      concurrency: variant?.concurrency,
      idlePollMilliseconds: variant.map { Double($0.idlePollMilliseconds) },
      pacedIntervalMilliseconds: pacedInterval, enqueueBatch: enqueueBatch,
      seconds: seconds, jobsPerSecond: Double(jobs) / seconds,
      enqueueSeconds: enqueueSeconds, enqueuesPerSecond: Double(jobs) / enqueueSeconds,
      backlogAtLastEnqueue: backlog,
      enqueueLatency: Distribution(enqueueLatencies.map(milliseconds)),
      startLatency: Distribution(startLatencies.value.map(milliseconds)))
    note(
      String(
        format: "jobs: %.0f jobs/s (%.2f s), enqueue %.0f/s, start latency p50 %.1f ms p99 %.1f ms",
        run.jobsPerSecond, seconds, run.enqueuesPerSecond, run.startLatency.p50,
        run.startLatency.p99))
    return run
  }
}
