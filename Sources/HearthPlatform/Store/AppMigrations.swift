import PostgresNIO

/// An app's tables on both databases, in the order they were added.
public struct AppMigrations: Sendable {
  public var sqlite: [SQLiteMigration]
  public var postgres: [PostgresMigration]

  public init(sqlite: [SQLiteMigration], postgres: [PostgresMigration]) {
    self.sqlite = sqlite
    self.postgres = postgres
  }
}

/// One step of the SQLite schema, recorded under its identifier once applied.
public struct SQLiteMigration: Sendable {
  public var identifier: String
  public var sql: String

  public init(_ identifier: String, _ sql: String) {
    self.identifier = identifier
    self.sql = sql
  }
}

/// One step of the PostgreSQL schema, recorded under its version once applied. Versions are
/// unique across the platform and every app.
public struct PostgresMigration: Sendable {
  public var version: Int
  public var name: String
  public var statements: [PostgresQuery]

  public init(version: Int, name: String, statements: [PostgresQuery]) {
    self.version = version
    self.name = name
    self.statements = statements
  }
}
