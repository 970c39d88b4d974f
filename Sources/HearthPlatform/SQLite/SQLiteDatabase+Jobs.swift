import Foundation
import GRDB
import HearthCore

extension SQLiteDatabase {
  public func enqueueMany(_ jobs: [NewJob], ids: [String], at: Date) async throws -> [Job] {
    precondition(jobs.count == ids.count, "one id per job")
    return try await write { db in
      let insert = try db.cachedStatement(
        sql: """
          INSERT INTO jobs (id, queue, payload, status, attempts, max_attempts, run_at,
            idempotency_key, created_at, updated_at) VALUES (?, ?, ?, 'queued', 0, ?, ?, ?, ?, ?)
          """)
      return try zip(jobs, ids).map { job, id in
        if let key = job.idempotencyKey,
          let existing = try Self.fetchJob(
            db, "queue = ? AND idempotency_key = ?", [job.queue, key])
        {
          return existing
        }
        try insert.execute(arguments: [
          id, job.queue, job.payload, job.maxAttempts, job.runAt.sqliteValue, job.idempotencyKey,
          at.sqliteValue, at.sqliteValue,
        ])
        return Job(
          id: id, queue: job.queue, payload: job.payload, status: .queued, attempts: 0,
          maxAttempts: job.maxAttempts, runAt: job.runAt.sqliteRounded,
          leaseUntil: nil, completionToken: nil, lastError: nil, idempotencyKey: job.idempotencyKey,
          createdAt: at.sqliteRounded, updatedAt: at.sqliteRounded)
      }
    }
  }

  public func claim(queues: [String], limit: Int, token: String, leaseUntil: Date, at: Date)
    async throws -> [Job]
  {
    guard !queues.isEmpty, limit > 0 else { return [] }
    let placeholders = queues.map { _ in "?" }.joined(separator: ", ")
    // A claim lost in a crash leaves the job queued, as an expired lease would.
    return try await write(unflushed: true) { db in
      let now = at.sqliteValue
      try db.execute(
        sql: """
          UPDATE jobs SET status = 'dead', completion_token = NULL, updated_at = ?,
            last_error = COALESCE(last_error, 'lease expired on the last attempt')
          WHERE queue IN (\(placeholders)) AND status = 'running' AND lease_until < ?
            AND attempts >= max_attempts
          """, arguments: StatementArguments([now]) + StatementArguments(queues) + [now])
      // Stalled jobs (their worker's lease ran out) first, then the oldest queued ones; each
      // query reads a partial index in claim order, so a long queue costs no sort.
      var ids = try String.fetchAll(
        db,
        sql: """
          SELECT id FROM jobs WHERE status = 'running' AND lease_until < ?
            AND queue IN (\(placeholders)) AND attempts < max_attempts
          ORDER BY lease_until LIMIT ?
          """, arguments: [now] + StatementArguments(queues) + [limit])
      if ids.count < limit {
        ids += try String.fetchAll(
          db,
          sql: """
            SELECT id FROM jobs INDEXED BY job_queued_order
            WHERE status = 'queued' AND run_at <= ? AND queue IN (\(placeholders))
            ORDER BY run_at, created_at, id LIMIT ?
            """, arguments: [now] + StatementArguments(queues) + [limit - ids.count])
      }
      guard !ids.isEmpty else { return [] }
      let claimed = ids.map { _ in "?" }.joined(separator: ", ")
      try db.execute(
        sql: """
          UPDATE jobs SET status = 'running', attempts = attempts + 1, completion_token = ?,
            lease_until = ?, updated_at = ? WHERE id IN (\(claimed))
          """,
        arguments: [token, leaseUntil.sqliteValue, now] + StatementArguments(ids))
      return try Self.fetchJobs(db, "id IN (\(claimed))", StatementArguments(ids))
        .sorted(by: Job.claimOrder)
    }
  }

  public func heartbeat(id: String, token: String, leaseUntil: Date, at: Date) async throws -> Bool
  {
    try await updateHeld(id: id, token: token, set: "lease_until = ?", [leaseUntil.sqliteValue], at)
  }

  public func complete(_ completions: [JobCompletion], at: Date) async throws -> Set<String> {
    guard !completions.isEmpty else { return [] }
    return try await write { db in
      let finish = try db.cachedStatement(
        sql: """
          UPDATE jobs SET status = 'succeeded', completion_token = NULL, lease_until = NULL,
            last_error = NULL, updated_at = ?
          WHERE id = ? AND status = 'running' AND completion_token = ?
          """)
      var finished: Set<String> = []
      for completion in completions {
        try finish.execute(arguments: [at.sqliteValue, completion.id, completion.token])
        guard db.changesCount > 0 else { continue }
        finished.insert(completion.id)
        for event in completion.events { try Self.insertEvent(db, event, at: at) }
      }
      return finished
    }
  }

  public func fail(id: String, token: String, error: String, retryAt: Date?, at: Date)
    async throws -> Bool
  {
    if let retryAt {
      return try await updateHeld(
        id: id, token: token,
        set: """
          status = CASE WHEN attempts >= max_attempts THEN 'dead' ELSE 'queued' END,
          run_at = ?, last_error = ?, completion_token = NULL, lease_until = NULL
          """, [retryAt.sqliteValue, error], at)
    }
    return try await updateHeld(
      id: id, token: token,
      set: "status = 'dead', last_error = ?, completion_token = NULL, lease_until = NULL", [error],
      at)
  }

  public func release(id: String, token: String, at: Date) async throws -> Bool {
    try await updateHeld(
      id: id, token: token,
      set: """
        status = 'queued', attempts = MAX(attempts - 1, 0), completion_token = NULL,
        lease_until = NULL
        """, [], at)
  }

  public func cancel(id: String, at: Date) async throws -> Bool {
    try await write { db in
      try db.execute(
        sql: """
          UPDATE jobs SET status = 'cancelled', completion_token = NULL, lease_until = NULL,
            updated_at = ? WHERE id = ? AND status IN ('queued', 'running')
          """, arguments: [at.sqliteValue, id])
      return db.changesCount > 0
    }
  }

  public func job(id: String) async throws -> Job? {
    try await read { db in try Self.fetchJob(db, "id = ?", [id]) }
  }

  public func jobCounts() async throws -> [JobStatus: Int] {
    try await read { db in
      var counts: [JobStatus: Int] = [:]
      for row in try Row.fetchAll(db, sql: "SELECT status, COUNT(*) AS n FROM jobs GROUP BY status")
      {
        if let status = JobStatus(rawValue: row["status"]) { counts[status] = row["n"] }
      }
      return counts
    }
  }

  private func updateHeld(
    id: String, token: String, set assignments: String, _ values: StatementArguments, _ at: Date,
    events: [NewEvent] = []
  ) async throws -> Bool {
    try await write { db in
      try db.execute(
        sql: """
          UPDATE jobs SET \(assignments), updated_at = ?
          WHERE id = ? AND status = 'running' AND completion_token = ?
          """, arguments: values + [at.sqliteValue, id, token])
      guard db.changesCount > 0 else { return false }
      for event in events { try Self.insertEvent(db, event, at: at) }
      return true
    }
  }

  package static func fetchJob(_ db: Database, _ condition: String, _ arguments: StatementArguments)
    throws -> Job?
  {
    try fetchJobs(db, condition, arguments).first
  }

  package static func fetchJobs(
    _ db: Database, _ condition: String, _ arguments: StatementArguments
  ) throws -> [Job] {
    try Row.fetchAll(db, sql: "SELECT * FROM jobs WHERE \(condition)", arguments: arguments).map {
      row in
      Job(
        id: row["id"], queue: row["queue"], payload: row["payload"],
        status: JobStatus(rawValue: row["status"]) ?? .dead, attempts: row["attempts"],
        maxAttempts: row["max_attempts"], runAt: row.date("run_at"),
        leaseUntil: row.optionalDate("lease_until"), completionToken: row["completion_token"],
        lastError: row["last_error"], idempotencyKey: row["idempotency_key"],
        createdAt: row.date("created_at"), updatedAt: row.date("updated_at"))
    }
  }
}
