import AuralystCore
import Foundation
import HearthCore
import HearthNotifications
import HearthPlatform
import HearthSQL

/// Medications' supplies: counts a person sets and refills, doses taking from them (in the
/// store, with the doses), and one refill notice when a supply reaches its threshold, to the
/// owner and the read-write collaborators who get dose reminders; a refill re-arms it.
struct AuralystSupplies: Sendable {
  let env: HearthEnvironment
  var database: any HearthDatabase { env.database }

  static let kind = NotificationKind(
    "auralyst.refill", label: "A medication is running low", urgency: .normal,
    timeToLive: 24 * 3600)
  static let noticeQueue = "auralyst.refill"
  static let refilled = NotificationAction("refilled", title: "Refilled")

  /// One refill notice: of which medication, and which of its notices.
  struct Notice: Codable, Equatable {
    var journalId: String
    var medicationId: String
    var number: Int
    /// When the notice was called for: with the number, names it across restarted counts.
    var at: Date

    var dedupeKey: String {
      "auralyst:refill:\(medicationId):\(number):\(Int(at.timeIntervalSince1970 * 1000))"
    }
    /// Every notice of this medication's supply, whoever it went to: a refill closes them.
    static func topic(journalID: String, medicationID: String) -> String {
      "auralyst.refill:\(journalID):\(medicationID)"
    }
  }

  /// The job that sends the notice `supply` has just called for.
  static func noticeJob(_ supply: MedicationSupply, journalID: String, at now: Date)
    -> (NewJob, id: String)
  {
    let notice = Notice(
      journalId: journalID, medicationId: supply.medicationID, number: supply.notices, at: now)
    let key = TokenService.hash(notice.dedupeKey)
    return (
      NewJob(
        queue: noticeQueue, payload: StoreJSON.encode(notice), runAt: now,
        idempotencyKey: key, maxAttempts: 5),
      "auralyst-refill-" + key.prefix(40)
    )
  }

  func supplies(_ opened: AuralystJournals.Opened) async throws -> [String: MedicationSupply] {
    let supplies = try await database.auralystStore.auralystSupplies(journalID: opened.journal.id)
    return Dictionary(uniqueKeysWithValues: supplies.map { ($0.medicationID, $0) })
  }

  /// Changes a medication's supply: a refill by anyone who logs doses; a count, or stopping
  /// it, by whoever may edit the medication. Answers the supply, nil when no longer counted.
  @discardableResult
  func edit(_ edit: SupplyEdit, of medication: Medication, in opened: AuralystJournals.Opened)
    async throws -> MedicationSupply?
  {
    if case .refill = edit {
      try opened.access.require(.write, what: "journal")
    } else {
      try opened.requireAuthor(of: medication.authorID)
    }
    let event = AuralystJournals.event(
      opened.journal.id, kind: "medication", id: medication.id, action: "updated")
    do {
      try await database.auralystStore.changeAuralyst(
        journalID: opened.journal.id, reading: [], at: env.now()
      ) { _ in AuralystChange(supplies: [medication.id: edit], events: [event]) }
    } catch let error as ValidationError {
      throw APIErrorResponse(.invalid(error.field, error.message))
    }
    let supply = try await supplies(opened)[medication.id]
    if case .refill = edit, let supply {
      try await env.notifier.close(
        topic: Notice.topic(journalID: opened.journal.id, medicationID: medication.id),
        body: "\(medication.name) was refilled by \(opened.user.displayName): "
          + "\(supply.quantity(supply.onHand)) on hand.",
        by: opened.user.id)
    }
    return supply
  }

  /// "Refilled" on a notice: a refill of the usual size, by whoever tapped it.
  func refill(_ request: NotificationActionRequest) async throws -> String {
    guard request.action == Self.refilled.id,
      let notice = try? StoreJSON.decode(Notice.self, request.notice.data)
    else {
      throw APIErrorResponse(
        .invalid("action", "This notification has no action called \(request.action)."))
    }
    let journals = AuralystJournals(env: env)
    let opened = try await journals.open(notice.journalId, for: request.user, needs: .write)
    let medication = try await journals.medication(
      opened, id: notice.medicationId, field: "medicationId")
    let defaultUnit = medication.defaultUnit
    guard
      let supply = try await edit(
        .refill(nil, defaultUnit: defaultUnit), of: medication, in: opened)
    else { return "\(medication.name) is not counted any more." }
    return "\(medication.name) refilled: \(supply.quantity(supply.onHand)) on hand."
  }

  var noticeHandler: JobHandler {
    { context in
      let notice = try StoreJSON.decode(Notice.self, context.job.payload)
      guard let journal = try await database.auralystStore.auralystJournal(id: notice.journalId),
        let record = try await database.auralystStore.auralystRecord(id: notice.medicationId),
        record.journalID == journal.id,
        let medication = try AuralystRecordCoding.medication(record),
        let supply = try await database.auralystStore.auralystSupplies(journalID: journal.id)
          .first(where: { $0.medicationID == medication.id }),
        // A refill since, or a count above the threshold, answered it already.
        supply.noticeSent, supply.notices == notice.number
      else { return }
      try await env.notifier.send(
        try await draft(notice, journal: journal, medication: medication, supply: supply))
    }
  }

  func draft(
    _ notice: Notice, journal: Journal, medication: Medication, supply: MedicationSupply
  ) async throws -> NotificationDraft {
    let refill = supply.refillAmount.map {
      "Get a refill, then tap Refilled to add \(supply.quantity($0)), or record it"
    }
    let threshold = supply.refillAt.map { " (you asked to hear at \(supply.quantity($0)))" }
    return NotificationDraft(
      kind: Self.kind, to: try await recipients(journal),
      title: "\(medication.name) is running low",
      body: "\(supply.quantity(supply.onHand)) left in \(journal.title)\(threshold ?? ""). "
        + "\(refill ?? "Get a refill, then record it") on the Medications page.",
      url: "/auralyst/journals/\(journal.id)/medications#supply-\(medication.id)",
      dedupeKey: notice.dedupeKey, occurredAt: notice.at,
      actions: supply.refillAmount == nil ? [] : [Self.refilled], data: StoreJSON.encode(notice),
      topic: Notice.topic(journalID: journal.id, medicationID: medication.id))
  }

  /// The owner, and the read-write collaborators who turned dose reminders on.
  func recipients(_ journal: Journal) async throws -> [String] {
    let reminded = try await AuralystDoseReminders(env: env).recipients(journal)
    return [journal.ownerID] + reminded.filter { $0 != journal.ownerID }
  }
}
