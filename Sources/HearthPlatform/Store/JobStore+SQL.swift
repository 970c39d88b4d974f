import Foundation
import HearthCore
import HearthSQL

/// The job queue, written once for both databases. The dialects part where their locking and
/// arrays do: PostgreSQL claims in one call to `hearth_claim_jobs` (PostgresMigrations), which
/// skips the rows other claimers lock, and tells listeners of new jobs; SQLite's one writer claims
/// in a transaction of its own.
extension HearthDatabase {
  public func enqueueMany(_ jobs: [NewJob], ids: [String], at: Date) async throws -> [Job] {
    precondition(jobs.count == ids.count, "one id per job")
    var stored: [String: Job] = [:]
    for start in stride(from: 0, to: jobs.count, by: Job.insertChunk) {
      let end = min(start + Job.insertChunk, jobs.count)
      for row in try await write(insertJobs(jobs[start..<end], ids: ids[start..<end], at)) {
        let job = try Job(row: row)
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
      guard
        let existing = try await row(
          """
          \(Job.select)
          WHERE queue = \(job.queue) AND idempotency_key = \(job.idempotencyKey)
          """)
      else { throw StoreError.notFound }
      result.append(try Job(row: existing))
    }
    return result
  }

  /// One INSERT for all of `jobs`; on PostgreSQL it also notifies each queue that gained a job,
  /// which PostgreSQL sends at commit, so a woken worker finds the jobs, and once per queue
  /// however many rows name it.
  private func insertJobs(_ jobs: ArraySlice<NewJob>, ids: ArraySlice<String>, _ at: Date) -> SQL {
    let rows = zip(jobs, ids).map { job, id -> SQL in
      """
      (\(id), \(job.queue), \(job.payload), 'queued', 0, \(job.maxAttempts), \(job.runAt),
        \(job.idempotencyKey), \(at), \(at))
      """
    }
    let insert: SQL = """
      INSERT INTO jobs (id, queue, payload, status, attempts, max_attempts, run_at,
        idempotency_key, created_at, updated_at)
      VALUES \(SQL.joined(rows))
      ON CONFLICT (queue, idempotency_key) DO NOTHING
      RETURNING \(Job.columns)
      """
    guard dialect == .postgres else { return insert }
    return """
      WITH inserted AS (\(insert))
      SELECT inserted.* FROM inserted,
        LATERAL (SELECT pg_notify(\(NotifyChannel.jobs), inserted.queue)) AS notified
      """
  }

  public func claim(queues: [String], limit: Int, token: String, leaseUntil: Date, at: Date)
    async throws -> [Job]
  {
    guard !queues.isEmpty, limit > 0 else { return [] }
    let claimed: [SQLRow]
    switch dialect {
    case .postgres:
      claimed = try await write(
        """
        SELECT \(Job.columns)
        FROM hearth_claim_jobs(\(queues), \(limit), \(token), \(leaseUntil), \(at))
        """)
    case .sqlite:
      // A claim lost in a crash leaves the job queued, as an expired lease would.
      claimed = try await unflushedTransaction { tx in
        try await tx.claimJobs(
          queues: queues, limit: limit, token: token, leaseUntil: leaseUntil, at: at)
      }
    }
    return try claimed.map(Job.init(row:)).sorted(by: Job.claimOrder)
  }

  public func heartbeat(id: String, token: String, leaseUntil: Date, at: Date) async throws -> Bool
  {
    try await updateHeld(id: id, token: token, set: "lease_until = \(leaseUntil)", at: at)
  }

  public func complete(_ completions: [JobCompletion], at: Date) async throws -> Set<String> {
    guard !completions.isEmpty else { return [] }
    let done: SQL =
      dialect == .postgres
      ? "unnest(\(completions.map(\.id)), \(completions.map(\.token))) AS done(id, token)"
      : """
      (SELECT column1 AS id, column2 AS token
        FROM (VALUES \(SQL.joined(completions.map { "(\($0.id), \($0.token))" })))) AS done
      """
    let finish: SQL = """
      UPDATE jobs SET status = 'succeeded', lease_until = NULL, updated_at = \(at)
      FROM \(done)
      WHERE jobs.id = done.id AND jobs.completion_token = done.token AND jobs.status = 'running'
      RETURNING jobs.id
      """
    if completions.allSatisfy({ $0.events.isEmpty }) {
      // Nothing to announce: one statement, one round trip.
      return try await Set(write(finish).map { try $0["id"] })
    }
    return try await transaction { tx in
      let finished: Set<String> = try await Set(tx.rows(finish).map { try $0["id"] })
      for completion in completions where finished.contains(completion.id) {
        try await tx.appendEvents(completion.events, at: at)
      }
      return finished
    }
  }

  public func fail(id: String, token: String, error: String, retryAt: Date?, at: Date)
    async throws -> Bool
  {
    guard let retryAt else {
      return try await updateHeld(
        id: id, token: token,
        set: "status = 'dead', last_error = \(error), lease_until = NULL, completion_token = NULL",
        at: at)
    }
    return try await updateHeld(
      id: id, token: token,
      set: """
        status = CASE WHEN attempts < max_attempts THEN 'queued' ELSE 'dead' END,
        run_at = CASE WHEN attempts < max_attempts THEN \(retryAt) ELSE run_at END,
        last_error = \(error), lease_until = NULL, completion_token = NULL
        """, at: at)
  }

  public func release(id: String, token: String, at: Date) async throws -> Bool {
    try await updateHeld(
      id: id, token: token,
      set: """
        status = 'queued', attempts = CASE WHEN attempts > 0 THEN attempts - 1 ELSE 0 END,
        lease_until = NULL, completion_token = NULL
        """, at: at)
  }

  public func cancel(id: String, at: Date) async throws -> Bool {
    try await !write(
      """
      UPDATE jobs SET status = 'cancelled', lease_until = NULL, completion_token = NULL,
        updated_at = \(at)
      WHERE id = \(id) AND status IN ('queued', 'running')
      RETURNING id
      """
    ).isEmpty
  }

  public func job(id: String) async throws -> Job? {
    try await row("\(Job.select) WHERE id = \(id)").map(Job.init(row:))
  }

  /// Every status, with zero for those no job has.
  public func jobCounts() async throws -> [JobStatus: Int] {
    var counts = Dictionary(uniqueKeysWithValues: JobStatus.allCases.map { ($0, 0) })
    for row in try await rows("SELECT status, COUNT(*) AS n FROM jobs GROUP BY status") {
      if let status = JobStatus(rawValue: try row["status"]) { counts[status] = try row["n"] }
    }
    return counts
  }

  /// Changes the job only for the holder of its current token, in one statement.
  private func updateHeld(id: String, token: String, set assignments: SQL, at: Date)
    async throws -> Bool
  {
    try await !write(
      """
      UPDATE jobs SET \(assignments), updated_at = \(at)
      WHERE id = \(id) AND status = 'running' AND completion_token = \(token)
      RETURNING id
      """
    ).isEmpty
  }
}

extension SQLTransaction {
  /// SQLite's claim, inside the transaction that holds its one writer: stalled jobs (their
  /// worker's lease ran out) first, then the oldest queued ones; each query reads a partial
  /// index in claim order, so a long queue costs no sort.
  fileprivate func claimJobs(
    queues: [String], limit: Int, token: String, leaseUntil: Date, at: Date
  ) async throws -> [SQLRow] {
    try await execute(
      """
      UPDATE jobs SET status = 'dead', completion_token = NULL, updated_at = \(at),
        last_error = COALESCE(last_error, 'lease expired on the last attempt')
      WHERE queue IN \(list: queues) AND status = 'running' AND lease_until < \(at)
        AND attempts >= max_attempts
      """)
    var ids: [String] = try await rows(
      """
      SELECT id FROM jobs WHERE status = 'running' AND lease_until < \(at)
        AND queue IN \(list: queues) AND attempts < max_attempts
      ORDER BY lease_until LIMIT \(limit)
      """
    ).map { try $0["id"] }
    if ids.count < limit {
      ids += try await rows(
        """
        SELECT id FROM jobs INDEXED BY job_queued_order
        WHERE status = 'queued' AND run_at <= \(at) AND queue IN \(list: queues)
        ORDER BY run_at, created_at, id LIMIT \(limit - ids.count)
        """
      ).map { try $0["id"] }
    }
    guard !ids.isEmpty else { return [] }
    return try await rows(
      """
      UPDATE jobs SET status = 'running', attempts = attempts + 1, completion_token = \(token),
        lease_until = \(leaseUntil), updated_at = \(at)
      WHERE id IN \(list: ids)
      RETURNING \(Job.columns)
      """)
  }
}

extension Job {
  /// Rows per INSERT: eight parameters each stays far below PostgreSQL's 65,535 and SQLite's
  /// 32,766.
  static let insertChunk = 1000

  static let columns: SQL = """
    id, queue, payload, status, attempts, max_attempts, run_at, lease_until, completion_token,
      last_error, idempotency_key, created_at, updated_at
    """

  static let select: SQL = "SELECT \(columns) FROM jobs"

  init(row: SQLRow) throws {
    self.init(
      id: try row["id"], queue: try row["queue"], payload: try row["payload"],
      status: try row.decode(JobStatus.self, "status"), attempts: try row["attempts"],
      maxAttempts: try row["max_attempts"], runAt: try row["run_at"],
      leaseUntil: try row["lease_until"], completionToken: try row["completion_token"],
      lastError: try row["last_error"], idempotencyKey: try row["idempotency_key"],
      createdAt: try row["created_at"], updatedAt: try row["updated_at"])
  }
}
