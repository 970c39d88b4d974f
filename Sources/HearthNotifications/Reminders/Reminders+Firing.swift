import Foundation
import HearthCore
import HearthPlatform
import HearthSQL
import Logging

extension Reminders {
  /// The `notify.reminder` job handler, asking `handlers` (by reminder kind) what to send, and
  /// `late` what to send for an occurrence that could not be sent in time.
  public func jobHandler(
    _ handlers: [String: ReminderHandler], late: [String: ReminderHandler] = [:]
  ) -> JobHandler {
    { context in try await fire(context, handlers: handlers, late: late) }
  }

  /// Fires one occurrence: schedules the next first, so that a handler that keeps failing does
  /// not end the chain, then sends what the app's handler returns; for an occurrence more than
  /// `lateLimit` old, what its `late` handler returns, or nothing (logged) when it has none. A
  /// run for an older version, or after the reminder went, does nothing.
  func fire(
    _ context: JobContext, handlers: [String: ReminderHandler],
    late lateHandlers: [String: ReminderHandler] = [:]
  ) async throws {
    let job = try StoreJSON.decode(JobPayload.self, context.job.payload)
    let now = env.now()
    let env = env
    let current = try await env.database.transaction { tx -> Reminder? in
      guard var reminder = try await Self.reminder(id: job.reminderID, locked: true, in: tx),
        reminder.active, reminder.version == job.version
      else { return nil }
      // `next_at` moves on once per occurrence: a second run of this job finds it moved.
      guard reminder.nextAt == job.occurrence else { return reminder }
      let next = reminder.rule.nextOccurrence(after: max(job.occurrence, now - Self.lateLimit))
      try await Self.plan(next, for: &reminder, env, tx)
      try await tx.execute(
        """
        UPDATE reminders SET next_at = \(reminder.nextAt), next_job_id = \(reminder.nextJobID),
          updated_at = \(now)
        WHERE id = \(reminder.id) AND version = \(job.version)
        """)
      return reminder
    }
    guard let reminder = current else {
      context.logger.debug("Reminder \(job.reminderID) v\(job.version) was changed or removed")
      return
    }
    await env.jobWakeup.signal()
    let late = now.timeIntervalSince(job.occurrence)
    let tooLate = late > Self.lateLimit
    if tooLate, lateHandlers[reminder.kind] == nil {
      context.logger.notice(
        "Reminder \(reminder.id) skipped: \(Int(late)) s late for \(Self.iso(job.occurrence))")
      return
    }
    guard let handler = (tooLate ? lateHandlers : handlers)[reminder.kind] else {
      context.logger.warning("No handler for reminder kind \(reminder.kind)")
      return
    }
    guard let day = LocalDay(job.day) else {
      throw StoreError.unreadable("reminder job day \(job.day)")
    }
    let occurrence = RecurrenceRule.Occurrence(day: day, instant: job.occurrence)
    let firing = ReminderFiring(reminder: reminder, occurrence: occurrence, late: max(0, late))
    for var draft in try await handler(firing) {
      draft.dedupeKey = firing.dedupeKey
      draft.occurredAt = job.occurrence
      try await env.notifier.send(draft)
    }
  }
}
