import AuralystCore
import Foundation
import GRDB
import HearthPlatform

extension SQLiteDatabase {
  public func createAuralystJournal(_ journal: Journal, events: [NewEvent], at: Date) async throws {
    try await write { db in
      try db.execute(
        sql: """
          INSERT INTO auralystJournal (id, ownerID, title, timeZone, symptoms, createdAt, updatedAt)
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
          INSERT INTO share (app, kind, resourceID, ownerID, title, createdAt)
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
      try Row.fetchOne(db, sql: "SELECT * FROM auralystJournal WHERE id = ?", arguments: [id])
        .map(Self.journal(from:))
    }
  }

  public func auralystJournals(userID: String) async throws -> [Journal] {
    try await read { db in
      try Row.fetchAll(
        db,
        sql: """
          SELECT * FROM auralystJournal WHERE ownerID = ? OR id IN (
            SELECT resourceID FROM participant
            WHERE app = 'auralyst' AND kind = 'journal' AND userID = ? AND status = 'accepted')
          ORDER BY createdAt, id
          """, arguments: [userID, userID]
      ).map(Self.journal(from:))
    }
  }

  public func updateAuralystJournal(_ journal: Journal, events: [NewEvent], at: Date) async throws {
    try await write { db in
      try db.execute(
        sql:
          "UPDATE auralystJournal SET title = ?, timeZone = ?, symptoms = ?, updatedAt = ? WHERE id = ?",
        arguments: [
          journal.title, journal.timeZone, AuralystStoreSupport.encodeSymptoms(journal.symptoms),
          at.sqliteValue, journal.id,
        ])
      guard db.changesCount == 1 else { throw StoreError.notFound }
      try db.execute(
        sql: "UPDATE share SET title = ? WHERE app = ? AND kind = ? AND resourceID = ?",
        arguments: [journal.title] + Self.key(AuralystStoreSupport.resource(journal.id)))
      for event in events { _ = try Self.insertEvent(db, event, at: at) }
    }
  }

  public func deleteAuralystJournal(id: String, events: [NewEvent], at: Date) async throws {
    try await write { db in
      try db.execute(sql: "DELETE FROM auralystJournal WHERE id = ?", arguments: [id])
      try db.execute(
        sql: "DELETE FROM share WHERE app = ? AND kind = ? AND resourceID = ?",
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
      var sql = "SELECT * FROM auralystRecord WHERE journalID = ? AND kind IN (\(marks))"
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
      try Row.fetchOne(db, sql: "SELECT * FROM auralystRecord WHERE id = ?", arguments: [id])
        .map(Self.record(from:))
    }
  }

  public func writeAuralyst(
    journalID: String, _ change: AuralystWrite, events: [NewEvent], at: Date
  ) async throws {
    try await write { db in
      let put = try db.cachedStatement(
        sql: """
          INSERT INTO auralystRecord (id, journalID, kind, authorID, timestamp, entryID,
            medicationID, body, updatedAt)
          VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)

          """
            + (change.insertOnly
              ? "ON CONFLICT (id) DO NOTHING"
              : """
              ON CONFLICT (id) DO UPDATE SET kind = excluded.kind, authorID = excluded.authorID,
                timestamp = excluded.timestamp, entryID = excluded.entryID,
                medicationID = excluded.medicationID, body = excluded.body,
                updatedAt = excluded.updatedAt
              WHERE auralystRecord.journalID = excluded.journalID
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
          sql: "DELETE FROM auralystRecord WHERE journalID = ? AND id = ?",
          arguments: [journalID, id])
      }
      if let author = change.intakesOnlyBy {
        for medicationID in change.deleteIntakesOf {
          let others = try Int.fetchOne(
            db,
            sql: """
              SELECT COUNT(*) FROM auralystRecord
              WHERE journalID = ? AND medicationID = ? AND kind = 'intake' AND authorID <> ?
              """, arguments: [journalID, medicationID, author])
          if others ?? 0 > 0 { throw StoreError.conflict("intakes") }
        }
      }
      for medicationID in change.deleteIntakesOf {
        try db.execute(
          sql:
            "DELETE FROM auralystRecord WHERE journalID = ? AND medicationID = ? AND kind = 'intake'",
          arguments: [journalID, medicationID])
      }
      if let symptoms = change.symptoms {
        try db.execute(
          sql: "UPDATE auralystJournal SET symptoms = ?, updatedAt = ? WHERE id = ?",
          arguments: [AuralystStoreSupport.encodeSymptoms(symptoms), at.sqliteValue, journalID])
      }
      for entryID in change.detachFrom {
        try db.execute(
          sql: "UPDATE auralystRecord SET entryID = NULL WHERE journalID = ? AND entryID = ?",
          arguments: [journalID, entryID])
      }
      for event in events { _ = try Self.insertEvent(db, event, at: at) }
    }
  }

  static func journal(from row: Row) -> Journal {
    Journal(
      id: row["id"], ownerID: row["ownerID"], title: row["title"], timeZone: row["timeZone"],
      symptoms: AuralystStoreSupport.decodeSymptoms(row["symptoms"]),
      createdAt: row.date("createdAt"))
  }

  static func record(from row: Row) -> AuralystRecord {
    AuralystRecord(
      id: row["id"], journalID: row["journalID"],
      kind: AuralystRecord.Kind(rawValue: row["kind"]) ?? .entry, authorID: row["authorID"],
      timestamp: row.date("timestamp"), entryID: row["entryID"], medicationID: row["medicationID"],
      body: row["body"], updatedAt: row.date("updatedAt"))
  }
}
