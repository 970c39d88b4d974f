import Foundation
import HearthEngines
import HearthPlatform
import HearthPostgres
import HearthSQL
import HearthSQLite
import Testing

/// Makes a fresh, migrated database of one backend for one test: the platform's tables and the
/// given apps'.
public struct StoreFactory: Sendable, CustomTestStringConvertible {
  public var name: String
  var isPostgres: Bool
  var make:
    @Sendable () async throws -> (database: any HearthDatabase, cleanUp: @Sendable () -> Void)

  public var testDescription: String { name }

  /// Every backend this run can test: SQLite always, PostgreSQL when `HEARTH_TEST_DATABASE_URL`
  /// is set. Without it, CI (`CI=true`) and `HEARTH_REQUIRE_POSTGRES=1` get a PostgreSQL case
  /// that fails, so a missing database never passes silently.
  public static func every(_ schemas: [AppSchema]) -> [StoreFactory] {
    var factories = [sqlite(schemas)]
    if let url = postgresURL {
      factories.append(postgres(url: url, schemas))
    } else if postgresRequired {
      factories.append(missingPostgres)
    }
    return factories
  }

  /// CI and `make test` must run the PostgreSQL cases: without a database they fail.
  public static let postgresRequired =
    ProcessInfo.processInfo.environment["CI"] == "true"
    || ProcessInfo.processInfo.environment["HEARTH_REQUIRE_POSTGRES"] == "1"

  /// `HEARTH_TEST_DATABASE_URL`, when set.
  public static let postgresURL: String? = ProcessInfo.processInfo.environment[
    "HEARTH_TEST_DATABASE_URL"
  ].flatMap { $0.isEmpty ? nil : $0 }

  static func sqlite(_ schemas: [AppSchema]) -> StoreFactory {
    StoreFactory(name: "sqlite", isPostgres: false) {
      let directory = FileManager.default.temporaryDirectory
        .appendingPathComponent("hearth-store-tests", isDirectory: true)
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      let path = directory.appendingPathComponent("\(UUID().uuidString).sqlite").path
      let database = try SQLiteDatabase(path: path)
      try await database.migrate(schemas)
      return (
        database,
        {
          for suffix in ["", "-wal", "-shm", "-journal"] {
            try? FileManager.default.removeItem(atPath: path + suffix)
          }
        }
      )
    }
  }

  static func postgres(url: String, _ schemas: [AppSchema]) -> StoreFactory {
    StoreFactory(name: "postgresql", isPostgres: true) {
      let database = try PostgresDatabase(url: url)
      do {
        try await database.resetSchema()
        try await database.migrate(schemas)
      } catch {
        try? await database.close()
        throw error
      }
      return (database, {})
    }
  }

  static let missingPostgres = StoreFactory(name: "postgresql", isPostgres: true) {
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
  /// PostgreSQL cases share one database, so they take turns across every suite.
  public func withDatabase(_ body: (any HearthDatabase) async throws -> Void) async throws {
    if isPostgres {
      try await SharedPostgres.exclusively { try await run(body) }
    } else {
      try await run(body)
    }
  }

  private func run(_ body: (any HearthDatabase) async throws -> Void) async throws {
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

/// The one test database of `HEARTH_TEST_DATABASE_URL`: every test that resets it or reads its
/// schema runs alone, whichever suite or test target it belongs to.
public enum SharedPostgres {
  private static let turns = Turns()

  public static func exclusively<T: Sendable>(_ body: () async throws -> T) async throws -> T {
    await turns.take()
    do {
      let result = try await body()
      await turns.pass()
      return result
    } catch {
      await turns.pass()
      throw error
    }
  }

  private actor Turns {
    var busy = false
    var waiting: [CheckedContinuation<Void, Never>] = []

    func take() async {
      guard busy else {
        busy = true
        return
      }
      await withCheckedContinuation { waiting.append($0) }
    }

    func pass() {
      if waiting.isEmpty { busy = false } else { waiting.removeFirst().resume() }
    }
  }
}
