import AuralystCore
import Foundation
import HearthCore
import HearthNotifications
import HearthPlatform
import HearthSQL

extension AuralystJournals {
  func records(
    _ opened: Opened, _ kinds: [AuralystRecord.Kind], from: Date? = nil, until: Date? = nil
  ) async throws -> [AuralystRecord] {
    try await database.auralystStore.auralystRecords(
      journalID: opened.journal.id, kinds: kinds, from: from, until: until)
  }

  /// One record of the journal; 404 when it is not there (or is in another journal).
  func record(_ opened: Opened, id: String, kind: AuralystRecord.Kind) async throws
    -> AuralystRecord
  {
    guard let record = try await database.auralystStore.auralystRecord(id: id),
      record.journalID == opened.journal.id, record.kind == kind
    else { throw APIErrorResponse(.notFound(kind.noun)) }
    return record
  }

  func medications(_ opened: Opened) async throws -> [Medication] {
    try await records(opened, [.medication]).compactMap(AuralystRecordCoding.medication)
      .sorted { ($0.name.lowercased(), $0.id) < ($1.name.lowercased(), $1.id) }
  }

  func medication(_ opened: Opened, id: String, field: String) async throws -> Medication {
    guard let record = try? await record(opened, id: id, kind: .medication),
      let medication = try AuralystRecordCoding.medication(record)
    else {
      throw APIErrorResponse(
        .invalid(field, "That medication is no longer in this journal. Reload the page."))
    }
    return medication
  }

  /// Stores a new record (with `supplies`, edits of supplies it brings). The same id sent again
  /// (an entry made offline, retried) answers the stored record instead of adding a second one.
  func add(
    _ record: AuralystRecord, to opened: Opened, supplies: [String: SupplyEdit] = [:]
  ) async throws -> (record: AuralystRecord, created: Bool) {
    try opened.access.require(.write, what: "journal")
    let event = Self.event(
      opened.journal.id, kind: record.kind.rawValue, id: record.id, action: "created")
    let taken = APIErrorResponse(.conflict("id", "That id is taken."))
    let stored: [AuralystRecord]
    do {
      stored = try await database.auralystStore.changeAuralyst(
        journalID: opened.journal.id, reading: [record.id], at: env.now()
      ) { stored in
        guard let existing = stored.first(where: { $0.id == record.id }) else {
          return AuralystChange(inserts: [record], supplies: supplies, events: [event])
        }
        guard existing.journalID == record.journalID, existing.kind == record.kind else {
          throw taken
        }
        return AuralystChange()
      }
    } catch StoreError.duplicate {
      // Another journal took the id between the read and the insert.
      throw taken
    } catch let error as ValidationError {
      throw APIErrorResponse(.invalid(error.field, error.message))
    }
    if let existing = stored.first(where: { $0.id == record.id }) { return (existing, false) }
    if record.kind == .note { try await tellOthers(about: record, in: opened) }
    try await keepReminders(after: record, in: opened)
    return (record, true)
  }

  static let noteAdded = NotificationKind(
    "auralyst.note", label: "Someone added a note to a journal you share", urgency: .low)

  /// Everyone else in the journal (its owner and those who accepted) hears of a new note.
  func tellOthers(about record: AuralystRecord, in opened: Opened) async throws {
    guard let note = try AuralystRecordCoding.note(record) else { return }
    let journal = opened.journal
    let members = try await env.database.participants(AuralystStoreSupport.resource(journal.id))
      .filter { $0.status == .accepted }.map(\.userID)
    let others = Set(members + [journal.ownerID]).subtracting([record.authorID])
    guard !others.isEmpty else { return }
    let line = note.text.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
    try await env.notifier.send(
      NotificationDraft(
        kind: Self.noteAdded, to: others.sorted(),
        title: "\(note.authorName) added a note to \(journal.title)",
        body: line.count > 140 ? String(line.prefix(139)) + "…" : line,
        url: "/auralyst/journals/\(journal.id)", dedupeKey: "auralyst:note:\(record.id)",
        occurredAt: record.timestamp, about: record.authorID))
  }

  /// Replaces a record its author (or the owner) changed (with `supplies`, edits of supplies).
  func replace(
    _ record: AuralystRecord, in opened: Opened, authorID: String,
    supplies: [String: SupplyEdit] = [:]
  ) async throws {
    try opened.requireAuthor(of: authorID)
    let event = Self.event(
      opened.journal.id, kind: record.kind.rawValue, id: record.id, action: "updated")
    do {
      try await database.auralystStore.changeAuralyst(
        journalID: opened.journal.id, reading: [], at: env.now()
      ) { _ in AuralystChange(puts: [record], supplies: supplies, events: [event]) }
    } catch let error as ValidationError {
      throw APIErrorResponse(.invalid(error.field, error.message))
    }
    try await keepReminders(after: record, in: opened)
  }

  /// A medication's schedules drive its dose reminders; a dose logged closes its reminders, and
  /// may have called for a refill notice, whose job starts at once.
  private func keepReminders(after record: AuralystRecord, in opened: Opened) async throws {
    if let intake = try AuralystRecordCoding.intake(record) {
      await env.jobWakeup.signal()
      try await AuralystDoseReminders(env: env).close(logged: intake, in: opened)
    }
    guard record.kind == .medication else { return }
    try await AuralystDoseReminders(env: env).sync(journalID: opened.journal.id)
  }

  /// Removes a record: an entry's intakes and notes stay, without it; a medication's intakes go
  /// with it.
  func remove(_ record: AuralystRecord, in opened: Opened) async throws {
    try opened.requireAuthor(of: record.authorID)
    let event = Self.event(
      opened.journal.id, kind: record.kind.rawValue, id: record.id, action: "deleted")
    let remover = opened.isOwner ? nil : opened.user.id
    try await database.auralystStore.changeAuralyst(
      journalID: opened.journal.id, reading: [record.id], at: env.now()
    ) { stored in
      var change = try Self.removal(of: record, stored: stored, byCollaborator: remover)
      change.events = [event]
      return change
    }
    try await keepReminders(after: record, in: opened)
  }

  /// What removing `record` writes, given the stored records that point at it. A collaborator's
  /// own medication may hold others' doses, which are not theirs to delete.
  static func removal(
    of record: AuralystRecord, stored: [AuralystRecord], byCollaborator collaborator: String?
  ) throws -> AuralystChange {
    switch record.kind {
    case .entry: return AuralystChange(deletes: [record.id], detachFrom: [record.id])
    case .medication:
      let intakes = stored.filter { $0.kind == .intake && $0.medicationID == record.id }
      if let collaborator, intakes.contains(where: { $0.authorID != collaborator }) {
        throw APIErrorResponse(
          APIError(
            status: 403, code: "forbidden",
            message:
              "Others have logged doses of this medication; only the journal's owner can delete it."
          ))
      }
      return AuralystChange(deletes: [record.id] + intakes.map(\.id))
    case .intake, .note: return AuralystChange(deletes: [record.id])
    }
  }

  /// The whole journal, as an export holds it (intakes in time order, then notes).
  func snapshot(_ opened: Opened) async throws -> JournalExport {
    let all = try await records(opened, AuralystRecord.Kind.allCases)
    return JournalExport(
      journal: opened.journal, entries: try all.compactMap(AuralystRecordCoding.entry),
      medications: try all.compactMap(AuralystRecordCoding.medication)
        .sorted { ($0.name, $0.id) < ($1.name, $1.id) },
      intakes: try all.compactMap(AuralystRecordCoding.intake),
      notes: try all.compactMap(AuralystRecordCoding.note), factors: try await factors(opened),
      factorValues: try await factorValues(opened), episodes: try await episodes(opened))
  }

  func insights(_ opened: Opened, window: InsightWindow) async throws -> Insights {
    let now = env.now()
    // A day more than the window on each side covers any zone's offset; the week before it
    // is for its first days' rolling means.
    let from = window.days.map { now.addingTimeInterval(-Double($0 + 2 + 6) * 86_400) }
    let rows = try await records(opened, [.entry, .intake], from: from, until: now)
    let zone = TimeZone(identifier: opened.journal.timeZone) ?? .gmt
    let clock = ZoneClock(timeZone: zone, span: now...now)
    let kept = try await medications(opened)
    var insights = Insights(
      journal: opened.journal, entries: try rows.compactMap(AuralystRecordCoding.entry),
      medications: kept, intakes: try rows.compactMap(AuralystRecordCoding.intake),
      factors: try await factors(opened),
      factorValues: try await factorValues(
        opened, from: from.map { clock.day(of: $0).description }), window: window, now: now)
    let months = 3
    insights.medicationMonths = MedicationMonth.months(
      months,
      intakes: try await records(
        opened, [.intake], from: MedicationMonth.since(months, timeZone: zone, now: now),
        until: now
      ).compactMap(AuralystRecordCoding.intake), medications: kept, timeZone: zone,
      now: now)
    return insights
  }

  /// Fixes dangling references in the stored journal (owner only).
  func repair(_ opened: Opened) async throws -> JournalHealth {
    try opened.access.require(.owner, what: "journal")
    let snapshot = try await snapshot(opened)
    let health = JournalHealth(snapshot)
    guard !health.isHealthy else { return health }
    let repaired = health.repaired(snapshot)
    let now = env.now()
    let touched = Set(
      health.intakesWithMissingSchedule + health.intakesWithMissingEntry
        + health.notesWithMissingEntry)
    let change = AuralystChange(
      puts: repaired.intakes.filter { touched.contains($0.id) }.map {
        AuralystRecordCoding.record($0, journalID: opened.journal.id, at: now)
      }
        + repaired.notes.filter { touched.contains($0.id) }.map {
          AuralystRecordCoding.record($0, at: now)
        },
      deletes: health.intakesWithMissingMedication,
      events: [
        Self.event(opened.journal.id, kind: "journal", id: opened.journal.id, action: "repaired")
      ])
    try await database.auralystStore.changeAuralyst(
      journalID: opened.journal.id, reading: [], at: now
    ) { _ in change }
    return health
  }

  /// Adds a checked export file's records to the journal under new ids, all in one
  /// transaction; the journal's symptom list gains the file's symptoms.
  func importFile(_ file: JournalImport, into opened: Opened) async throws -> JournalExport {
    try opened.access.require(.owner, what: "journal")
    var symptoms = opened.journal.symptoms
    for name in file.export.journal.symptoms
    where !symptoms.contains(where: { $0.lowercased() == name.lowercased() }) {
      symptoms.append(name)
    }
    symptoms = try Self.symptoms(symptoms)
    let copy = file.export.copies(
      into: opened.journal.id, authorID: opened.user.id, newID: env.newID)
    let now = env.now()
    let journalID = opened.journal.id
    let puts =
      copy.entries.map {
        AuralystRecordCoding.record(Self.canonicalSymptoms($0, symptoms), at: now)
      }
      + copy.medications.map { AuralystRecordCoding.record($0, at: now) }
      + copy.intakes.map { AuralystRecordCoding.record($0, journalID: journalID, at: now) }
      + copy.notes.map { AuralystRecordCoding.record($0, at: now) }
    let (factors, values) = try await factorsToImport(copy, into: opened)
    let change = AuralystChange(
      puts: puts, symptoms: symptoms, factors: factors, factorValues: values,
      events: [Self.event(journalID, kind: "journal", id: journalID, action: "imported")])
    try await database.auralystStore.changeAuralyst(journalID: journalID, reading: [], at: now) {
      _ in change
    }
    try await AuralystDoseReminders(env: env).sync(journalID: journalID)
    return copy
  }

  /// Ratings named as the journal's list names them ("headache" from an old file is the list's
  /// "Headache").
  static func canonicalSymptoms(_ entry: SymptomEntry, _ symptoms: [String]) -> SymptomEntry {
    var entry = entry
    let names = Dictionary(
      symptoms.map { ($0.lowercased(), $0) }, uniquingKeysWith: { first, _ in first })
    entry.symptomSeverities = Dictionary(
      entry.symptomSeverities.map { (names[$0.key.lowercased()] ?? $0.key, $0.value) },
      uniquingKeysWith: { first, _ in first })
    return entry
  }
}

extension AuralystRecord.Kind {
  var noun: String {
    switch self {
    case .entry: "entry"
    case .medication: "medication"
    case .intake: "intake"
    case .note: "note"
    }
  }
}
