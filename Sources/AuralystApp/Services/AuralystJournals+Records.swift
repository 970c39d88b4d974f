import AuralystCore
import Foundation
import HearthCore
import HearthPlatform

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
      throw APIErrorResponse(.invalid(field, "This journal has no medication \(id)."))
    }
    return medication
  }

  /// Stores a new record. The same id sent again (an entry made offline, retried) answers the
  /// stored record instead of adding a second one.
  func add(_ record: AuralystRecord, to opened: Opened) async throws -> (
    record: AuralystRecord, created: Bool
  ) {
    try opened.access.require(.write, what: "journal")
    if let existing = try await existing(record) { return (existing, false) }
    do {
      try await database.auralystStore.writeAuralyst(
        journalID: opened.journal.id, AuralystWrite(puts: [record], insertOnly: true),
        events: [
          Self.event(
            opened.journal.id, kind: record.kind.rawValue, id: record.id, action: "created")
        ],
        at: env.now())
    } catch StoreError.duplicate {
      if let existing = try await existing(record) { return (existing, false) }
      throw APIErrorResponse(.conflict("id", "That id is taken."))
    }
    return (record, true)
  }

  private func existing(_ record: AuralystRecord) async throws -> AuralystRecord? {
    guard let stored = try await database.auralystStore.auralystRecord(id: record.id) else {
      return nil
    }
    guard stored.journalID == record.journalID, stored.kind == record.kind else {
      throw APIErrorResponse(.conflict("id", "That id is taken."))
    }
    return stored
  }

  /// Replaces a record its author (or the owner) changed.
  func replace(_ record: AuralystRecord, in opened: Opened, authorID: String) async throws {
    try opened.requireAuthor(of: authorID)
    try await database.auralystStore.writeAuralyst(
      journalID: opened.journal.id, AuralystWrite(puts: [record]),
      events: [
        Self.event(opened.journal.id, kind: record.kind.rawValue, id: record.id, action: "updated")
      ],
      at: env.now())
  }

  /// Removes a record: an entry's intakes and notes stay, without it; a medication's intakes go
  /// with it.
  func remove(_ record: AuralystRecord, in opened: Opened) async throws {
    try opened.requireAuthor(of: record.authorID)
    var write = AuralystWrite(deletes: [record.id])
    switch record.kind {
    case .entry: write.detachFrom = [record.id]
    case .medication:
      write.deleteIntakesOf = [record.id]
      // A collaborator's own medication may hold others' doses, which are not theirs to delete.
      if !opened.isOwner { write.intakesOnlyBy = opened.user.id }
    case .intake, .note: break
    }
    do {
      try await database.auralystStore.writeAuralyst(
        journalID: opened.journal.id, write,
        events: [
          Self.event(
            opened.journal.id, kind: record.kind.rawValue, id: record.id, action: "deleted")
        ],
        at: env.now())
    } catch StoreError.conflict {
      throw APIErrorResponse(
        APIError(
          status: 403, code: "forbidden",
          message:
            "Others have logged doses of this medication; only the journal's owner can delete it."
        ))
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
      notes: try all.compactMap(AuralystRecordCoding.note))
  }

  func insights(_ opened: Opened, window: InsightWindow) async throws -> Insights {
    let now = env.now()
    // A day more than the window on each side covers any zone's offset.
    let from = window.days.map { now.addingTimeInterval(-Double($0 + 2) * 86_400) }
    let rows = try await records(opened, [.entry, .intake], from: from, until: now)
    return Insights(
      journal: opened.journal, entries: try rows.compactMap(AuralystRecordCoding.entry),
      medications: try await medications(opened),
      intakes: try rows.compactMap(AuralystRecordCoding.intake), window: window, now: now)
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
    var write = AuralystWrite(deletes: health.intakesWithMissingMedication)
    write.puts =
      repaired.intakes.filter { touched.contains($0.id) }.map {
        AuralystRecordCoding.record($0, journalID: opened.journal.id, at: now)
      }
      + repaired.notes.filter { touched.contains($0.id) }.map {
        AuralystRecordCoding.record($0, at: now)
      }
    try await database.auralystStore.writeAuralyst(
      journalID: opened.journal.id, write,
      events: [
        Self.event(opened.journal.id, kind: "journal", id: opened.journal.id, action: "repaired")
      ],
      at: now)
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
    try await database.auralystStore.writeAuralyst(
      journalID: journalID, AuralystWrite(puts: puts, symptoms: symptoms),
      events: [Self.event(journalID, kind: "journal", id: journalID, action: "imported")], at: now)
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
