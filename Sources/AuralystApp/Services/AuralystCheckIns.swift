import AuralystCore
import Foundation
import HearthCore
import HearthNotifications
import HearthPlatform
import HearthSQL

/// The daily check-in: a person who can log in a journal (its owner, a read-write collaborator)
/// may ask to be reminded every day, at a time of the journal's day, to log how the day was.
/// One platform reminder per person and journal, found by its resource; when it fires, nothing
/// is sent if the day already has an entry, by anyone.
struct AuralystCheckIns: Sendable {
  let env: HearthEnvironment
  var database: any HearthDatabase { env.database }

  static let kind = NotificationKind(
    "auralyst.check-in", label: "A daily check-in: how was today?", timeToLive: 6 * 3600)
  static let reminderKind = "check-in"

  /// Whose check-in of which journal a reminder is.
  struct Target: Codable, Equatable {
    var journalId: String
    var userId: String
  }

  struct Setting: Equatable {
    var enabled: Bool
    var minute: Int
    /// When the next reminder is due, while it is on.
    var nextAt: Date?
  }

  static func resource(_ target: Target) -> ResourceRef {
    ResourceRef(
      app: AuralystModule.app.slug, kind: "check-in", id: "\(target.journalId)/\(target.userId)")
  }

  func setting(_ opened: AuralystJournals.Opened) async throws -> Setting {
    let target = Target(journalId: opened.journal.id, userId: opened.user.id)
    guard let (enabled, minute) = try await stored(target) else {
      return Setting(enabled: false, minute: CheckIn.defaultMinute)
    }
    let next = try await env.reminders.reminders(
      app: AuralystModule.app.slug, resource: Self.resource(target)
    ).first?.nextAt
    return Setting(enabled: enabled, minute: minute, nextAt: enabled ? next : nil)
  }

  /// Turns the check-in on or off, or moves it; nil keeps what was there.
  func save(enabled: Bool?, minute: Int?, _ opened: AuralystJournals.Opened) async throws
    -> Setting
  {
    guard opened.access >= .write else {
      throw APIErrorResponse(
        APIError(
          status: 403, code: "forbidden",
          message: "The daily check-in is for those who can log entries in this journal."))
    }
    let target = Target(journalId: opened.journal.id, userId: opened.user.id)
    let current = try await setting(opened)
    let (on, time, now) = (enabled ?? current.enabled, minute ?? current.minute, env.now())
    try await database.transaction { tx in
      try await tx.execute(
        """
        INSERT INTO auralyst_check_ins (journal_id, user_id, enabled, minute, updated_at)
        VALUES (\(target.journalId), \(target.userId), \(on), \(time), \(now))
        ON CONFLICT (journal_id, user_id) DO UPDATE
          SET enabled = excluded.enabled, minute = excluded.minute,
            updated_at = excluded.updated_at
        """)
    }
    try await keep(target, zone: opened.journal.timeZone, on: on, minute: time)
    return try await setting(opened)
  }

  /// Moves every check-in of the journal to its zone (after the zone changed), or, when the
  /// journal has gone, removes them: `people` are those it had.
  func sync(journalID: String, people: [String]? = nil) async throws {
    let journal = try await database.auralystStore.auralystJournal(id: journalID)
    let rows = try await database.rows(
      "SELECT user_id, enabled, minute FROM auralyst_check_ins WHERE journal_id = \(journalID)")
    var settings: [String: (Bool, Int)] = [:]
    for row in rows {
      let userID: String = try row["user_id"]
      settings[userID] = (try row["enabled"] as Bool, Int(try row["minute"] as Int64))
    }
    for userID in Set(settings.keys).union(people ?? []) {
      let (on, minute) = settings[userID] ?? (false, CheckIn.defaultMinute)
      try await keep(
        Target(journalId: journalID, userId: userID), zone: journal?.timeZone ?? "UTC",
        on: on && journal != nil, minute: minute)
    }
  }

  /// Those who have a check-in setting in the journal.
  func people(journalID: String) async throws -> [String] {
    try await database.rows(
      "SELECT user_id FROM auralyst_check_ins WHERE journal_id = \(journalID)"
    ).map { try $0["user_id"] }
  }

  private func keep(_ target: Target, zone: String, on: Bool, minute: Int) async throws {
    let rule = RecurrenceRule(zone: zone, hour: minute / 60, minute: minute % 60)
    try await env.reminders.keep(
      on ? [StoreJSON.encode(target): rule] : [:], app: AuralystModule.app.slug,
      kind: Self.reminderKind, owner: target.userId, resource: Self.resource(target))
  }

  private func stored(_ target: Target) async throws -> (Bool, Int)? {
    try await database.row(
      """
      SELECT enabled, minute FROM auralyst_check_ins
      WHERE journal_id = \(target.journalId) AND user_id = \(target.userId)
      """
    ).map { row -> (Bool, Int) in (try row["enabled"] as Bool, Int(try row["minute"] as Int64)) }
  }

  /// The check-in of one day: nothing when the day (in the journal's zone) already has an
  /// entry, or when the person can no longer log in the journal (their reminder then goes).
  func fire(_ firing: ReminderFiring) async throws -> [NotificationDraft] {
    guard let target = try? StoreJSON.decode(Target.self, firing.reminder.data) else { return [] }
    guard let journal = try await database.auralystStore.auralystJournal(id: target.journalId),
      try await database.access(
        AuralystStoreSupport.resource(journal.id), userID: target.userId) >= .write,
      try await stored(target)?.0 == true,
      let day = CalendarDay(firing.occurrence.day.description)
    else {
      try await keep(target, zone: "UTC", on: false, minute: 0)
      return []
    }
    let zone = TimeZone(identifier: journal.timeZone) ?? .gmt
    let instant = firing.occurrence.instant
    // Entries count on their own day, in the zone they were written in: two days around it.
    let entries = try await database.auralystStore.auralystRecords(
      journalID: journal.id, kinds: [.entry], from: instant - 2 * 86_400,
      until: instant + 2 * 86_400
    ).compactMap(AuralystRecordCoding.entry)
    guard CheckIn.isDue(day: day, entries: entries, timeZone: zone) else { return [] }
    return [
      NotificationDraft(
        kind: Self.kind, to: [target.userId], title: "How was today?",
        body:
          "Nothing is logged in \(journal.title) today yet. A quick entry keeps the picture whole.",
        url: "/auralyst/journals/\(journal.id)", dedupeKey: "",
        occurredAt: instant)
    ]
  }
}
