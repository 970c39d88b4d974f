import Foundation
import HearthPlatform
import HearthServer
import Testing

/// Makes a fresh, migrated database of one backend for one test.
struct StoreFactory: Sendable, CustomTestStringConvertible {
  var name: String
  var make:
    @Sendable () async throws -> (database: any HearthDatabase, cleanUp: @Sendable () -> Void)

  var testDescription: String { name }

  /// Every backend this run can test: SQLite always, PostgreSQL when `HEARTH_TEST_DATABASE_URL`
  /// is set. Without it, CI (`CI=true`) and `HEARTH_REQUIRE_POSTGRES=1` get a PostgreSQL case
  /// that fails, so a missing database never passes silently.
  static let all: [StoreFactory] = {
    let environment = ProcessInfo.processInfo.environment
    var factories = [sqlite]
    if let url = postgresURL {
      factories.append(postgres(url: url))
    } else if environment["CI"] == "true" || environment["HEARTH_REQUIRE_POSTGRES"] == "1" {
      factories.append(missingPostgres)
    }
    return factories
  }()

  /// `HEARTH_TEST_DATABASE_URL`, when set.
  static let postgresURL: String? = ProcessInfo.processInfo.environment["HEARTH_TEST_DATABASE_URL"]
    .flatMap { $0.isEmpty ? nil : $0 }

  static let sqlite = StoreFactory(name: "sqlite") {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("hearth-store-tests", isDirectory: true)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let path = directory.appendingPathComponent("\(UUID().uuidString).sqlite").path
    let database = try SQLiteDatabase(path: path)
    try await database.migrate(HearthServer.schemas)
    return (
      database,
      {
        for suffix in ["", "-wal", "-shm", "-journal"] {
          try? FileManager.default.removeItem(atPath: path + suffix)
        }
      }
    )
  }

  static func postgres(url: String) -> StoreFactory {
    StoreFactory(name: "postgresql") {
      let database = try PostgresDatabase(url: url)
      do {
        try await database.resetSchema()
        try await database.migrate(HearthServer.schemas)
      } catch {
        try? await database.close()
        throw error
      }
      return (database, {})
    }
  }

  static let missingPostgres = StoreFactory(name: "postgresql") {
    struct MissingDatabase: Error, CustomStringConvertible {
      var description: String {
        "HEARTH_TEST_DATABASE_URL is not set, but CI=true or HEARTH_REQUIRE_POSTGRES=1 requires the "
          + "PostgreSQL conformance tests. Start a database with "
          + "`export HEARTH_TEST_DATABASE_URL=$(scripts/pg-throwaway start /tmp/pgtest)`."
      }
    }
    throw MissingDatabase()
  }

  /// Runs `body` on a fresh database and closes it afterwards, whether `body` throws or not.
  func withDatabase(_ body: (any HearthDatabase) async throws -> Void) async throws {
    let (database, cleanUp) = try await make()
    defer { cleanUp() }
    do {
      try await body(database)
    } catch {
      try? await database.close()
      throw error
    }
    try await database.close()
  }
}
