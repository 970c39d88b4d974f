/// An app's tables on both databases: the migrations that made them, in the order they were
/// added, and what deleting an account must remove from them.
public struct AppSchema: Sendable {
  /// Names the PostgreSQL migrations' numbering: the app's id.
  public var namespace: String
  public var sqlite: [SQLiteMigration]
  public var postgres: [PostgresMigration]
  public var accountCleanup: AccountCleanup

  public init(
    namespace: String, sqlite: [SQLiteMigration], postgres: [PostgresMigration],
    accountCleanup: AccountCleanup = AccountCleanup { _ in [] }
  ) {
    self.namespace = namespace
    self.sqlite = sqlite
    self.postgres = postgres
    self.accountCleanup = accountCleanup
  }
}

/// Statements that remove what a person owns in an app's tables where no foreign key does, or
/// hand over what they leave in resources of others, run in the transaction that deletes the
/// account, before the account's shares and row go.
public struct AccountCleanup: Sendable {
  /// The account going.
  public struct Account: Sendable {
    public var id: String
    public var email: String
    public var phone: String?

    package init(id: String, email: String, phone: String?) {
      self.id = id
      self.email = email
      self.phone = phone
    }
  }

  public var statements: @Sendable (Account) -> [SQL]

  public init(_ statements: @escaping @Sendable (Account) -> [SQL]) {
    self.statements = statements
  }
}

/// One step of the SQLite schema, recorded under its identifier once applied.
public struct SQLiteMigration: Sendable {
  /// Epoch 1 is the schema before the naming convention (2026-11), with the platform's tables
  /// under their old names; new migrations belong to the current epoch.
  public static let currentEpoch = 2

  public var identifier: String
  public var epoch: Int
  public var sql: String

  public init(_ identifier: String, epoch: Int = currentEpoch, _ sql: String) {
    self.identifier = identifier
    self.epoch = epoch
    self.sql = sql
  }
}

/// One step of the PostgreSQL schema, recorded under its namespace and version once applied.
/// Versions count up from 1 in each namespace (the platform's, each app's).
public struct PostgresMigration: Sendable {
  public var version: Int
  public var name: String
  public var statements: [String]
  /// Its version in the one numbering the platform and every app shared until 2026-11, by
  /// which databases of then recorded it.
  public var shared: Int?

  public init(version: Int, shared: Int? = nil, name: String, statements: [String]) {
    self.version = version
    self.shared = shared
    self.name = name
    self.statements = statements
  }
}
