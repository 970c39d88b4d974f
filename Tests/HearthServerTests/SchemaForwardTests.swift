import AuralystApp
import Foundation
import GRDB
import HearthEngines
import HearthPlatform
import HearthPostgres
import HearthSQLite
import HearthServer
import HearthTesting
import OnpuApp
import PostgresNIO
import RedoApp
import SofterApp
import Testing

/// Databases written by Hearth as of 2026-11 (Tests/Fixtures/schema-2026-11, made by its
/// make_fixture.py) migrate forward without losing a row or a value, and every app reads them.
@Suite(.serialized) struct SchemaForwardTests {
  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../Fixtures/schema-2026-11").standardized

  /// SQLite's old names: tables in the singular and camelCase, now PostgreSQL's names.
  static let renamedTables = [
    "user": "users", "session": "sessions", "share": "shares", "participant": "participants",
    "event": "events", "job": "jobs", "redoKey": "redo_keys", "redoNode": "redo_nodes",
    "softerRoom": "softer_rooms", "softerSeat": "softer_seats", "softerMessage": "softer_messages",
    "softerPayment": "softer_payments", "auralystJournal": "auralyst_journals",
    "auralystRecord": "auralyst_records", "onpuJob": "onpu_jobs", "onpuSong": "onpu_songs",
    "onpuClock": "onpu_clocks",
  ]

  /// `displayName` → `display_name`, `userID` → `user_id`.
  /// Columns added since the fixture was made: the value an old row takes on each database, or
  /// nil for one worked out from other rows (checked by reading it through its app, below).
  static let addedColumns: [String: [String: (sqlite: Int, postgres: Bool)?]] = [
    "users": ["email_verified_at": nil],
    // dose_grace_minutes: NULL on both (the default grace period), which the tuples cannot say.
    "auralyst_records": ["time_zone": nil],
    "auralyst_journals": ["reminder_zone": nil, "dose_grace_minutes": nil],
    "onpu_songs": ["translation_error": nil],
    "softer_seats": ["seated": (sqlite: 1, postgres: true)],
    "softer_rooms": [
      "message_count": nil, "turn_index": nil, "last_message_id": nil, "has_cenotaph": nil,
    ],
  ]

  static func withAddedColumns(
    _ row: [String: Any], table: String, _ value: ((sqlite: Int, postgres: Bool)) -> Any
  ) -> NSDictionary {
    let added = (addedColumns[table] ?? [:]).compactMapValues { $0.map(value) }
    return NSDictionary(dictionary: row.merging(added) { old, _ in old })
  }

  /// A row as read now, less the columns worked out from other rows.
  static func withoutWorkedOutColumns(_ row: NSDictionary, table: String) -> NSDictionary {
    let workedOut = (addedColumns[table] ?? [:]).filter { $0.value == nil }.keys
    let kept = (row as? [String: Any] ?? [:]).filter { !workedOut.contains($0.key) }
    return NSDictionary(dictionary: kept)
  }

  static func snakeCase(_ name: String) -> String {
    var result = ""
    var previous: Character?
    for character in name.replacingOccurrences(of: "ID", with: "Id") {
      if character.isUppercase, let previous, previous.isLowercase || previous.isNumber {
        result += "_"
      }
      result += character.lowercased()
      previous = character
    }
    return result
  }

  static func rows(_ file: String) throws -> [String: [[String: Any]]] {
    let data = try Data(contentsOf: fixtures.appendingPathComponent(file))
    return try #require(try JSONSerialization.jsonObject(with: data) as? [String: [[String: Any]]])
  }

  static func object(_ json: String) throws -> NSDictionary {
    try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? NSDictionary)
  }

  @Test func sqliteKeepsEveryRowUnderTheNewNames() async throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("schema-forward-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("hearth.sqlite").path
    try FileManager.default.copyItem(
      atPath: Self.fixtures.appendingPathComponent("hearth.sqlite").path, toPath: path)
    let database = try SQLiteDatabase(path: path)
    try await database.migrate(HearthServer.schemas)

    let before = try Self.rows("sqlite-rows.json")
    for (oldTable, oldRows) in before where oldTable != "grdb_migrations" {
      let table = try #require(Self.renamedTables[oldTable], "no new name for \(oldTable)")
      let expected = oldRows.map { row in
        Self.withAddedColumns(
          Dictionary(uniqueKeysWithValues: row.map { (Self.snakeCase($0.key), $0.value) }),
          table: table, \.sqlite)
      }
      let columns = try await database.read { db in
        try Row.fetchAll(db, sql: "PRAGMA table_info(\"\(table)\")").map { $0["name"] as String }
      }
      let pairs = columns.map { "'\($0)', \"\($0)\"" }.joined(separator: ", ")
      let after = try await database.read { db in
        try String.fetchAll(
          db, sql: "SELECT json_object(\(pairs)) FROM \"\(table)\" ORDER BY rowid")
      }.map { Self.withoutWorkedOutColumns(try Self.object($0), table: table) }
      #expect(after == expected, "\(oldTable) → \(table)")
    }
    let applied = try await database.read { db in
      try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations")
    }
    #expect(Set(applied).isSuperset(of: ["001-platform", "007-onpu-clock", "platform-snake-case"]))
    try await Self.everyAppReads(database, before: before, names: Self.snakeCase)
    try await database.close()
  }

  @Test(.enabled(if: StoreFactory.postgresURL != nil || StoreFactory.postgresRequired))
  func postgresKeepsEveryRow() async throws {
    let url = try #require(
      StoreFactory.postgresURL, "HEARTH_TEST_DATABASE_URL names the test database")
    try await SharedPostgres.exclusively {
      let loader = try PostgresDatabase(url: url)
      try await loader.resetSchema()
      let dump = try String(
        contentsOf: Self.fixtures.appendingPathComponent("postgres.sql"), encoding: .utf8)
      for statement in Self.statements(dump) {
        _ = try await loader.queryRows(PostgresQuery(unsafeSQL: statement))
      }
      try await loader.close()

      let database = try PostgresDatabase(url: url)
      try await database.migrate(HearthServer.schemas)
      let before = try Self.rows("postgres-rows.json")
      for (table, rows) in before {
        let expected = rows.map { Self.withAddedColumns($0, table: table, \.postgres) }
        let after = try await database.queryRows(
          PostgresQuery(unsafeSQL: "SELECT row_to_json(t)::text FROM \(table) t ORDER BY 1")
        ).map {
          Self.withoutWorkedOutColumns(try Self.object(try $0.decode(String.self)), table: table)
        }
        if table == "schema_migrations" {
          // The fixture's migrations are kept under their namespaces and versions now, applied
          // when they were; migrations added since add their own.
          let renumbered = try expected.map(Self.byNamespace)
          #expect(Set(renumbered).isSubset(of: Set(after)), "\(table)")
        } else {
          #expect(after == expected, "\(table)")
        }
      }
      try await Self.everyAppReads(database, before: before, names: { $0 })
      try await database.close()
    }
  }

  /// A database migrated to the last version of the one numbering (32) turns it into
  /// namespaces without running a migration again, keeps when each was applied, and then runs
  /// the migrations added since.
  @Test(.enabled(if: StoreFactory.postgresURL != nil || StoreFactory.postgresRequired))
  func postgresTurnsTheSharedNumberingIntoNamespaces() async throws {
    let url = try #require(
      StoreFactory.postgresURL, "HEARTH_TEST_DATABASE_URL names the test database")
    try await SharedPostgres.exclusively {
      let database = try PostgresDatabase(url: url)
      try await database.resetSchema()
      try await database.migrate(schemas: Self.sharedSchemas)
      let fresh = try await Self.recordedMigrations(database)
      #expect(fresh.count == Self.migrations.count)
      _ = try await database.queryRows(
        """
        CREATE TABLE shared (version integer PRIMARY KEY, name text NOT NULL,
          applied_at timestamptz NOT NULL)
        """)
      for (version, (namespace, migration)) in Self.migrations {
        _ = try await database.queryRows(
          """
          INSERT INTO shared SELECT \(version), name, applied_at - interval '1 day'
          FROM schema_migrations WHERE namespace = \(namespace) AND version = \(migration.version)
          """)
      }
      _ = try await database.queryRows("DROP TABLE schema_migrations")
      _ = try await database.queryRows("ALTER TABLE shared RENAME TO schema_migrations")

      try await database.migrate(HearthServer.schemas)
      let renumbered = try await Self.recordedMigrations(database)
      let later = (PlatformSchema.all + HearthServer.schemas).flatMap(\.postgres).filter {
        $0.shared == nil
      }
      #expect(renumbered.count == fresh.count + later.count)
      let kept = renumbered.filter { row in fresh.contains { $0.0 == row.0 } }
      #expect(kept.map(\.0) == fresh.map(\.0))
      #expect(zip(kept, fresh).allSatisfy { abs($1.1.timeIntervalSince($0.1) - 86_400) < 0.001 })
      try await database.close()
    }
  }

  static func recordedMigrations(_ database: HearthPostgres.PostgresDatabase) async throws -> [(
    String, Date
  )] {
    try await database.queryRows(
      "SELECT namespace || ' ' || version || ' ' || name, applied_at FROM schema_migrations ORDER BY 1"
    ).map { try $0.decode((String, Date).self) }
  }

  /// A `schema_migrations` row of the one numbering every module shared until 2026-11, as the
  /// namespace and version of the migration that had it.
  static func byNamespace(_ row: NSDictionary) throws -> NSDictionary {
    let shared = try #require(row["version"] as? Int)
    let (namespace, migration) = try #require(Self.migrations[shared], "version \(shared)")
    return NSDictionary(dictionary: [
      "namespace": namespace, "version": migration.version, "name": migration.name,
      "applied_at": row["applied_at"] ?? NSNull(),
    ])
  }

  /// The platform's and each app's schema as the one numbering left it: only the migrations
  /// that had a number in it.
  static let sharedSchemas = (PlatformSchema.all + HearthServer.schemas).map { schema in
    var shared = schema
    shared.postgres = schema.postgres.filter { $0.shared != nil }
    return shared
  }

  static let migrations = Dictionary(
    uniqueKeysWithValues: (PostgresMigrations.namespaces(PlatformSchema.all + HearthServer.schemas))
      .flatMap {
        namespace, migrations in
        migrations.compactMap { m in m.shared.map { ($0, (namespace, m)) } }
      })

  /// The statements of a plain pg_dump, less psql's commands and the schema it recreates.
  static func statements(_ dump: String) -> [String] {
    let lines = dump.split(separator: "\n", omittingEmptySubsequences: false).filter {
      !$0.hasPrefix("--") && !$0.hasPrefix("\\")
    }
    return lines.joined(separator: "\n").components(separatedBy: ";\n")
      .map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
      .filter { !$0.isEmpty && !$0.hasPrefix("CREATE SCHEMA public") }
  }

  /// Each store reads what the fixture holds: the accounts, their sessions and invitations,
  /// the events, the jobs, and each app's records.
  static func everyAppReads(
    _ database: any HearthDatabase, before: [String: [[String: Any]]],
    names: (String) -> String
  ) async throws {
    func table(_ old: String, _ new: String) -> [[String: Any]] {
      (before[old] ?? before[new] ?? []).map { row in
        Dictionary(uniqueKeysWithValues: row.map { (names($0.key), $0.value) })
      }
    }
    let users = table("user", "users")
    #expect(
      try await database.users().map(\.email).sorted()
        == users.compactMap { $0["email"] as? String }.sorted())
    for user in users {
      let id = try #require(user["id"] as? String)
      let sessions = try await database.sessions(userID: id)
      #expect(
        sessions.count
          == table("session", "sessions").filter { $0["user_id"] as? String == id }.count)
      _ = try await database.pendingInvitations(userID: id)
      _ = try await database.softerStore.softerRooms(userID: id)
      for journal in try await database.auralystStore.auralystJournals(userID: id) {
        #expect(journal.reminderZone == .home)
        let records = try await database.auralystStore.auralystRecords(
          journalID: journal.id, kinds: [.entry, .medication, .intake, .note], from: nil, until: nil
        )
        for record in records {
          #expect(record.timeZone == journal.timeZone, "record \(record.id) keeps its day")
          let read = [
            try AuralystRecordCoding.entry(record) != nil,
            try AuralystRecordCoding.medication(record) != nil,
            try AuralystRecordCoding.intake(record) != nil,
            try AuralystRecordCoding.note(record) != nil,
          ]
          #expect(read.filter { $0 }.count == 1, "record \(record.id)")
        }
      }
      _ = try await database.onpuStore.onpuSongs(ownerID: id)
    }
    #expect(
      try await database.events(after: 0, limit: 1000).count == table("event", "events").count)
    for job in table("job", "jobs") {
      #expect(try await database.job(id: try #require(job["id"] as? String)) != nil)
    }
    for room in table("softerRoom", "softer_rooms") {
      let record = try await database.softerStore.softerRoom(
        id: try #require(room["id"] as? String))
      #expect(record?.room.messages.count == table("softerMessage", "softer_messages").count)
      // The summary kept for the room list, worked out by the migration, is the whole room's.
      for userID in Set(record?.seats.values.map { $0 } ?? []) {
        let listing = try await database.softerStore.softerRoomListings(
          userID: userID, roomID: record?.id)
        #expect(listing == record.map { [SofterRoomListing($0)] })
      }
    }
    let tasks = Set(table("redoNode", "redo_nodes").compactMap { $0["task_id"] as? String })
    for task in tasks {
      #expect(try await database.redoStore.redoNodes(taskId: task).isEmpty == false)
    }
    for song in table("onpuSong", "onpu_songs") {
      let stored = try await database.onpuStore.onpuSong(id: try #require(song["id"] as? String))
      #expect(stored?.title == song["title"] as? String)
    }
  }
}
