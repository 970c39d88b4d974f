import AuralystCore
import Foundation
import HearthCore
import HearthNotifications
import HearthPlatform
import HearthSQL

/// Dose reminders: one platform reminder per active dose of each scheduled medication, in
/// the journal's zone, kept in step with the journal by `sync`. When one fires, the owner and
/// the read-write collaborators who asked for them are told, unless the dose is already logged.
struct AuralystDoseReminders: Sendable {
  let env: HearthEnvironment
  var database: any HearthDatabase { env.database }

  static let kind = NotificationKind(
    "auralyst.dose", label: "A dose is due", urgency: .high, timeToLive: 3600)
  static let reminderKind = "dose"
  static let taken = NotificationAction("taken", title: "Taken")

  /// What a dose reminder (and the notice it sends) refers to.
  struct Target: Codable, Equatable {
    var journalId: String
    var medicationId: String
    var scheduleId: String
    /// The occurrence's day in the journal's zone, on notices only.
    var day: String?

    /// What every notice of this dose on its day is about, whoever it went to.
    var topic: String {
      "auralyst.dose:\(journalId):\(medicationId):\(scheduleId):\(day ?? "")"
    }
  }

  /// When a schedule's doses fall, as a reminder rule; nil when it has none to remind of.
  static func rule(
    for schedule: MedicationSchedule, of medication: Medication, zone: String
  ) -> RecurrenceRule? {
    guard !medication.isAsNeeded, schedule.isActive, let timeZone = TimeZone(identifier: zone)
    else { return nil }
    let cadence: RecurrenceRule.Cadence
    switch schedule.cadence {
    case .weekdays(let days): cadence = .weekdays(days)
    case .everyDays(let interval, let start):
      guard let first = LocalDay(start) else { return nil }
      cadence = .everyDays(interval, start: first)
    }
    let added = medication.createdAt ?? Date(timeIntervalSince1970: 0)
    let clock = ZoneClock(timeZone: timeZone, span: added...added)
    let firstDays = [
      medication.firstDay(in: clock), schedule.startDay.flatMap(CalendarDay.init)?.daysSince1970,
    ].compactMap { $0 }
    let startDay = firstDays.max().flatMap {
      LocalDay(CalendarDay(daysSince1970: $0).description)
    }
    return RecurrenceRule(
      zone: zone, hour: schedule.hour, minute: schedule.minute, cadence: cadence,
      startDay: startDay)
  }

  /// Makes the journal's reminders match its medications: new schedules get one, changed ones
  /// are rescheduled (cancelling the pending occurrence), and removed or stopped ones go.
  func sync(journalID: String) async throws {
    var wanted: [String: RecurrenceRule] = [:]
    let journal = try await database.auralystStore.auralystJournal(id: journalID)
    if let journal {
      let zone = try await reminderZone(of: journal)
      let records = try await database.auralystStore.auralystRecords(
        journalID: journalID, kinds: [.medication], from: nil, until: nil)
      for medication in try records.compactMap(AuralystRecordCoding.medication) {
        for schedule in medication.doses {
          guard let rule = Self.rule(for: schedule, of: medication, zone: zone)
          else { continue }
          let target = Target(
            journalId: journalID, medicationId: medication.id, scheduleId: schedule.id)
          wanted[StoreJSON.encode(target)] = rule
        }
      }
    }
    // A journal that has gone wants none, so its owner is never needed.
    try await env.reminders.keep(
      wanted, app: AuralystModule.app.slug, kind: Self.reminderKind,
      owner: journal?.ownerID ?? "", resource: AuralystStoreSupport.resource(journalID))
  }
}

// MARK: - In which zone

extension AuralystDoseReminders {
  /// The zone the journal's reminders keep: its own, or, travelling, its owner's current one
  /// (their account's; the journal's when they have none).
  func reminderZone(of journal: Journal) async throws -> String {
    guard journal.reminderZone == .current,
      let zone = try await database.user(id: journal.ownerID)?.timeZone,
      TimeZone(identifier: zone) != nil
    else { return journal.timeZone }
    return zone
  }

  /// After the owner's zone changed: the reminders of their journals that travel move with it.
  func ownerMoved(_ user: User) async throws {
    for journal in try await database.auralystStore.auralystJournals(userID: user.id)
    where journal.ownerID == user.id && journal.reminderZone == .current {
      try await sync(journalID: journal.id)
    }
  }
}

// MARK: - Who gets them

extension AuralystDoseReminders {
  /// Whether `userID` gets the journal's dose reminders: the owner unless they turned them off,
  /// a read-write collaborator only after turning them on.
  func wants(_ journal: Journal, userID: String) async throws -> Bool {
    let row = try await database.row(
      """
      SELECT enabled FROM auralyst_dose_reminders
      WHERE journal_id = \(journal.id) AND user_id = \(userID)
      """)
    if let row { return try row["enabled"] }
    return journal.ownerID == userID
  }

  /// Whether the person who opened the journal gets its reminders; never a read-only reader.
  func wants(_ opened: AuralystJournals.Opened) async throws -> Bool {
    opened.access >= .write ? try await wants(opened.journal, userID: opened.user.id) : false
  }

  /// Sets whether the person is reminded of doses and told of missed ones; nil keeps it.
  func setWants(_ enabled: Bool?, missed: Bool?, _ opened: AuralystJournals.Opened) async throws {
    guard opened.access >= .write else {
      throw APIErrorResponse(
        APIError(
          status: 403, code: "forbidden",
          message: "Dose reminders are for the owner and those who can log doses."))
    }
    let (journalID, userID, now) = (opened.journal.id, opened.user.id, env.now())
    let reminded = try await wants(opened)
    let told = try await wantsMissed(opened)
    try await database.transaction { tx in
      try await tx.execute(
        """
        INSERT INTO auralyst_dose_reminders (journal_id, user_id, enabled, missed, updated_at)
        VALUES (\(journalID), \(userID), \(enabled ?? reminded), \(missed ?? told), \(now))
        ON CONFLICT (journal_id, user_id) DO UPDATE
          SET enabled = excluded.enabled, missed = excluded.missed,
            updated_at = excluded.updated_at
        """)
    }
  }

  /// The people told when a dose of the journal is due.
  func recipients(_ journal: Journal) async throws -> [String] {
    let writers = try await database.participants(AuralystStoreSupport.resource(journal.id))
      .filter { $0.status == .accepted && $0.permission == .readWrite }.map(\.userID)
    var people: [String] = []
    for userID in [journal.ownerID] + writers where try await wants(journal, userID: userID) {
      people.append(userID)
    }
    return people
  }
}
