import Foundation
import GRDB

extension SQLiteDatabase {
  public func createUser(_ user: User) async throws {
    do {
      try await write { db in
        try db.execute(
          sql: """
            INSERT INTO users (id, email, phone, display_name, password_hash, time_zone, is_admin,
              disabled, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
            """,
          arguments: [
            user.id, user.email, user.phone, user.displayName, user.passwordHash, user.timeZone,
            user.isAdmin, user.disabled, user.createdAt.sqliteValue,
          ])
      }
    } catch { throw mapUniqueViolation(error) }
  }

  public func user(id: String) async throws -> User? {
    try await read { db in try Self.fetchUser(db, "id = ?", [id]) }
  }

  public func user(email: String) async throws -> User? {
    try await read { db in try Self.fetchUser(db, "email = ?", [email]) }
  }

  public func user(phone: String) async throws -> User? {
    try await read { db in try Self.fetchUser(db, "phone = ?", [phone]) }
  }

  public func users() async throws -> [User] {
    try await read { db in
      try Row.fetchAll(db, sql: "SELECT * FROM users ORDER BY created_at, id").map(Self.user(from:))
    }
  }

  public func updateUser(_ user: User, from original: User) async throws {
    let changed = user.changedColumns(from: original)
    guard !changed.isEmpty else { return }
    let assignments = changed.map { "\($0.column) = ?" }.joined(separator: ", ")
    var values: [(any DatabaseValueConvertible)?] = changed.map { _, value in
      switch value {
      case .text(let text): text
      case .flag(let flag): flag
      }
    }
    values.append(user.id)
    let arguments = StatementArguments(values)
    do {
      try await write { db in
        try db.execute(sql: "UPDATE users SET \(assignments) WHERE id = ?", arguments: arguments)
        if db.changesCount == 0 { throw StoreError.notFound }
        try Self.insertEvent(db, AccountEvents.updated(userID: user.id), at: Date())
      }
    } catch { throw mapUniqueViolation(error) }
  }

  public func deleteUser(id: String, formerlyOwned: [ResourceRef]) async throws {
    let cleanup = accountCleanup.withLock { $0 }
    try await transaction {
      try await $0.deleteAccount(id: id, cleanup: cleanup, formerlyOwned: formerlyOwned)
    }
  }

  package static func fetchUser(
    _ db: Database, _ condition: String, _ arguments: StatementArguments
  )
    throws -> User?
  {
    try Row.fetchOne(db, sql: "SELECT * FROM users WHERE \(condition)", arguments: arguments)
      .map(user(from:))
  }

  package static func user(from row: Row) -> User {
    User(
      id: row["id"], email: row["email"], displayName: row["display_name"], phone: row["phone"],
      passwordHash: row["password_hash"], timeZone: row["time_zone"], isAdmin: row["is_admin"],
      disabled: row["disabled"], createdAt: row.date("created_at"))
  }
}
