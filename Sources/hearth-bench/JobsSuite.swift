import Foundation
import HearthCore
import HearthPlatform
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
  /// First enqueue started to last `complete` committed.
  var seconds: Double
  var jobsPerSecond: Double
  /// First enqueue started to last enqueue returned.
  var enqueueSeconds: Double
  var enqueuesPerSecond: Double
  /// Jobs enqueued but not yet started when the last enqueue returned: the backlog's peak, about.
  var backlogAtLastEnqueue: Int?
  /// How long one `enqueue` call took.
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
  var pgbench: PgbenchRun?
  var pgbenchError: String?
}

struct JobsSuite {
  var sqlitePath: String?
  var postgresURL: String?
  var pgbenchPath: String?
  var sqliteJobs: Int
  var postgresJobs: Int
  var producers: Int
  /// Extra worker settings to run after the defaults, as (concurrency, idle poll ms).
  var variants: [(Int, Int)]
  /// The latency run on a queue that is not backed up: (jobs, milliseconds apart); nil skips it.
  var paced: (Int, Int)?

  static let queue = "bench"

  func run() async throws -> JobsResult {
    var result = JobsResult(info: .current(), runs: [])
    if let sqlitePath {
      for variant in [nil] + variants.map(Optional.some) {
        for suffix in ["", "-wal", "-shm"] {
          try? FileManager.default.removeItem(atPath: sqlitePath + suffix)
        }
        let database = try SQLiteDatabase(path: sqlitePath)
        try await database.migrate(HearthServer.schemas)
        result.runs.append(
          try await measure(database, jobs: sqliteJobs, variant: variant))
        try await database.close()
      }
      if let paced {
        for suffix in ["", "-wal", "-shm"] {
          try? FileManager.default.removeItem(atPath: sqlitePath + suffix)
        }
        let database = try SQLiteDatabase(path: sqlitePath)
        try await database.migrate(HearthServer.schemas)
        result.runs.append(
          try await measure(database, jobs: paced.0, variant: nil, pacedInterval: paced.1))
        try await database.close()
      }
    }
    if let postgresURL {
      let database = try PostgresDatabase(url: postgresURL, logger: quietLogger("hearth.postgres"))
      var defaultSeconds: Double?
      for variant in [nil] + variants.map(Optional.some) {
        try await database.resetSchema()
        try await database.migrate(HearthServer.schemas)
        let run = try await measure(database, jobs: postgresJobs, variant: variant)
        if variant == nil { defaultSeconds = run.seconds }
        result.runs.append(run)
      }
      if let paced {
        try await database.resetSchema()
        try await database.migrate(HearthServer.schemas)
        result.runs.append(
          try await measure(database, jobs: paced.0, variant: nil, pacedInterval: paced.1))
      }
      if let pgbenchPath, let defaultSeconds {
        try await database.resetSchema()
        try await database.migrate(HearthServer.schemas)
        let seconds = max(2, Int(defaultSeconds.rounded(.up)))
        do {
          result.pgbench = try await pgbench(
            pgbenchPath, url: postgresURL, seconds: seconds, database: database)
        } catch {
          result.pgbenchError = String(describing: error)
          note("pgbench failed: \(error)")
        }
      }
      try await database.close()
    }
    return result
  }

  /// Producers enqueue one job per call while a JobWorker drains the queue.
  func measure(
    _ database: any HearthDatabase, jobs: Int, variant: (Int, Int)?, pacedInterval: Int? = nil
  ) async throws -> JobsRun {
    var label = variant.map { "concurrency \($0.0), idle poll \($0.1) ms" } ?? "JobWorker defaults"
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
    let worker =
      if let (concurrency, poll) = variant {
        JobWorker(
          env: env, handlers: [Self.queue: handler], metrics: HearthMetrics(),
          concurrency: concurrency, idlePoll: .milliseconds(poll))
      } else {
        JobWorker(env: env, handlers: [Self.queue: handler], metrics: HearthMetrics())
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
          for index in 0..<count {
            if let pacedInterval {
              try await Task.sleep(
                until: scheduleStart + .milliseconds(pacedInterval * index), clock: clock)
            }
            let before = monotonicNanos()
            _ = try await env.enqueue(
              NewJob(queue: Self.queue, payload: "{\"t\":\(before)}", runAt: env.now()))
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
      concurrency: variant?.0, idlePollMilliseconds: variant.map { Double($0.1) },
      pacedIntervalMilliseconds: pacedInterval,
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

  /// The PostgreSQL store's enqueue, claim and complete statements (PostgresDatabase+Jobs.swift),
  /// one job's whole life per pgbench transaction.
  static let pgbenchScript = """
    \\set token random(1, 1000000000000)
    INSERT INTO jobs (id, queue, payload, status, attempts, max_attempts, run_at,
      idempotency_key, created_at, updated_at)
    VALUES (gen_random_uuid()::text, 'bench', '{}', 'queued', 0, 5, now(), NULL, now(), now())
    ON CONFLICT (queue, idempotency_key) DO NOTHING
    RETURNING \(jobColumns);
    SELECT pg_notify('hearth_jobs', 'bench');
    WITH expired AS (
      UPDATE jobs SET status = 'dead', lease_until = NULL,
        completion_token = NULL, updated_at = now(),
        last_error = COALESCE(last_error, 'The lease expired after the last attempt.')
      WHERE id IN (
        SELECT id FROM jobs
        WHERE status = 'running' AND lease_until < now() AND queue = ANY('{bench}'::text[])
          AND attempts >= max_attempts
        FOR UPDATE SKIP LOCKED)
      RETURNING id
    ), stalled AS (
      SELECT id FROM jobs
      WHERE status = 'running' AND lease_until < now() AND queue = ANY('{bench}'::text[])
        AND attempts < max_attempts
      ORDER BY lease_until LIMIT 1
      FOR UPDATE SKIP LOCKED
    ), queued AS (
      SELECT id FROM jobs
      WHERE status = 'queued' AND run_at <= now() AND queue = ANY('{bench}'::text[])
      ORDER BY run_at, created_at, id LIMIT 1
      FOR UPDATE SKIP LOCKED
    ), claimed AS (
      UPDATE jobs SET status = 'running', attempts = attempts + 1,
        completion_token = :token::text, lease_until = now() + interval '30 seconds',
        updated_at = now()
      WHERE id = COALESCE((SELECT id FROM stalled), (SELECT id FROM queued))
      RETURNING \(jobColumns))
    SELECT COALESCE((SELECT id FROM claimed), '') AS claimed_id \\gset
    UPDATE jobs SET status = 'succeeded', lease_until = NULL, updated_at = now()
    WHERE id = :claimed_id AND status = 'running' AND completion_token = :token::text
    RETURNING id;

    """

  static let jobColumns = """
    id, queue, payload, status, attempts, max_attempts, run_at, lease_until, completion_token,
      last_error, idempotency_key, created_at, updated_at
    """

  func pgbench(_ path: String, url: String, seconds: Int, database: PostgresDatabase)
    async throws -> PgbenchRun
  {
    let clients = producers
    let threads = max(1, min(clients, ProcessInfo.processInfo.activeProcessorCount))
    let script = FileManager.default.temporaryDirectory
      .appendingPathComponent("hearth-bench-\(getpid()).pgbench").path
    try Data(Self.pgbenchScript.utf8).write(to: URL(fileURLWithPath: script))
    defer { try? FileManager.default.removeItem(atPath: script) }
    note("jobs: pgbench, \(clients) clients for \(seconds) s")
    let arguments = [
      "-n", "-M", "extended", "-c", String(clients), "-j", String(threads), "-T", String(seconds),
      "-f", script, url,
    ]
    let (status, output) = try await runProcess(path, arguments)
    guard status == 0 else {
      throw BenchError("pgbench exited with \(status):\n\(output)")
    }
    func value(after prefix: String) -> String? {
      for line in output.split(separator: "\n") where line.hasPrefix(prefix) {
        return line.dropFirst(prefix.count).trimmingCharacters(in: .whitespaces)
          .split(separator: " ").first.map(String.init)
      }
      return nil
    }
    guard
      let transactions = value(after: "number of transactions actually processed:").flatMap({
        Int($0)
      }),
      let tps = value(after: "tps =").flatMap({ Double($0) })
    else { throw BenchError("could not read pgbench's output:\n\(output)") }
    let failed = value(after: "number of failed transactions:").flatMap { Int($0) } ?? 0
    let latency = value(after: "latency average =").flatMap { Double($0) } ?? .nan
    let succeeded = try await database.jobCounts()[.succeeded] ?? 0
    let run = PgbenchRun(
      clients: clients, threads: threads, seconds: seconds, protocolMode: "extended",
      transactions: transactions, failedTransactions: failed, tps: tps,
      latencyAverageMilliseconds: latency, jobsSucceeded: succeeded,
      jobsPerSecond: Double(succeeded) / Double(seconds), script: Self.pgbenchScript)
    note(String(format: "jobs: pgbench %.0f tps, %d jobs succeeded", tps, succeeded))
    return run
  }
}

/// Runs a program to completion and returns its exit status and combined output.
///
/// Spawned with posix_spawn and an empty signal mask: Foundation's Process hands the child the
/// calling thread's mask, in which nearly every signal is blocked, and pgbench relies on
/// SIGALRM to end a `-T` run.
func runProcess(_ path: String, _ arguments: [String]) async throws -> (Int32, String) {
  let outputPath = FileManager.default.temporaryDirectory
    .appendingPathComponent("hearth-bench-\(getpid())-\(UUID().uuidString).out").path
  defer { try? FileManager.default.removeItem(atPath: outputPath) }

  var actions = posix_spawn_file_actions_t()
  posix_spawn_file_actions_init(&actions)
  defer { posix_spawn_file_actions_destroy(&actions) }
  posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
  posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
  posix_spawn_file_actions_adddup2(&actions, 1, 2)
  var attributes = posix_spawnattr_t()
  posix_spawnattr_init(&attributes)
  defer { posix_spawnattr_destroy(&attributes) }
  var none = sigset_t()
  sigemptyset(&none)
  var all = sigset_t()
  sigfillset(&all)
  posix_spawnattr_setsigmask(&attributes, &none)
  posix_spawnattr_setsigdefault(&attributes, &all)
  posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

  let argv = ([path] + arguments).map { strdup($0) } + [nil]
  defer { for pointer in argv { free(pointer) } }
  var pid = pid_t()
  let spawned = posix_spawn(&pid, path, &actions, &attributes, argv, environ)
  guard spawned == 0 else { throw BenchError("could not start \(path): error \(spawned)") }
  let child = pid
  let status = await Task.detached { () -> Int32 in
    var status: Int32 = 0
    while waitpid(child, &status, 0) < 0 && errno == EINTR {}
    return status
  }.value
  let output = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
  // WIFEXITED / WEXITSTATUS, which Swift does not import as functions.
  let exitCode = status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
  return (exitCode, output)
}
