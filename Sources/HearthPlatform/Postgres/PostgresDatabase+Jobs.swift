import Foundation
import HearthCore
import PostgresNIO

extension PostgresDatabase: JobNotifying {
  /// The columns `job(from:)` decodes, as a constant for `\(unescaped:)`.
  package static let jobColumns = """
    id, queue, payload, status, attempts, max_attempts, run_at, lease_until, completion_token,
    last_error, idempotency_key, created_at, updated_at
    """

  package static func job(from row: PostgresRow) throws -> Job {
    let (
      id, queue, payload, status, attempts, maxAttempts, runAt, leaseUntil, token, lastError, key,
      createdAt, updatedAt
    ) = try row.decode(
      (
        String, String, String, String, Int, Int, Date, Date?, String?, String?, String?, Date,
        Date
      ).self)
    guard let jobStatus = JobStatus(rawValue: status) else {
      throw PostgresDataError("job \(id) has the unknown status \(status)")
    }
    return Job(
      id: id, queue: queue, payload: payload, status: jobStatus, attempts: attempts,
      maxAttempts: maxAttempts, runAt: runAt, leaseUntil: leaseUntil, completionToken: token,
      lastError: lastError, idempotencyKey: key, createdAt: createdAt, updatedAt: updatedAt)
  }

  /// Rows per INSERT: seven parameters each stays far below PostgreSQL's 65,535.
  static let enqueueChunk = 1000

  public func enqueueMany(_ jobs: [NewJob], ids: [String], at: Date) async throws -> [Job] {
    precondition(jobs.count == ids.count, "one id per job")
    var stored: [String: Job] = [:]
    for start in stride(from: 0, to: jobs.count, by: Self.enqueueChunk) {
      let end = min(start + Self.enqueueChunk, jobs.count)
      for row in try await queryRows(Self.insertJobs(jobs[start..<end], ids: ids[start..<end], at))
      {
        let job = try Self.job(from: row)
        stored[job.id] = job
      }
    }
    var result: [Job] = []
    result.reserveCapacity(jobs.count)
    for (job, id) in zip(jobs, ids) {
      if let inserted = stored[id] {
        result.append(inserted)
        continue
      }
      // The key was used before: the conflicting row is committed, so this sees it.
      let existing = try await queryRows(
        """
        SELECT \(unescaped: Self.jobColumns) FROM jobs
        WHERE queue = \(job.queue) AND idempotency_key = \(job.idempotencyKey)
        """)
      guard let row = existing.first else { throw StoreError.notFound }
      result.append(try Self.job(from: row))
    }
    return result
  }

  /// One INSERT for all of `jobs` that also notifies each queue that gained a job; PostgreSQL
  /// sends the notifications at commit, so a woken worker finds the jobs, and sends a queue's
  /// once however many rows name it.
  static func insertJobs(_ jobs: ArraySlice<NewJob>, ids: ArraySlice<String>, _ at: Date)
    -> PostgresQuery
  {
    var binds = PostgresBindings(capacity: jobs.count * 6 + 1)
    binds.append(at)
    var rows: [String] = []
    rows.reserveCapacity(jobs.count)
    for (job, id) in zip(jobs, ids) {
      let first = binds.count + 1
      binds.append(id)
      binds.append(job.queue)
      binds.append(job.payload)
      binds.append(job.maxAttempts)
      binds.append(job.runAt)
      if let key = job.idempotencyKey { binds.append(key) } else { binds.appendNull() }
      let p = (first..<first + 6).map { "$\($0)" }
      rows.append("(\(p[0]), \(p[1]), \(p[2]), 'queued', 0, \(p[3]), \(p[4]), \(p[5]), $1, $1)")
    }
    return PostgresQuery(
      unsafeSQL: """
        WITH inserted AS (
          INSERT INTO jobs (id, queue, payload, status, attempts, max_attempts, run_at,
            idempotency_key, created_at, updated_at)
          VALUES \(rows.joined(separator: ", "))
          ON CONFLICT (queue, idempotency_key) DO NOTHING
          RETURNING \(jobColumns))
        SELECT inserted.* FROM inserted,
          LATERAL (SELECT pg_notify('\(jobChannel)', inserted.queue)) AS notified
        """, binds: binds)
  }

  package static let jobChannel = "hearth_jobs"

  /// Holds one connection that LISTENs for enqueues made by any process on this database.
  public func listenForJobs(_ wake: @escaping @Sendable () -> Void) async throws {
    await runStarted.value
    do {
      try await client.withConnection { connection in
        try await connection.listen(on: Self.jobChannel) { notifications in
          for try await _ in notifications { wake() }
        }
      }
    } catch {
      throw fault(error)
    }
  }

  /// One statement, so one round trip: `hearth_claim_jobs` (PostgresMigrations) holds it.
  public func claim(queues: [String], limit: Int, token: String, leaseUntil: Date, at: Date)
    async throws -> [Job]
  {
    guard !queues.isEmpty, limit > 0 else { return [] }
    let claimed = try await queryRows(
      """
      SELECT \(unescaped: Self.jobColumns)
      FROM hearth_claim_jobs(\(queues), \(limit), \(token), \(leaseUntil), \(at))
      """)
    return try claimed.map(Self.job(from:)).sorted(by: Job.claimOrder)
  }

  public func heartbeat(id: String, token: String, leaseUntil: Date, at: Date) async throws -> Bool
  {
    try await !rows(
      """
      UPDATE jobs SET lease_until = \(leaseUntil), updated_at = \(at)
      WHERE id = \(id) AND status = 'running' AND completion_token = \(token)
      RETURNING id
      """
    ).isEmpty
  }

  public func complete(_ completions: [JobCompletion], at: Date) async throws -> Set<String> {
    guard !completions.isEmpty else { return [] }
    let finish: PostgresQuery = """
      UPDATE jobs SET status = 'succeeded', lease_until = NULL, updated_at = \(at)
      FROM unnest(\(completions.map(\.id)), \(completions.map(\.token))) AS done(id, token)
      WHERE jobs.id = done.id AND jobs.completion_token = done.token AND jobs.status = 'running'
      RETURNING jobs.id
      """
    if completions.allSatisfy({ $0.events.isEmpty }) {
      // Nothing to announce: one statement, one round trip.
      return try await Set(queryRows(finish).map { try $0.decode(String.self) })
    }
    return try await transaction { connection in
      let finished = try await Set(
        connection.rows(finish, logger: self.logger).map { try $0.decode(String.self) })
      for completion in completions where finished.contains(completion.id) {
        for event in completion.events {
          _ = try await Self.appendEvent(event, at: at, on: connection, logger: self.logger)
        }
      }
      return finished
    }
  }

  public func fail(id: String, token: String, error: String, retryAt: Date?, at: Date)
    async throws -> Bool
  {
    if let retryAt {
      return try await !rows(
        """
        UPDATE jobs SET
          status = CASE WHEN attempts < max_attempts THEN 'queued' ELSE 'dead' END,
          run_at = CASE WHEN attempts < max_attempts THEN \(retryAt) ELSE run_at END,
          last_error = \(error), lease_until = NULL, completion_token = NULL, updated_at = \(at)
        WHERE id = \(id) AND status = 'running' AND completion_token = \(token)
        RETURNING id
        """
      ).isEmpty
    }
    return try await !rows(
      """
      UPDATE jobs SET status = 'dead', last_error = \(error), lease_until = NULL,
        completion_token = NULL, updated_at = \(at)
      WHERE id = \(id) AND status = 'running' AND completion_token = \(token)
      RETURNING id
      """
    ).isEmpty
  }

  public func release(id: String, token: String, at: Date) async throws -> Bool {
    try await !rows(
      """
      UPDATE jobs SET status = 'queued', attempts = GREATEST(attempts - 1, 0),
        lease_until = NULL, completion_token = NULL, updated_at = \(at)
      WHERE id = \(id) AND status = 'running' AND completion_token = \(token)
      RETURNING id
      """
    ).isEmpty
  }

  public func cancel(id: String, at: Date) async throws -> Bool {
    try await !rows(
      """
      UPDATE jobs SET status = 'cancelled', lease_until = NULL, completion_token = NULL,
        updated_at = \(at)
      WHERE id = \(id) AND status IN ('queued', 'running')
      RETURNING id
      """
    ).isEmpty
  }

  public func job(id: String) async throws -> Job? {
    try await queryRows("SELECT \(unescaped: Self.jobColumns) FROM jobs WHERE id = \(id)").first
      .map(
        Self.job(from:))
  }

  /// Every status, with zero for those no job has.
  public func jobCounts() async throws -> [JobStatus: Int] {
    var counts = Dictionary(uniqueKeysWithValues: JobStatus.allCases.map { ($0, 0) })
    for row in try await queryRows("SELECT status, count(*) FROM jobs GROUP BY status") {
      let (status, count) = try row.decode((String, Int).self)
      if let status = JobStatus(rawValue: status) { counts[status] = count }
    }
    return counts
  }
}
