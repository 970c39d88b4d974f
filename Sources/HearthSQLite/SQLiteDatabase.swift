import Foundation
import GRDB
import HearthSQL
import Synchronization

/// The default store: one SQLite file in WAL mode, opened once per process.
public final class SQLiteDatabase: SQLEngine {
  package let pool: DatabasePool
  let learntCleanup = Mutex<[AccountCleanup]>([])
  let gate = SQLiteWriteGate()
  public let path: String
  public var accountCleanup: [AccountCleanup] { learntCleanup.withLock { $0 } }
  public var kindName: String { "sqlite" }

  public init(path: String) throws {
    let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    var configuration = Configuration()
    configuration.foreignKeysEnabled = true
    configuration.busyMode = .timeout(10)
    // `transaction` keeps BEGIN…COMMIT open across several accesses to the writer.
    configuration.allowsUnsafeTransactions = true
    configuration.prepareDatabase { db in
      try db.execute(sql: "PRAGMA synchronous = FULL")
    }
    pool = try DatabasePool(path: path, configuration: configuration)
    self.path = path
  }

  public func migrate(schemas: [AppSchema]) async throws {
    learntCleanup.withLock { $0 = schemas.map(\.accountCleanup) }
    try SQLiteMigrations.migrator(schemas).migrate(pool)
  }

  public func ping() async throws {
    _ = try await pool.read { db in try Int.fetchOne(db, sql: "SELECT 1") }
  }

  public func close() async throws {
    try pool.close()
  }

  /// Writes a consistent copy of the whole database to `destination`.
  public func backup(to destination: String) throws {
    let target = try DatabaseQueue(path: destination)
    try pool.backup(to: target)
    try target.close()
  }

  /// Runs `body` in an IMMEDIATE transaction, so that other processes on the file wait for it.
  package func write<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws
    -> T
  {
    // Straight to the writer's queue, so that writes follow each other with no hand-off
    // between them. Only a `transaction` keeps BEGIN open across its awaits: a write that finds
    // the connection inside one waits for that transaction's gate instead of joining it.
    if let result = try await pool.writeWithoutTransaction({ db -> T? in
      db.isInsideTransaction ? nil : try Self.immediate(db, body)
    }) {
      return result
    }
    return try await gate.holding {
      try await pool.writeWithoutTransaction { db in try Self.immediate(db, body) }
    }
  }

  private static func immediate<T>(_ db: Database, _ body: (Database) throws -> T) throws -> T {
    var result: T?
    try db.inTransaction(.immediate) {
      result = try body(db)
      return .commit
    }
    return result!
  }

  package func read<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws
    -> T
  {
    try await pool.read(body)
  }
}

package func mapUniqueViolation(_ error: any Error) -> any Error {
  guard let error = error as? DatabaseError,
    error.extendedResultCode == .SQLITE_CONSTRAINT_UNIQUE
  else { return error }
  let message = error.message ?? ""
  if message.contains(".email") { return StoreError.duplicate("email") }
  if message.contains(".phone") { return StoreError.duplicate("phone") }
  if message.contains(".token_hash") { return StoreError.duplicate("token") }
  return StoreError.duplicate("id")
}
