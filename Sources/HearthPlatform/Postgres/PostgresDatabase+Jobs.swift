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

  public func enqueue(_ job: NewJob, id: String, at: Date) async throws -> Job {
    let inserted = try await queryRows(
      """
      INSERT INTO jobs (id, queue, payload, status, attempts, max_attempts, run_at,
        idempotency_key, created_at, updated_at)
      VALUES (\(id), \(job.queue), \(job.payload), \(JobStatus.queued.rawValue), 0,
        \(job.maxAttempts), \(job.runAt), \(job.idempotencyKey), \(at), \(at))
      ON CONFLICT (queue, idempotency_key) DO NOTHING
      RETURNING \(unescaped: Self.jobColumns)
      """)
    if let row = inserted.first {
      // After the commit, so that a woken worker finds the job.
      _ = try await queryRows("SELECT pg_notify(\(Self.jobChannel), \(job.queue))")
      return try Self.job(from: row)
    }
    // The key was used before: the conflicting row is committed, so this sees it.
    let existing = try await queryRows(
      """
      SELECT \(unescaped: Self.jobColumns) FROM jobs
      WHERE queue = \(job.queue) AND idempotency_key = \(job.idempotencyKey)
      """)
    guard let row = existing.first else { throw StoreError.notFound }
    return try Self.job(from: row)
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

  /// Stalled jobs (running, lease expired) that already used every attempt become dead; then the
  /// oldest due job is taken, skipping rows another claimer holds.
  public func claim(queues: [String], token: String, leaseUntil: Date, at: Date) async throws
    -> Job?
  {
    guard !queues.isEmpty else { return nil }
    // One statement, so one round trip: stalled jobs out of attempts become dead; then a
    // stalled job (its worker's lease ran out) is taken before the next queued one. Each
    // lookup reads a partial index in claim order, so a long queue costs no sort.
    let claimed = try await queryRows(
      """
      WITH expired AS (
        UPDATE jobs SET status = \(JobStatus.dead.rawValue), lease_until = NULL,
          completion_token = NULL, updated_at = \(at),
          last_error = COALESCE(last_error, 'The lease expired after the last attempt.')
        WHERE id IN (
          SELECT id FROM jobs
          WHERE status = 'running' AND lease_until < \(at) AND queue = ANY(\(queues))
            AND attempts >= max_attempts
          FOR UPDATE SKIP LOCKED)
        RETURNING id
      ), stalled AS (
        SELECT id FROM jobs
        WHERE status = 'running' AND lease_until < \(at) AND queue = ANY(\(queues))
          AND attempts < max_attempts
        ORDER BY lease_until LIMIT 1
        FOR UPDATE SKIP LOCKED
      ), queued AS (
        SELECT id FROM jobs
        WHERE status = 'queued' AND run_at <= \(at) AND queue = ANY(\(queues))
        ORDER BY run_at, created_at, id LIMIT 1
        FOR UPDATE SKIP LOCKED
      )
      UPDATE jobs SET status = 'running', attempts = attempts + 1,
        completion_token = \(token), lease_until = \(leaseUntil), updated_at = \(at)
      WHERE id = COALESCE((SELECT id FROM stalled), (SELECT id FROM queued))
      RETURNING \(unescaped: Self.jobColumns)
      """)
    return try claimed.first.map(Self.job(from:))
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

  public func complete(id: String, token: String, at: Date, events: [NewEvent]) async throws
    -> Bool
  {
    if events.isEmpty {
      // Nothing to announce: one statement, one round trip.
      return try await !rows(
        """
        UPDATE jobs SET status = 'succeeded', lease_until = NULL, updated_at = \(at)
        WHERE id = \(id) AND status = 'running' AND completion_token = \(token)
        RETURNING id
        """
      ).isEmpty
    }
    return try await transaction { connection in
      let updated = try await connection.rows(
        """
        UPDATE jobs SET status = 'succeeded', lease_until = NULL, updated_at = \(at)
        WHERE id = \(id) AND status = 'running' AND completion_token = \(token)
        RETURNING id
        """, logger: self.logger)
      guard !updated.isEmpty else { return false }
      for event in events {
        _ = try await Self.appendEvent(event, at: at, on: connection, logger: self.logger)
      }
      return true
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
