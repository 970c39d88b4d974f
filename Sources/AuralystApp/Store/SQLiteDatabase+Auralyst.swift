import AuralystCore
import Foundation
import GRDB
import HearthPlatform

extension SQLiteDatabase {
  public func createAuralystJournal(_ journal: Journal, events: [NewEvent], at: Date) async throws {
    try await write { db in
      try db.execute(
        sql: """
          INSERT INTO auralyst_journals (id, owner_id, title, time_zone, symptoms, created_at, updated_at)
          VALUES (?, ?, ?, ?, ?, ?, ?)
          """,
        arguments: [
          journal.id, journal.ownerID, journal.title, journal.timeZone,
          AuralystStoreSupport.encodeSymptoms(journal.symptoms), journal.createdAt.sqliteValue,
          at.sqliteValue,
        ])
      let share = AuralystStoreSupport.share(journal)
      try db.execute(
        sql: """
          INSERT INTO shares (app, kind, resource_id, owner_id, title, created_at)
          VALUES (?, ?, ?, ?, ?, ?)
          """,
        arguments: Self.key(share.resource) + [
          share.ownerID, share.title, share.createdAt.sqliteValue,
        ])
      for event in events { _ = try Self.insertEvent(db, event, at: at) }
    }
  }

  public func auralystJournal(id: String) async throws -> Journal? {
    try await read { db in
      try Row.fetchOne(db, sql: "SELECT * FROM auralyst_journals WHERE id = ?", arguments: [id])
        .map(Self.journal(from:))
    }
  }

  public func auralystJournals(userID: String) async throws -> [Journal] {
    try await read { db in
      try Row.fetchAll(
        db,
        sql: """
          SELECT * FROM auralyst_journals WHERE owner_id = ? OR id IN (
            SELECT resource_id FROM participants
            WHERE app = 'auralyst' AND kind = 'journal' AND user_id = ? AND status = 'accepted')
          ORDER BY created_at, id
          """, arguments: [userID, userID]
      ).map(Self.journal(from:))
    }
  }

  public func updateAuralystJournal(_ journal: Journal, events: [NewEvent], at: Date) async throws {
    try await write { db in
      try db.execute(
        sql:
          "UPDATE auralyst_journals SET title = ?, time_zone = ?, symptoms = ?, updated_at = ? WHERE id = ?",
        arguments: [
          journal.title, journal.timeZone, AuralystStoreSupport.encodeSymptoms(journal.symptoms),
          at.sqliteValue, journal.id,
        ])
      guard db.changesCount == 1 else { throw StoreError.notFound }
      try db.execute(
        sql: "UPDATE shares SET title = ? WHERE app = ? AND kind = ? AND resource_id = ?",
        arguments: [journal.title] + Self.key(AuralystStoreSupport.resource(journal.id)))
      for event in events { _ = try Self.insertEvent(db, event, at: at) }
    }
  }

  public func deleteAuralystJournal(id: String, events: [NewEvent], at: Date) async throws {
    try await write { db in
      try db.execute(sql: "DELETE FROM auralyst_journals WHERE id = ?", arguments: [id])
      try db.execute(
        sql: "DELETE FROM shares WHERE app = ? AND kind = ? AND resource_id = ?",
        arguments: Self.key(AuralystStoreSupport.resource(id)))
      for event in events { _ = try Self.insertEvent(db, event, at: at) }
    }
  }

  public func auralystRecords(
    journalID: String, kinds: [AuralystRecord.Kind], from: Date?, until: Date?
  ) async throws -> [AuralystRecord] {
    try await read { db in
      let marks = kinds.map { _ in "?" }.joined(separator: ", ")
      var arguments: StatementArguments = [journalID]
      arguments += StatementArguments(kinds.map(\.rawValue))
      var sql = "SELECT * FROM auralyst_records WHERE journal_id = ? AND kind IN (\(marks))"
      if let from {
        sql += " AND timestamp >= ?"
        arguments += [from.sqliteValue]
      }
      if let until {
        sql += " AND timestamp <= ?"
        arguments += [until.sqliteValue]
      }
      sql += " ORDER BY timestamp, id"
      return try Row.fetchAll(db, sql: sql, arguments: arguments).map(Self.record(from:))
    }
  }

  public func auralystRecord(id: String) async throws -> AuralystRecord? {
    try await read { db in
      try Row.fetchOne(db, sql: "SELECT * FROM auralyst_records WHERE id = ?", arguments: [id])
        .map(Self.record(from:))
    }
  }

  public func writeAuralyst(
    journalID: String, _ change: AuralystWrite, events: [NewEvent], at: Date
  ) async throws {
    try await write { db in
      let put = try db.cachedStatement(
        sql: """
          INSERT INTO auralyst_records (id, journal_id, kind, author_id, timestamp, entry_id,
            medication_id, body, updated_at)
          VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)

          """
            + (change.insertOnly
              ? "ON CONFLICT (id) DO NOTHING"
              : """
              ON CONFLICT (id) DO UPDATE SET kind = excluded.kind, author_id = excluded.author_id,
                timestamp = excluded.timestamp, entry_id = excluded.entry_id,
                medication_id = excluded.medication_id, body = excluded.body,
                updated_at = excluded.updated_at
              WHERE auralyst_records.journal_id = excluded.journal_id
              """))
      for record in change.puts {
        try put.execute(
          arguments: StatementArguments(
            [
              record.id, journalID, record.kind.rawValue, record.authorID,
              record.timestamp.sqliteValue, record.entryID, record.medicationID, record.body,
              record.updatedAt.sqliteValue,
            ] as [(any DatabaseValueConvertible)?]))
        guard db.changesCount == 1 else { throw StoreError.duplicate("id") }
      }
      for id in change.deletes {
        try db.execute(
          sql: "DELETE FROM auralyst_records WHERE journal_id = ? AND id = ?",
          arguments: [journalID, id])
      }
      if let author = change.intakesOnlyBy {
        for medicationID in change.deleteIntakesOf {
          let others = try Int.fetchOne(
            db,
            sql: """
              SELECT COUNT(*) FROM auralyst_records
              WHERE journal_id = ? AND medication_id = ? AND kind = 'intake' AND author_id <> ?
              """, arguments: [journalID, medicationID, author])
          if others ?? 0 > 0 { throw StoreError.conflict("intakes") }
        }
      }
      for medicationID in change.deleteIntakesOf {
        try db.execute(
          sql:
            "DELETE FROM auralyst_records WHERE journal_id = ? AND medication_id = ? AND kind = 'intake'",
          arguments: [journalID, medicationID])
      }
      if let symptoms = change.symptoms {
        try db.execute(
          sql: "UPDATE auralyst_journals SET symptoms = ?, updated_at = ? WHERE id = ?",
          arguments: [AuralystStoreSupport.encodeSymptoms(symptoms), at.sqliteValue, journalID])
      }
      for entryID in change.detachFrom {
        try db.execute(
          sql: "UPDATE auralyst_records SET entry_id = NULL WHERE journal_id = ? AND entry_id = ?",
          arguments: [journalID, entryID])
      }
      for event in events { _ = try Self.insertEvent(db, event, at: at) }
    }
  }

  static func journal(from row: Row) -> Journal {
    Journal(
      id: row["id"], ownerID: row["owner_id"], title: row["title"], timeZone: row["time_zone"],
      symptoms: AuralystStoreSupport.decodeSymptoms(row["symptoms"]),
      createdAt: row.date("created_at"))
  }

  static func record(from row: Row) -> AuralystRecord {
    AuralystRecord(
      id: row["id"], journalID: row["journal_id"],
      kind: AuralystRecord.Kind(rawValue: row["kind"]) ?? .entry, authorID: row["author_id"],
      timestamp: row.date("timestamp"), entryID: row["entry_id"],
      medicationID: row["medication_id"],
      body: row["body"], updatedAt: row.date("updated_at"))
  }
}
