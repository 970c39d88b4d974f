import AuralystCore
import Foundation
import HearthPlatform
import HearthSQL

/// Auralyst's tables, written once for SQLite and PostgreSQL. A change holds its journal (on
/// PostgreSQL the journal's row lock; SQLite's transaction holds the whole file), reads the
/// records it names, lets the pure `decide` say what to write, and writes it with its events.
struct AuralystSQLStore: AuralystStore {
  let database: any SQLDatabase

  /// Rows per multi-row statement, well under both engines' limits on bound parameters.
  private static let batchSize = 500

  func createAuralystJournal(_ journal: Journal, events: [NewEvent], at: Date) async throws {
    try await database.transaction { tx in
      let ref = AuralystStoreSupport.resource(journal.id)
      try await tx.execute(
        """
        INSERT INTO auralyst_journals (id, owner_id, title, time_zone, symptoms, created_at,
          updated_at, reminder_zone)
        VALUES (\(journal.id), \(journal.ownerID), \(journal.title), \(journal.timeZone),
          \(AuralystStoreSupport.encodeSymptoms(journal.symptoms)), \(journal.createdAt), \(at),
          \(journal.reminderZone.rawValue))
        """)
      try await tx.execute(
        """
        INSERT INTO shares (app, kind, resource_id, owner_id, title, created_at)
        VALUES (\(ref.app), \(ref.kind), \(ref.id), \(journal.ownerID), \(journal.title),
          \(journal.createdAt))
        """)
      try await tx.appendEvents(events, at: at)
    }
  }

  func auralystJournal(id: String) async throws -> Journal? {
    try await database.row("SELECT \(Self.journalColumns) FROM auralyst_journals WHERE id = \(id)")
      .map(Self.journal)
  }

  func auralystJournals(userID: String) async throws -> [Journal] {
    try await database.rows(
      """
      SELECT \(Self.journalColumns) FROM auralyst_journals
      WHERE owner_id = \(userID) OR id IN (
        SELECT resource_id FROM participants
        WHERE app = 'auralyst' AND kind = 'journal' AND user_id = \(userID)
          AND status = 'accepted')
      ORDER BY created_at, id
      """
    ).map(Self.journal)
  }

  func updateAuralystJournal(_ journal: Journal, events: [NewEvent], at: Date) async throws {
    try await database.transaction { tx in
      let ref = AuralystStoreSupport.resource(journal.id)
      let updated = try await tx.rows(
        """
        UPDATE auralyst_journals SET title = \(journal.title), time_zone = \(journal.timeZone),
          symptoms = \(AuralystStoreSupport.encodeSymptoms(journal.symptoms)), updated_at = \(at),
          reminder_zone = \(journal.reminderZone.rawValue),
          dose_grace_minutes = \(journal.doseGraceMinutes)
        WHERE id = \(journal.id) RETURNING id
        """)
      guard !updated.isEmpty else { throw StoreError.notFound }
      try await tx.execute(
        """
        UPDATE shares SET title = \(journal.title)
        WHERE app = \(ref.app) AND kind = \(ref.kind) AND resource_id = \(ref.id)
        """)
      try await tx.appendEvents(events, at: at)
    }
  }

  func deleteAuralystJournal(id: String, events: [NewEvent], at: Date) async throws {
    try await database.transaction { tx in
      let ref = AuralystStoreSupport.resource(id)
      try await tx.execute("DELETE FROM auralyst_journals WHERE id = \(id)")
      try await tx.execute(
        """
        DELETE FROM shares WHERE app = \(ref.app) AND kind = \(ref.kind) AND resource_id = \(ref.id)
        """)
      try await tx.appendEvents(events, at: at)
    }
  }

  func auralystRecords(
    journalID: String, kinds: [AuralystRecord.Kind], from: Date?, until: Date?
  ) async throws -> [AuralystRecord] {
    var sql: SQL = """
      SELECT \(Self.recordColumns) FROM auralyst_records
      WHERE journal_id = \(journalID) AND kind IN \(list: kinds.map(\.rawValue))
      """
    if let from { sql += " AND timestamp >= \(from)" }
    if let until { sql += " AND timestamp <= \(until)" }
    sql += " ORDER BY timestamp, id"
    return try await database.rows(sql).map(Self.record)
  }

  func auralystRecord(id: String) async throws -> AuralystRecord? {
    try await database.row("SELECT \(Self.recordColumns) FROM auralyst_records WHERE id = \(id)")
      .map(Self.record)
  }

  func changeAuralyst(
    journalID: String, reading ids: [String], at: Date,
    decide: @escaping @Sendable ([AuralystRecord]) throws -> AuralystChange
  ) async throws -> [AuralystRecord] {
    try await database.transaction { tx in
      let lock: SQL = .dialect(sqlite: "", postgres: " FOR UPDATE")
      guard
        let journal = try await tx.row(
          "SELECT time_zone FROM auralyst_journals WHERE id = \(journalID)\(lock)")
      else { throw StoreError.notFound }
      let zone: String = try journal["time_zone"]
      let stored =
        ids.isEmpty
        ? []
        : try await tx.rows(
          """
          SELECT \(Self.recordColumns) FROM auralyst_records
          WHERE id IN \(list: ids) OR (journal_id = \(journalID) AND kind = 'intake'
            AND medication_id IN \(list: ids))
          ORDER BY timestamp, id
          """
        ).map(Self.record)
      let change = try decide(stored)
      let replaced = try await AuralystSupplySQL.intakesReplaced(by: change, in: journalID, tx)
      try await Self.write(change.inserts, into: journalID, zone: zone, replacing: false, tx)
      try await Self.write(change.puts, into: journalID, zone: zone, replacing: true, tx)
      for batch in change.deletes.chunks(of: Self.batchSize) {
        try await tx.execute(
          "DELETE FROM auralyst_records WHERE journal_id = \(journalID) AND id IN \(list: batch)")
      }
      for batch in change.detachFrom.chunks(of: Self.batchSize) {
        try await tx.execute(
          """
          UPDATE auralyst_records SET entry_id = NULL
          WHERE journal_id = \(journalID) AND entry_id IN \(list: batch)
          """)
      }
      if let symptoms = change.symptoms {
        try await tx.execute(
          """
          UPDATE auralyst_journals
          SET symptoms = \(AuralystStoreSupport.encodeSymptoms(symptoms)), updated_at = \(at)
          WHERE id = \(journalID)
          """)
      }
      try await AuralystFactorSQLStore.write(
        change.factors, change.factorValues, into: journalID, at: at, tx)
      try await AuralystSupplySQL.settle(change, replaced: replaced, in: journalID, at: at, tx)
      try await tx.appendEvents(change.events, at: at)
      return stored
    }
  }

  /// Inserts the records, or with `replacing` also replaces those of the same id in this
  /// journal. An id taken elsewhere (or at all, without `replacing`) throws
  /// `StoreError.duplicate("id")`, which rolls the whole change back. A new record is made in
  /// `zone` (the journal's now) unless it says otherwise; a replaced one keeps its own.
  private static func write(
    _ records: [AuralystRecord], into journalID: String, zone: String, replacing: Bool,
    _ tx: any SQLTransaction
  ) async throws {
    let conflict: SQL =
      replacing
      ? """
      ON CONFLICT (id) DO UPDATE SET kind = excluded.kind, author_id = excluded.author_id,
        timestamp = excluded.timestamp, entry_id = excluded.entry_id,
        medication_id = excluded.medication_id, body = excluded.body,
        updated_at = excluded.updated_at
      WHERE auralyst_records.journal_id = excluded.journal_id
      """
      : "ON CONFLICT (id) DO NOTHING"
    for batch in records.chunks(of: batchSize) {
      let rows = batch.map { record in
        SQL(
          """
          (\(record.id), \(journalID), \(record.kind.rawValue), \(record.authorID),
            \(record.timestamp), \(record.entryID), \(record.medicationID), \(record.body),
            \(record.updatedAt), \(record.timeZone ?? zone))
          """)
      }
      let written = try await tx.rows(
        """
        INSERT INTO auralyst_records (id, journal_id, kind, author_id, timestamp, entry_id,
          medication_id, body, updated_at, time_zone)
        VALUES \(SQL.joined(rows))
        \(conflict)
        RETURNING id
        """)
      guard written.count == batch.count else { throw StoreError.duplicate("id") }
    }
  }

  private static let journalColumns: SQL =
    "id, owner_id, title, time_zone, symptoms, created_at, reminder_zone, dose_grace_minutes"

  func auralystSupplies(journalID: String) async throws -> [MedicationSupply] {
    try await AuralystSupplySQL.supplies(journalID, database.rows)
  }

  static let recordColumns: SQL =
    "id, journal_id, kind, author_id, timestamp, entry_id, medication_id, body, updated_at, time_zone"

  private static func journal(_ row: SQLRow) throws -> Journal {
    Journal(
      id: try row["id"], ownerID: try row["owner_id"], title: try row["title"],
      timeZone: try row["time_zone"],
      symptoms: try AuralystStoreSupport.decodeSymptoms(row["symptoms"]),
      createdAt: try row["created_at"],
      reminderZone: try row.decode(Journal.ReminderZone.self, "reminder_zone"),
      doseGraceMinutes: try (row["dose_grace_minutes"] as Int64?).map { Int($0) })
  }

  static func record(_ row: SQLRow) throws -> AuralystRecord {
    AuralystRecord(
      id: try row["id"], journalID: try row["journal_id"],
      kind: try row.decode(AuralystRecord.Kind.self, "kind"), authorID: try row["author_id"],
      timestamp: try row["timestamp"], entryID: try row["entry_id"],
      medicationID: try row["medication_id"], body: try row["body"],
      updatedAt: try row["updated_at"], timeZone: try row["time_zone"])
  }
}

extension Array {
  func chunks(of size: Int) -> [ArraySlice<Element>] {
    stride(from: 0, to: count, by: size).map { self[$0..<Swift.min($0 + size, count)] }
  }
}
