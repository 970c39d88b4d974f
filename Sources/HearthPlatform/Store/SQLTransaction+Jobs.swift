import Foundation
import HearthSQL

extension SQLTransaction {
  /// Enqueues `job` as part of this transaction, so that the job exists exactly when the change
  /// that calls for it commits. A job whose idempotency key its queue already holds is not added.
  /// Local workers wait for their next poll unless the caller signals `jobWakeup` after commit;
  /// PostgreSQL's listeners are told at commit.
  public func enqueue(_ job: NewJob, id: String, at: Date) async throws {
    try await execute(
      """
      INSERT INTO jobs (id, queue, payload, status, attempts, max_attempts, run_at,
        idempotency_key, created_at, updated_at)
      VALUES (\(id), \(job.queue), \(job.payload), 'queued', 0, \(job.maxAttempts), \(job.runAt),
        \(job.idempotencyKey), \(at), \(at))
      ON CONFLICT (queue, idempotency_key) DO NOTHING
      """)
    if dialect == .postgres {
      _ = try await rows(
        "SELECT pg_notify(\(NotifyChannel.jobs), \(job.queue)) AS notified")
    }
  }
}

extension SQLTransaction {
  /// Cancels a queued or running job as part of this transaction, as `JobStore.cancel` does, so
  /// that a change and the end of the job it makes obsolete commit together.
  public func cancelJob(id: String, at: Date) async throws {
    try await execute(
      """
      UPDATE jobs SET status = 'cancelled', lease_until = NULL, completion_token = NULL,
        updated_at = \(at)
      WHERE id = \(id) AND status IN ('queued', 'running')
      """)
  }
}
