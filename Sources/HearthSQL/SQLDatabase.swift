import Foundation

/// Statements inside one transaction: what they read includes what the transaction wrote.
public protocol SQLTransaction: Sendable {
  var dialect: SQLDialect { get }
  func rows(_ sql: SQL) async throws -> [SQLRow]
  func execute(_ sql: SQL) async throws
}

extension SQLTransaction {
  public func row(_ sql: SQL) async throws -> SQLRow? { try await rows(sql).first }
}

/// The database as the apps' stores use it: one idiom on both engines. A change reads what it
/// needs, decides in pure code, then writes with its events, all inside `transaction`.
public protocol SQLDatabase: Sendable {
  var dialect: SQLDialect { get }
  /// Runs `body` in a transaction that holds the database's write lock (SQLite) or the rows it
  /// locks (PostgreSQL): committed when it returns, rolled back when it throws.
  func transaction<Result: Sendable>(
    _ body: @Sendable (any SQLTransaction) async throws -> Result
  ) async throws -> Result
  /// A transaction a crash of the machine may lose, where the engine can commit it faster that
  /// way (SQLite, without syncing the file: never after a later write that did sync, since the
  /// log keeps their order); elsewhere an ordinary `transaction`.
  func unflushedTransaction<Result: Sendable>(
    _ body: @Sendable (any SQLTransaction) async throws -> Result
  ) async throws -> Result
  /// Reads outside any transaction.
  func rows(_ sql: SQL) async throws -> [SQLRow]
  /// Runs one statement that writes, committed on its own, and returns the rows of its
  /// `RETURNING` clause: one round trip on PostgreSQL.
  @discardableResult
  func write(_ sql: SQL) async throws -> [SQLRow]
}

extension SQLDatabase {
  public func row(_ sql: SQL) async throws -> SQLRow? { try await rows(sql).first }

  public func unflushedTransaction<Result: Sendable>(
    _ body: @Sendable (any SQLTransaction) async throws -> Result
  ) async throws -> Result {
    try await transaction(body)
  }
}
