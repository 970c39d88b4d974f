import AuralystCore
import Foundation
import HearthPlatform
import PostgresNIO

extension HearthPlatform.PostgresDatabase {
  public func createAuralystJournal(_ journal: Journal, events: [NewEvent], at: Date) async throws {
    try await transaction { connection in
      let logger = self.logger
      let symptoms = AuralystStoreSupport.encodeSymptoms(journal.symptoms)
      try await connection.run(
        """
        INSERT INTO auralyst_journals (id, owner_id, title, time_zone, symptoms, created_at,
          updated_at)
        VALUES (\(journal.id), \(journal.ownerID), \(journal.title), \(journal.timeZone),
          \(symptoms), \(journal.createdAt), \(at))
        """, logger: logger)
      let ref = AuralystStoreSupport.resource(journal.id)
      try await connection.run(
        """
        INSERT INTO shares (app, kind, resource_id, owner_id, title, created_at)
        VALUES (\(ref.app), \(ref.kind), \(ref.id), \(journal.ownerID), \(journal.title),
          \(journal.createdAt))
        """, logger: logger)
      for event in events {
        _ = try await Self.appendEvent(event, at: at, on: connection, logger: logger)
      }
    }
  }

  public func auralystJournal(id: String) async throws -> Journal? {
    try await queryRows(
      """
      SELECT id, owner_id, title, time_zone, symptoms, created_at FROM auralyst_journals
      WHERE id = \(id)
      """
    ).first.map(Self.journal(from:))
  }

  public func auralystJournals(userID: String) async throws -> [Journal] {
    try await queryRows(
      """
      SELECT id, owner_id, title, time_zone, symptoms, created_at FROM auralyst_journals
      WHERE owner_id = \(userID) OR id IN (
        SELECT resource_id FROM participants
        WHERE app = 'auralyst' AND kind = 'journal' AND user_id = \(userID)
          AND status = 'accepted')
      ORDER BY created_at, id
      """
    ).map(Self.journal(from:))
  }

  public func updateAuralystJournal(_ journal: Journal, events: [NewEvent], at: Date) async throws {
    try await transaction { connection in
      let logger = self.logger
      let symptoms = AuralystStoreSupport.encodeSymptoms(journal.symptoms)
      let updated = try await connection.rows(
        """
        UPDATE auralyst_journals SET title = \(journal.title), time_zone = \(journal.timeZone),
          symptoms = \(symptoms), updated_at = \(at)
        WHERE id = \(journal.id) RETURNING id
        """, logger: logger)
      guard !updated.isEmpty else { throw StoreError.notFound }
      let ref = AuralystStoreSupport.resource(journal.id)
      try await connection.run(
        """
        UPDATE shares SET title = \(journal.title)
        WHERE app = \(ref.app) AND kind = \(ref.kind) AND resource_id = \(ref.id)
        """, logger: logger)
      for event in events {
        _ = try await Self.appendEvent(event, at: at, on: connection, logger: logger)
      }
    }
  }

  public func deleteAuralystJournal(id: String, events: [NewEvent], at: Date) async throws {
    try await transaction { connection in
      let logger = self.logger
      let ref = AuralystStoreSupport.resource(id)
      try await connection.run("DELETE FROM auralyst_journals WHERE id = \(id)", logger: logger)
      try await connection.run(
        """
        DELETE FROM shares
        WHERE app = \(ref.app) AND kind = \(ref.kind) AND resource_id = \(ref.id)
        """, logger: logger)
      for event in events {
        _ = try await Self.appendEvent(event, at: at, on: connection, logger: logger)
      }
    }
  }

  public func auralystRecords(
    journalID: String, kinds: [AuralystRecord.Kind], from: Date?, until: Date?
  ) async throws -> [AuralystRecord] {
    var query: PostgresQuery = """
      SELECT id, journal_id, kind, author_id, timestamp, entry_id, medication_id, body,
        updated_at
      FROM auralyst_records WHERE journal_id = \(journalID) AND kind = ANY(\(kinds.map(\.rawValue)))
      """
    if let from {
      query.sql += " AND timestamp >= $\(query.binds.count + 1)"
      query.binds.append(from)
    }
    if let until {
      query.sql += " AND timestamp <= $\(query.binds.count + 1)"
      query.binds.append(until)
    }
    query.sql += " ORDER BY timestamp, id"
    return try await queryRows(query).map(Self.record(from:))
  }

  public func auralystRecord(id: String) async throws -> AuralystRecord? {
    try await queryRows(
      """
      SELECT id, journal_id, kind, author_id, timestamp, entry_id, medication_id, body,
        updated_at
      FROM auralyst_records WHERE id = \(id)
      """
    ).first.map(Self.record(from:))
  }

  /// Puts go in batches of many rows per statement: an import of thousands of rows is a few
  /// round trips, not one per row.
  public func writeAuralyst(
    journalID: String, _ change: AuralystWrite, events: [NewEvent], at: Date
  ) async throws {
    try await transaction { connection in
      let logger = self.logger
      var start = 0
      while start < change.puts.count {
        let batch = change.puts[start..<min(start + 500, change.puts.count)]
        start += batch.count
        var binds = PostgresBindings(capacity: batch.count * 9)
        var rows: [String] = []
        for record in batch {
          let first = binds.count
          rows.append("(" + (1...9).map { "$\(first + $0)" }.joined(separator: ", ") + ")")
          binds.append(record.id)
          binds.append(journalID)
          binds.append(record.kind.rawValue)
          binds.append(record.authorID)
          binds.append(record.timestamp)
          binds.append(record.entryID)
          binds.append(record.medicationID)
          binds.append(record.body)
          binds.append(record.updatedAt)
        }
        let conflict =
          change.insertOnly
          ? "ON CONFLICT (id) DO NOTHING"
          : """
          ON CONFLICT (id) DO UPDATE SET kind = EXCLUDED.kind, author_id = EXCLUDED.author_id,
            timestamp = EXCLUDED.timestamp, entry_id = EXCLUDED.entry_id,
            medication_id = EXCLUDED.medication_id, body = EXCLUDED.body,
            updated_at = EXCLUDED.updated_at
          WHERE auralyst_records.journal_id = EXCLUDED.journal_id
          """
        let query = PostgresQuery(
          unsafeSQL: """
            INSERT INTO auralyst_records (id, journal_id, kind, author_id, timestamp, entry_id,
              medication_id, body, updated_at)
            VALUES \(rows.joined(separator: ", "))
            \(conflict)
            RETURNING id
            """, binds: binds)
        let written = try await connection.rows(query, logger: logger)
        guard written.count == batch.count else { throw StoreError.duplicate("id") }
      }
      if !change.deletes.isEmpty {
        try await connection.run(
          """
          DELETE FROM auralyst_records
          WHERE journal_id = \(journalID) AND id = ANY(\(change.deletes))
          """, logger: logger)
      }
      if let author = change.intakesOnlyBy, !change.deleteIntakesOf.isEmpty {
        let others =
          try await connection.rows(
            """
            SELECT count(*) FROM auralyst_records
            WHERE journal_id = \(journalID) AND kind = 'intake'
              AND medication_id = ANY(\(change.deleteIntakesOf)) AND author_id <> \(author)
            """, logger: logger
          ).first?.decode(Int.self) ?? 0
        if others > 0 { throw StoreError.conflict("intakes") }
      }
      if !change.deleteIntakesOf.isEmpty {
        try await connection.run(
          """
          DELETE FROM auralyst_records
          WHERE journal_id = \(journalID) AND kind = 'intake'
            AND medication_id = ANY(\(change.deleteIntakesOf))
          """, logger: logger)
      }
      if let symptoms = change.symptoms.map(AuralystStoreSupport.encodeSymptoms) {
        try await connection.run(
          """
          UPDATE auralyst_journals SET symptoms = \(symptoms), updated_at = \(at)
          WHERE id = \(journalID)
          """, logger: logger)
      }
      if !change.detachFrom.isEmpty {
        try await connection.run(
          """
          UPDATE auralyst_records SET entry_id = NULL
          WHERE journal_id = \(journalID) AND entry_id = ANY(\(change.detachFrom))
          """, logger: logger)
      }
      for event in events {
        _ = try await Self.appendEvent(event, at: at, on: connection, logger: logger)
      }
    }
  }

  static func journal(from row: PostgresRow) throws -> Journal {
    let (id, ownerID, title, timeZone, symptoms, createdAt) = try row.decode(
      (String, String, String, String, String, Date).self)
    return Journal(
      id: id, ownerID: ownerID, title: title, timeZone: timeZone,
      symptoms: AuralystStoreSupport.decodeSymptoms(symptoms), createdAt: createdAt)
  }

  static func record(from row: PostgresRow) throws -> AuralystRecord {
    let (id, journalID, kind, authorID, timestamp, entryID, medicationID, body, updatedAt) =
      try row.decode(
        (String, String, String, String, Date, String?, String?, String, Date).self)
    return AuralystRecord(
      id: id, journalID: journalID, kind: AuralystRecord.Kind(rawValue: kind) ?? .entry,
      authorID: authorID, timestamp: timestamp, entryID: entryID, medicationID: medicationID,
      body: body, updatedAt: updatedAt)
  }
}
