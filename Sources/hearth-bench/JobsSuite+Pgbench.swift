import Foundation
import HearthEngines
import HearthPlatform
import HearthPostgres

/// The pgbench ceilings: the store's own statements (JobStore+SQL.swift) with nothing
/// in between, one job's whole life, or one batch's, per pgbench transaction.
extension JobsSuite {
  static let jobColumns = """
    id, queue, payload, status, attempts, max_attempts, run_at, lease_until, completion_token,
      last_error, idempotency_key, created_at, updated_at
    """

  /// The enqueue INSERT with its NOTIFY, the claim (the store's `hearth_claim_jobs`) and the
  /// complete, for `batch` jobs at once.
  static func pgbenchScript(batch: Int) -> String {
    """
    \\set token random(1, 1000000000000)
    WITH inserted AS (
      INSERT INTO jobs (id, queue, payload, status, attempts, max_attempts, run_at,
        idempotency_key, created_at, updated_at)
      SELECT gen_random_uuid()::text, 'bench', '{}', 'queued', 0, 5, now(), NULL, now(), now()
      FROM generate_series(1, \(batch))
      ON CONFLICT (queue, idempotency_key) DO NOTHING
      RETURNING \(jobColumns))
    SELECT inserted.* FROM inserted,
      LATERAL (SELECT pg_notify('hearth_jobs', inserted.queue)) AS notified;
    WITH claimed AS (
      SELECT * FROM hearth_claim_jobs('{bench}', \(batch), :token::text,
        now() + interval '30 seconds', now()))
    SELECT COALESCE(array_agg(id), '{}') AS claimed_ids,
      COALESCE(array_agg(completion_token), '{}') AS claimed_tokens FROM claimed \\gset
    UPDATE jobs SET status = 'succeeded', lease_until = NULL, updated_at = now()
    FROM unnest(:claimed_ids::text[], :claimed_tokens::text[]) AS done(id, token)
    WHERE jobs.id = done.id AND jobs.completion_token = done.token AND jobs.status = 'running'
    RETURNING jobs.id;

    """
  }

  func pgbench(
    _ path: String, url: String, seconds: Int, batch: Int, database: PostgresDatabase
  ) async throws -> PgbenchRun {
    let clients = producers
    let threads = max(1, min(clients, ProcessInfo.processInfo.activeProcessorCount))
    let script = FileManager.default.temporaryDirectory
      .appendingPathComponent("hearth-bench-\(getpid()).pgbench").path
    let text = Self.pgbenchScript(batch: batch)
    try Data(text.utf8).write(to: URL(fileURLWithPath: script))
    defer { try? FileManager.default.removeItem(atPath: script) }
    note("jobs: pgbench, \(clients) clients for \(seconds) s, \(batch) jobs per transaction")
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
      jobsPerTransaction: batch, transactions: transactions, failedTransactions: failed, tps: tps,
      latencyAverageMilliseconds: latency, jobsSucceeded: succeeded,
      jobsPerSecond: Double(succeeded) / Double(seconds), script: text)
    note(String(format: "jobs: pgbench %.0f tps, %d jobs succeeded", tps, succeeded))
    return run
  }
}
