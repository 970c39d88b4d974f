import AuralystCore
import AuralystWeb
import Foundation
import HearthCore
import HearthNotifications
import HearthPlatform
import HearthSQL

/// The follow-up of a dose nobody logged: once, when the journal's grace period after the
/// dose's time has passed, to the owner and the read-write collaborators who asked for it, with
/// Taken (late) and Skipped.
extension AuralystDoseReminders {
  static let missedKind = NotificationKind(
    "auralyst.dose-missed", label: "A dose was not logged in time", urgency: .normal,
    timeToLive: 12 * 3600)
  static let missedQueue = "auralyst.dose-missed"
  static let takenLate = NotificationAction("late", title: "Taken (late)")
  static let skipped = NotificationAction("skipped", title: "Skipped")

  /// A follow-up to send unless the dose is logged by then.
  struct MissedJob: Codable {
    var target: Target
    var due: Date
  }

  /// Schedules the dose's follow-up for when its grace period ends; once per dose and day,
  /// however often its reminder fires.
  func followUp(_ target: Target, due: Date, grace: TimeInterval) async throws {
    _ = try await env.enqueue(
      NewJob(
        queue: Self.missedQueue, payload: StoreJSON.encode(MissedJob(target: target, due: due)),
        runAt: due + grace, idempotencyKey: "missed:" + TokenService.hash(target.topic),
        maxAttempts: 5))
  }

  var followUpHandler: JobHandler {
    { context in
      let job = try StoreJSON.decode(MissedJob.self, context.job.payload)
      guard let (journal, medication, schedule) = try await dose(job.target),
        try await logged(job.target, around: job.due) == nil
      else { return }
      let minutes = Int(journal.doseGrace / 60)
      let draft = try await missed(
        job.target, due: job.due, journal, medication, schedule,
        why: "It was not logged within \(Wording.count(minutes, "minute", "minutes")).")
      if let draft { try await env.notifier.send(draft) }
    }
  }

  /// The notice that a dose is missed, saying `why`, to the owner and the read-write
  /// collaborators who asked, and to `others`; nil when nobody is to hear of it.
  func missed(
    _ target: Target, due: Date, _ journal: Journal, _ medication: Medication,
    _ schedule: MedicationSchedule, why: String, others: [String] = []
  ) async throws -> NotificationDraft? {
    let people = Array(Set(try await followUpRecipients(journal) + others)).sorted()
    guard !people.isEmpty, let day = target.day else { return nil }
    let amount = AuralystChrome.amount(
      schedule.amount ?? medication.defaultAmount, schedule.unit ?? medication.defaultUnit)
    let time = String(format: "%02d:%02d", schedule.hour, schedule.minute)
    let dose = ["The \(time) dose", amount.isEmpty ? nil : "(\(amount))", "of \(day)"]
      .compactMap { $0 }.joined(separator: " ")
    return NotificationDraft(
      kind: Self.missedKind, to: people, title: "\(medication.name) was missed",
      body: "\(dose) in \(journal.title) is shown as missed. \(why) "
        + "Mark it taken late or skipped.",
      url: "/auralyst/journals/\(journal.id)/days/\(day)",
      dedupeKey: "auralyst:missed:\(target.topic)", occurredAt: due,
      actions: [Self.takenLate, Self.skipped], data: StoreJSON.encode(target),
      topic: target.topic)
  }

  /// A dose whose reminder could not be sent in time (the server was down at its time): unless
  /// it is logged, it is shown as missed to those the reminder was for and those who hear of
  /// missed doses, in place of a reminder sent hours late.
  func fireLate(_ firing: ReminderFiring) async throws -> [NotificationDraft] {
    guard let target = try? StoreJSON.decode(Target.self, firing.reminder.data),
      let (journal, medication, schedule) = try await dose(target)
    else { return [] }
    var due = target
    due.day = firing.occurrence.day.description
    guard try await logged(due, around: firing.occurrence.instant) == nil else { return [] }
    let draft = try await missed(
      due, due: firing.occurrence.instant, journal, medication, schedule,
      why: "Its reminder could not be sent in time.", others: try await recipients(journal))
    return draft.map { [$0] } ?? []
  }

  /// The journal, medication and active schedule `target` names; nil when any has gone.
  func dose(_ target: Target) async throws -> (Journal, Medication, MedicationSchedule)? {
    guard let journal = try await database.auralystStore.auralystJournal(id: target.journalId),
      let record = try await database.auralystStore.auralystRecord(id: target.medicationId),
      record.journalID == journal.id, record.kind == .medication,
      let medication = try AuralystRecordCoding.medication(record),
      let schedule = medication.doses.first(where: { $0.id == target.scheduleId }),
      schedule.isActive
    else { return nil }
    return (journal, medication, schedule)
  }
}

// MARK: - Who hears of missed doses

extension AuralystDoseReminders {
  /// Whether `userID` hears of the journal's missed doses: the owner unless they turned it
  /// off, a read-write collaborator only after turning it on.
  func wantsMissed(_ journal: Journal, userID: String) async throws -> Bool {
    let row = try await database.row(
      """
      SELECT missed FROM auralyst_dose_reminders
      WHERE journal_id = \(journal.id) AND user_id = \(userID)
      """)
    let missed: Bool? = try row?["missed"]
    return missed ?? (journal.ownerID == userID)
  }

  func wantsMissed(_ opened: AuralystJournals.Opened) async throws -> Bool {
    opened.access >= .write ? try await wantsMissed(opened.journal, userID: opened.user.id) : false
  }

  /// The people told when a dose of the journal is missed.
  func followUpRecipients(_ journal: Journal) async throws -> [String] {
    let writers = try await database.participants(AuralystStoreSupport.resource(journal.id))
      .filter { $0.status == .accepted && $0.permission == .readWrite }.map(\.userID)
    var people: [String] = []
    for userID in [journal.ownerID] + writers where try await wantsMissed(journal, userID: userID) {
      people.append(userID)
    }
    return people
  }
}
