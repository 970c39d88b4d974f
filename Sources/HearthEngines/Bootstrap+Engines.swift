import HearthCore
import HearthHost
import HearthPlatform
import HearthPostgres
import HearthSQLite
import Logging
import ServiceLifecycle

/// The engines as the platform's database: the one place that names both, so that nothing an
/// app depends on sees an engine.
extension SQLiteDatabase: HearthDatabase {}
extension PostgresDatabase: HearthDatabase {}

extension Bootstrap {
  /// Opens the configured database. `inServiceGroup`: a PostgreSQL pool waits for the caller's
  /// service group to run it (see `services(of:)`) instead of running itself.
  public static func openDatabase(
    _ config: HearthConfig, logger: Logger, inServiceGroup: Bool = false
  ) throws -> any HearthDatabase {
    switch config.database {
    case .sqlite(let path): try SQLiteDatabase(path: path)
    case .postgres(let url):
      try PostgresDatabase(url: url, logger: logger, runsItself: !inServiceGroup)
    }
  }

  /// What a service group must run for `database`: PostgreSQL's pool, SQLite nothing.
  public static func services(of database: any HearthDatabase) -> [any Service] {
    (database as? PostgresDatabase).map { [$0] } ?? []
  }

  /// Opens the configured database and builds the environment on it (`environment(_:apps:
  /// database:)`).
  public static func environment(_ config: HearthConfig, apps: [any HearthAppModule.Type])
    async throws -> HearthEnvironment
  {
    try await environment(
      config, apps: apps, database: openDatabase(config, logger: logger(config)))
  }

  public static func backupSQLite(_ database: any HearthDatabase, to path: String) throws {
    guard let sqlite = database as? SQLiteDatabase else {
      throw BootstrapError("Only SQLite databases can be backed up with hearth backup.")
    }
    try sqlite.backup(to: path)
  }
}
