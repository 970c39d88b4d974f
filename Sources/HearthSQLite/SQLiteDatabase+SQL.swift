import Foundation
import GRDB
import HearthSQL

/// The platform's statements, not GRDB's type of the same name.
typealias SQL = HearthSQL.SQL

extension SQLiteDatabase {
  public var dialect: SQLDialect { .sqlite }

  public func transaction<Result: Sendable>(
    _ body: @Sendable (any SQLTransaction) async throws -> Result
  ) async throws -> Result {
    try await transaction(unflushed: false, body)
  }

  public func unflushedTransaction<Result: Sendable>(
    _ body: @Sendable (any SQLTransaction) async throws -> Result
  ) async throws -> Result {
    try await transaction(unflushed: true, body)
  }

  /// An `unflushed` transaction commits without syncing the file: a crash of the machine may
  /// lose it, but never after a later write that did sync, since the log keeps their order.
  package func transaction<Result: Sendable>(
    unflushed: Bool, _ body: @Sendable (any SQLTransaction) async throws -> Result
  ) async throws -> Result {
    // The durability changes in the same call to the writer as BEGIN and COMMIT, so no other
    // write runs in between with the wrong one.
    let begin = unflushed ? "PRAGMA synchronous = NORMAL; BEGIN IMMEDIATE" : "BEGIN IMMEDIATE"
    let commit = unflushed ? "COMMIT; PRAGMA synchronous = FULL" : "COMMIT"
    return try await gate.holding {
      let transaction = SQLiteTransaction(pool: pool)
      do {
        try transaction.onWriter { db in try db.execute(sql: begin) }
        let result = try await body(transaction)
        try await pool.writeWithoutTransaction { db in try db.execute(sql: commit) }
        return result
      } catch {
        try? transaction.onWriter { db in
          if db.isInsideTransaction { try db.execute(sql: "ROLLBACK") }
          if unflushed { try db.execute(sql: "PRAGMA synchronous = FULL") }
        }
        throw mapUniqueViolation(error)
      }
    }
  }

  public func rows(_ sql: HearthSQL.SQL) async throws -> [SQLRow] {
    try await pool.read { db in try SQLiteTransaction.rows(db, sql) }
  }

  @discardableResult
  public func write(_ sql: HearthSQL.SQL) async throws -> [SQLRow] {
    do {
      return try await write { db in try SQLiteTransaction.rows(db, sql) }
    } catch { throw mapUniqueViolation(error) }
  }
}

/// Statements run on the write connection, which the transaction holds through the gate; they
/// run on the calling thread because nothing else can be using that connection.
struct SQLiteTransaction: SQLTransaction {
  let pool: DatabasePool
  var dialect: SQLDialect { .sqlite }

  func rows(_ sql: SQL) async throws -> [SQLRow] {
    try onWriter { db in try Self.rows(db, sql) }
  }

  func execute(_ sql: SQL) async throws {
    try onWriter { db in
      let (text, values) = sql.rendered(for: .sqlite)
      try db.execute(sql: text, arguments: Self.arguments(values))
    }
  }

  func onWriter<T>(_ body: (Database) throws -> T) throws -> T {
    try pool.writeWithoutTransaction(body)
  }

  static func rows(_ db: Database, _ sql: SQL) throws -> [SQLRow] {
    let (text, values) = sql.rendered(for: .sqlite)
    let cursor = try Row.fetchCursor(db, sql: text, arguments: arguments(values))
    var rows: [SQLRow] = []
    var columns: SQLColumns?
    while let row = try cursor.next() {
      let names = columns ?? SQLColumns(Array(row.columnNames))
      columns = names
      rows.append(SQLRow(columns: names, values: row.databaseValues.map(Self.value)))
    }
    return rows
  }

  static func arguments(_ values: [SQLValue]) -> StatementArguments {
    StatementArguments(
      values.map { value -> (any DatabaseValueConvertible)? in
        switch value {
        case .null: nil
        case .integer(let integer): integer
        case .real(let real): real
        case .text(let text): text
        case .bool(let bool): bool ? 1 : 0
        case .date(let date): date.timeIntervalSince1970
        case .texts(let texts):
          String(decoding: (try? JSONEncoder().encode(texts)) ?? Data(), as: UTF8.self)
        }
      })
  }

  static func value(_ value: DatabaseValue) -> SQLValue {
    switch value.storage {
    case .null: .null
    case .int64(let integer): .integer(integer)
    case .double(let real): .real(real)
    case .string(let text): .text(text)
    case .blob(let data): .text(String(decoding: data, as: UTF8.self))
    }
  }
}
