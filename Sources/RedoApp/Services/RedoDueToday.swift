import Foundation
import HearthCore
import HearthNotifications
import HearthPlatform
import RedoCore

/// The morning digest of tasks due today: a person's setting, the daily reminder that carries
/// it (one per person, in their time zone, found by its resource), and what it sends.
struct RedoDueToday {
  let env: HearthEnvironment

  static let kind = NotificationKind(
    "redo.due-today", label: "Tasks due today", timeToLive: 43_200)
  /// 08:00, the time the form offers while the digest has never been turned on.
  static let defaultMinute = 480
  static let url = "/redo?preset=today"

  static func resource(userID: String) -> ResourceRef {
    ResourceRef(app: "redo", kind: "due-today", id: userID)
  }

  struct Setting: Equatable {
    var on: Bool
    var minute: Int
    var timeZone: String
    /// When the next digest is due, while it is on.
    var nextAt: Date?
  }

  func setting(for user: User) async throws -> Setting {
    let stored = try await env.database.redoStore.redoSettings(userID: user.id)
    let reminder = try await reminders(of: user.id).first
    return Setting(
      on: stored?.dueTodayOn ?? false, minute: stored?.dueTodayMinute ?? Self.defaultMinute,
      timeZone: user.timeZone, nextAt: stored?.dueTodayOn == true ? reminder?.nextAt : nil)
  }

  /// Saves the setting, then brings the reminder in line: scheduled or moved when on, deleted
  /// when off. Any extra reminder (two saves that raced) is deleted too.
  func save(on: Bool, minute: Int, for user: User) async throws -> Setting {
    try await env.database.redoStore.putRedoSettings(
      RedoSettings(userID: user.id, dueTodayOn: on, dueTodayMinute: minute, updatedAt: env.now()))
    try await sync(on: on, minute: minute, zone: user.timeZone, userID: user.id)
    return try await setting(for: user)
  }

  private func sync(on: Bool, minute: Int, zone: String, userID: String) async throws {
    let rule = RecurrenceRule(zone: zone, hour: minute / 60, minute: minute % 60)
    try await env.reminders.keep(
      on ? ["{}": rule] : [:], app: "redo", kind: Self.kind.id, owner: userID,
      resource: Self.resource(userID: userID))
  }

  private func reminders(of userID: String) async throws -> [Reminder] {
    try await env.reminders.reminders(app: "redo", resource: Self.resource(userID: userID))
  }

  /// The notice for one occurrence: the owner's open tasks due on its local day, among the
  /// tasks they own or accepted. Nothing when none is due, when the digest was turned off, for
  /// a stray second reminder, or when a digest already came that day (the time was moved later).
  func fire(_ firing: ReminderFiring) async throws -> [NotificationDraft] {
    let userID = firing.reminder.ownerUserID
    guard let user = try await env.database.user(id: userID),
      let stored = try await env.database.redoStore.redoSettings(userID: userID),
      stored.dueTodayOn, try await reminders(of: userID).first?.id == firing.reminder.id
    else { return [] }
    // Someone who moved to another zone gets the next digest at their time there.
    if firing.reminder.rule.zone != user.timeZone {
      try await sync(on: true, minute: stored.dueTodayMinute, zone: user.timeZone, userID: userID)
    }
    let calendar =
      DayCalendar(identifier: firing.reminder.rule.zone) ?? RedoTasks(env: env).calendar(for: user)
    guard try await !sentEarlier(on: calendar.interval(of: firing.occurrence.day), firing)
    else { return [] }
    let digest = DueToday(
      try await RedoTasks(env: env).visible(to: user), on: firing.occurrence.day,
      calendar: calendar)
    guard let title = digest.title else { return [] }
    return [
      NotificationDraft(
        kind: Self.kind, to: [userID], title: title, body: digest.body, url: Self.url,
        dedupeKey: firing.dedupeKey, occurredAt: firing.occurrence.instant)
    ]
  }

  private func sentEarlier(on day: Range<Date>, _ firing: ReminderFiring) async throws -> Bool {
    try await env.database.notificationStore.notifications(
      userID: firing.reminder.ownerUserID, before: nil, limit: 50
    ).contains {
      $0.kind == Self.kind.id && day.contains($0.occurredAt) && $0.dedupeKey != firing.dedupeKey
    }
  }
}
