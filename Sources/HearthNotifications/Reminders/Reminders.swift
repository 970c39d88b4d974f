import Foundation
import HearthCore
import HearthPlatform
import HearthSQL

/// Schedules reminders as a chain of durable jobs, one per occurrence: each change to a
/// reminder and the jobs it makes or ends commit in one transaction.
public struct Reminders: Sendable {
  let env: HearthEnvironment

  public static let queue = "notify.reminder"
  /// How late an occurrence may still be sent; a later one is skipped.
  public static let lateLimit: TimeInterval = 3600

  /// Stores an active reminder and schedules its first occurrence after now.
  public func schedule(
    app: String, kind: String, owner ownerUserID: String, resource: ResourceRef? = nil,
    rule: RecurrenceRule, data: String = "{}"
  ) async throws -> Reminder {
    let now = env.now()
    let new = Reminder(
      id: env.newID(), app: app, kind: kind, ownerUserID: ownerUserID, resource: resource,
      rule: rule, data: data, version: 1, nextAt: nil, nextJobID: nil, active: true,
      createdAt: now, updatedAt: now)
    let env = env
    let stored = try await env.database.transaction { tx in
      var reminder = new
      try await Self.plan(reminder.rule.nextOccurrence(after: now), for: &reminder, env, tx)
      let r = reminder
      try await tx.execute(
        """
        INSERT INTO reminders (\(Self.columns))
        VALUES (\(r.id), \(r.app), \(r.kind), \(r.ownerUserID), \(r.resource?.app),
          \(r.resource?.kind), \(r.resource?.id), \(StoreJSON.encode(r.rule)), \(r.data),
          \(r.version), \(r.nextAt), \(r.nextJobID), \(r.active), \(r.createdAt), \(r.updatedAt))
        """)
      return reminder
    }
    await env.jobWakeup.signal()
    return stored
  }

  /// Replaces the rule (and the data, when given): the pending job is cancelled and the new
  /// rule's first occurrence after now is scheduled, unless the reminder is inactive.
  public func update(id: String, rule: RecurrenceRule, data: String? = nil) async throws
    -> Reminder
  {
    try await change(id: id) { reminder, now in
      reminder.rule = rule
      reminder.data = data ?? reminder.data
      return reminder.active ? rule.nextOccurrence(after: now) : nil
    }
  }

  /// Stops the reminder and cancels its pending job; it stays stored.
  public func deactivate(id: String) async throws -> Reminder {
    try await change(id: id) { reminder, _ in
      reminder.active = false
      return nil
    }
  }

  /// Removes the reminder and cancels its pending job; false when there was none.
  @discardableResult
  public func delete(id: String) async throws -> Bool {
    let now = env.now()
    return try await env.database.transaction { tx in
      guard let reminder = try await Self.reminder(id: id, locked: true, in: tx) else {
        return false
      }
      if let job = reminder.nextJobID { try await tx.cancelJob(id: job, at: now) }
      try await tx.execute("DELETE FROM reminders WHERE id = \(id)")
      return true
    }
  }

  public func reminder(id: String) async throws -> Reminder? {
    try await env.database.row("SELECT \(Self.columns) FROM reminders WHERE id = \(id)")
      .map(Self.reminder)
  }

  /// The app's reminders about `resource`, oldest first.
  public func reminders(app: String, resource: ResourceRef) async throws -> [Reminder] {
    try await env.database.rows(
      """
      SELECT \(Self.columns) FROM reminders
      WHERE app = \(app) AND resource_app = \(resource.app) AND resource_kind = \(resource.kind)
        AND resource_id = \(resource.id)
      ORDER BY created_at, id
      """
    ).map(Self.reminder)
  }

  /// Applies `edit` under a new version: cancels the pending job and schedules the occurrence
  /// `edit` returns, in one transaction.
  private func change(
    id: String,
    _ edit: @escaping @Sendable (inout Reminder, Date) -> RecurrenceRule.Occurrence?
  ) async throws -> Reminder {
    let now = env.now()
    let env = env
    let changed = try await env.database.transaction { tx in
      guard var reminder = try await Self.reminder(id: id, locked: true, in: tx) else {
        throw StoreError.notFound
      }
      if let job = reminder.nextJobID { try await tx.cancelJob(id: job, at: now) }
      reminder.version += 1
      reminder.updatedAt = now
      let next = edit(&reminder, now)
      try await Self.plan(next, for: &reminder, env, tx)
      let r = reminder
      try await tx.execute(
        """
        UPDATE reminders SET rule = \(StoreJSON.encode(r.rule)), data = \(r.data),
          version = \(r.version), next_at = \(r.nextAt), next_job_id = \(r.nextJobID),
          active = \(r.active), updated_at = \(r.updatedAt)
        WHERE id = \(r.id)
        """)
      return reminder
    }
    await env.jobWakeup.signal()
    return changed
  }
}

// MARK: - Rows and jobs

extension Reminders {
  static let columns: SQL = """
    id, app, kind, owner_user_id, resource_app, resource_kind, resource_id, rule, data, version,
    next_at, next_job_id, active, created_at, updated_at
    """

  /// The job payload: which reminder, under which version, for which occurrence.
  struct JobPayload: Codable {
    var reminderID: String
    var version: Int
    var occurrence: Date
    var day: String
  }

  static func iso(_ date: Date) -> String { date.formatted(.iso8601) }

  /// Enqueues the job for `occurrence` (none for nil) and records it as the reminder's next.
  /// Its key names the version too: after an edit the same instant gets a job of its own.
  static func plan(
    _ occurrence: RecurrenceRule.Occurrence?, for reminder: inout Reminder,
    _ env: HearthEnvironment, _ tx: any SQLTransaction
  ) async throws {
    guard let occurrence else {
      reminder.nextAt = nil
      reminder.nextJobID = nil
      return
    }
    let key = "\(reminder.id)@\(iso(occurrence.instant))#\(reminder.version)"
    let payload = JobPayload(
      reminderID: reminder.id, version: reminder.version, occurrence: occurrence.instant,
      day: occurrence.day.description)
    try await tx.enqueue(
      NewJob(
        queue: queue, payload: StoreJSON.encode(payload), runAt: occurrence.instant,
        idempotencyKey: key, maxAttempts: 10),
      id: env.newID(), at: env.now())
    let job = try await tx.row(
      "SELECT id FROM jobs WHERE queue = \(queue) AND idempotency_key = \(key)")
    reminder.nextAt = occurrence.instant
    reminder.nextJobID = try job?["id"]
  }

  static func reminder(id: String, locked: Bool, in tx: any SQLTransaction) async throws
    -> Reminder?
  {
    let lock: SQL = locked ? .dialect(sqlite: "", postgres: " FOR UPDATE") : ""
    return try await tx.row("SELECT \(columns) FROM reminders WHERE id = \(id)\(lock)")
      .map(reminder)
  }

  static func reminder(_ row: SQLRow) throws -> Reminder {
    let resourceApp: String? = try row["resource_app"]
    let resource = try resourceApp.map {
      ResourceRef(app: $0, kind: try row["resource_kind"], id: try row["resource_id"])
    }
    let rule: String = try row["rule"]
    let id: String = try row["id"]
    guard let decoded = try? StoreJSON.decode(RecurrenceRule.self, rule) else {
      throw StoreError.unreadable("reminder \(id): rule \(rule)")
    }
    return Reminder(
      id: id, app: try row["app"], kind: try row["kind"], ownerUserID: try row["owner_user_id"],
      resource: resource, rule: decoded, data: try row["data"], version: try row["version"],
      nextAt: try row["next_at"], nextJobID: try row["next_job_id"], active: try row["active"],
      createdAt: try row["created_at"], updatedAt: try row["updated_at"])
  }
}
