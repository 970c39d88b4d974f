import Foundation
import GRDB
import HearthCore

extension SQLiteDatabase {
  public func enqueue(_ job: NewJob, id: String, at: Date) async throws -> Job {
    try await write { db in
      if let key = job.idempotencyKey,
        let existing = try Self.fetchJob(db, "queue = ? AND idempotency_key = ?", [job.queue, key])
      {
        return existing
      }
      try db.execute(
        sql: """
          INSERT INTO jobs (id, queue, payload, status, attempts, max_attempts, run_at,
            idempotency_key, created_at, updated_at) VALUES (?, ?, ?, 'queued', 0, ?, ?, ?, ?, ?)
          """,
        arguments: [
          id, job.queue, job.payload, job.maxAttempts, job.runAt.sqliteValue, job.idempotencyKey,
          at.sqliteValue, at.sqliteValue,
        ])
      return try Self.fetchJob(db, "id = ?", [id])!
    }
  }

  public func claim(queues: [String], token: String, leaseUntil: Date, at: Date) async throws
    -> Job?
  {
    guard !queues.isEmpty else { return nil }
    let placeholders = queues.map { _ in "?" }.joined(separator: ", ")
    return try await write { db in
      let now = at.sqliteValue
      try db.execute(
        sql: """
          UPDATE jobs SET status = 'dead', completion_token = NULL, updated_at = ?,
            last_error = COALESCE(last_error, 'lease expired on the last attempt')
          WHERE queue IN (\(placeholders)) AND status = 'running' AND lease_until < ?
            AND attempts >= max_attempts
          """, arguments: StatementArguments([now]) + StatementArguments(queues) + [now])
      // A stalled job (its worker's lease ran out) first, then the next queued one; each
      // query reads a partial index in claim order, so a long queue costs no sort.
      let stalled = try String.fetchOne(
        db,
        sql: """
          SELECT id FROM jobs WHERE status = 'running' AND lease_until < ?
            AND queue IN (\(placeholders)) AND attempts < max_attempts
          ORDER BY lease_until LIMIT 1
          """, arguments: [now] + StatementArguments(queues))
      guard
        let id = try stalled
          ?? String.fetchOne(
            db,
            sql: """
              SELECT id FROM jobs INDEXED BY job_queued_order
              WHERE status = 'queued' AND run_at <= ? AND queue IN (\(placeholders))
              ORDER BY run_at, created_at, id LIMIT 1
              """, arguments: [now] + StatementArguments(queues))
      else { return nil }
      try db.execute(
        sql: """
          UPDATE jobs SET status = 'running', attempts = attempts + 1, completion_token = ?,
            lease_until = ?, updated_at = ? WHERE id = ?
          """, arguments: [token, leaseUntil.sqliteValue, now, id])
      return try Self.fetchJob(db, "id = ?", [id])
    }
  }

  public func heartbeat(id: String, token: String, leaseUntil: Date, at: Date) async throws -> Bool
  {
    try await updateHeld(id: id, token: token, set: "lease_until = ?", [leaseUntil.sqliteValue], at)
  }

  public func complete(id: String, token: String, at: Date, events: [NewEvent]) async throws
    -> Bool
  {
    try await updateHeld(
      id: id, token: token,
      set: "status = 'succeeded', completion_token = NULL, lease_until = NULL, last_error = NULL",
      [], at, events: events)
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
    try Row.fetchOne(db, sql: "SELECT * FROM jobs WHERE \(condition)", arguments: arguments).map {
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
