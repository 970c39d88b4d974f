import Foundation
import HearthCore
import HearthPlatform

/// One occurrence of a reminder, as its app's handler sees it.
public struct ReminderFiring: Sendable {
  public var reminder: Reminder
  public var occurrence: RecurrenceRule.Occurrence
  /// Seconds between the occurrence and now: a few when on time, at most an hour, except for
  /// a late handler (`NotifyingModule.lateReminderHandlers`), which has only later ones.
  public var late: TimeInterval

  public init(reminder: Reminder, occurrence: RecurrenceRule.Occurrence, late: TimeInterval) {
    self.reminder = reminder
    self.occurrence = occurrence
    self.late = late
  }

  /// The dedupe key of every notice of this occurrence: `<kind>:<reminderID>:<occurrence ISO>`.
  public var dedupeKey: String {
    "\(reminder.kind):\(reminder.id):\(Reminders.iso(occurrence.instant))"
  }
}

/// What an app sends when one of its reminders fires; it may send nothing. The platform sets
/// each draft's `dedupeKey` and `occurredAt` to the occurrence's, so that each person gets one
/// notice per occurrence, however often the job runs.
public typealias ReminderHandler = @Sendable (ReminderFiring) async throws -> [NotificationDraft]
