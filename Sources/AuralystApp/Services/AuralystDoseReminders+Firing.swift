import AuralystCore
import AuralystWeb
import Foundation
import HearthCore
import HearthNotifications
import HearthPlatform
import HearthSQL

extension AuralystDoseReminders {
  /// The notice of one due dose, with Taken and Snooze; nothing when the dose is already
  /// logged, the schedule has gone, or nobody wants it.
  func fire(_ firing: ReminderFiring) async throws -> [NotificationDraft] {
    guard let target = try? StoreJSON.decode(Target.self, firing.reminder.data),
      let (journal, medication, schedule) = try await dose(target)
    else { return [] }
    var due = target
    due.day = firing.occurrence.day.description
    guard try await logged(due, around: firing.occurrence.instant) == nil else { return [] }
    try await followUp(due, due: firing.occurrence.instant, grace: journal.doseGrace)
    let recipients = try await recipients(journal)
    guard !recipients.isEmpty else { return [] }
    let amount = AuralystChrome.amount(
      schedule.amount ?? medication.defaultAmount, schedule.unit ?? medication.defaultUnit)
    let time = String(format: "%02d:%02d", schedule.hour, schedule.minute)
    let body = [
      schedule.label, amount.isEmpty ? nil : amount, "due at \(time) in \(journal.title)",
    ]
    .compactMap { $0 }.joined(separator: " · ")
    return [
      NotificationDraft(
        kind: Self.kind, to: recipients, title: "Time for \(medication.name)", body: body,
        url: "/auralyst/journals/\(journal.id)/days/\(firing.occurrence.day)", dedupeKey: "",
        occurredAt: firing.occurrence.instant, actions: [Self.taken, .snooze()],
        data: StoreJSON.encode(due), topic: due.topic)
    ]
  }

  /// "Taken" from a reminder, or "Taken (late)" and "Skipped" from a missed dose's notice:
  /// logs the dose for its day, now, by whoever tapped it, once however many people or devices
  /// tap it.
  func take(_ request: NotificationActionRequest) async throws -> String {
    let statuses: [String: MedicationIntake.Status?] = [
      Self.taken.id: nil, Self.takenLate.id: .late, Self.skipped.id: .skipped,
    ]
    guard let status = statuses[request.action],
      let target = try? StoreJSON.decode(Target.self, request.notice.data), let day = target.day
    else {
      throw APIErrorResponse(
        .invalid("action", "This notification has no action called \(request.action)."))
    }
    let journals = AuralystJournals(env: env)
    let opened = try await journals.open(target.journalId, for: request.user, needs: .write)
    let medication = try await journals.medication(
      opened, id: target.medicationId, field: "medicationId")
    guard let schedule = medication.doses.first(where: { $0.id == target.scheduleId }) else {
      throw APIErrorResponse(
        .invalid("scheduleId", "That dose is no longer in \(medication.name)'s schedule."))
    }
    let zone = TimeZone(identifier: opened.journal.timeZone) ?? .gmt
    let now = env.now()
    if let intake = try await logged(target, around: request.notice.occurredAt) {
      return "\(medication.name) was already logged at \(Self.clockTime(intake.timestamp, zone))."
    }
    let intake = MedicationIntake(
      id: "dose-" + TokenService.hash("\(target.journalId)|\(schedule.id)|\(day)").prefix(40),
      medicationID: medication.id,
      // The daily dose of a medication without schedules is no schedule of its own.
      scheduleID: medication.schedules.isEmpty ? nil : schedule.id, origin: .scheduled,
      amount: schedule.amount ?? medication.defaultAmount,
      unit: schedule.unit ?? medication.defaultUnit, timestamp: ISOTime.rounded(now),
      scheduledDate: day, authorID: request.user.id, status: status)
    let checked = try AuralystAPI.validated { () throws(ValidationError) in
      try intake.validated(for: medication)
    }
    _ = try await journals.add(
      AuralystRecordCoding.record(checked, journalID: opened.journal.id, at: now), to: opened)
    let time = Self.clockTime(now, zone)
    switch status {
    case .late: return "\(medication.name) logged as taken late at \(time)."
    case .skipped: return "\(medication.name) marked skipped for \(day)."
    case nil: return "\(medication.name) logged as taken at \(time)."
    }
  }

  /// A dose logged for its day, however it was logged, closes that dose's notices for everyone:
  /// they become read, lose their buttons and say who logged it.
  func close(logged intake: MedicationIntake, in opened: AuralystJournals.Opened) async throws {
    guard let day = intake.scheduledDate,
      let dose = intake.scheduleID ?? (intake.origin == .scheduled ? intake.medicationID : nil),
      let record = try await database.auralystStore.auralystRecord(id: intake.medicationID),
      record.journalID == opened.journal.id,
      let medication = try AuralystRecordCoding.medication(record)
    else { return }
    let target = Target(
      journalId: opened.journal.id, medicationId: medication.id, scheduleId: dose, day: day)
    let zone = TimeZone(identifier: opened.journal.timeZone) ?? .gmt
    let time = Self.clockTime(intake.timestamp, zone)
    let done =
      switch intake.status {
      case .skipped: "marked skipped"
      case .late: "logged as taken late"
      case nil: "logged"
      }
    try await env.notifier.close(
      topic: target.topic,
      body: "\(medication.name) was \(done) by \(opened.user.displayName) at \(time).",
      by: opened.user.id)
  }

  /// The dose of `target`'s schedule already logged for its day, looking two days around it.
  func logged(_ target: Target, around instant: Date) async throws -> MedicationIntake? {
    try await database.auralystStore.auralystRecords(
      journalID: target.journalId, kinds: [.intake], from: instant - 2 * 86_400,
      until: instant + 2 * 86_400
    ).compactMap(AuralystRecordCoding.intake).first {
      $0.medicationID == target.medicationId && $0.scheduledDate == target.day
        && ($0.scheduleID ?? ($0.origin == .scheduled ? $0.medicationID : nil)) == target.scheduleId
    }
  }

  static func clockTime(_ date: Date, _ zone: TimeZone) -> String {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = zone
    let parts = calendar.dateComponents([.hour, .minute], from: date)
    return String(format: "%02d:%02d", parts.hour ?? 0, parts.minute ?? 0)
  }
}
