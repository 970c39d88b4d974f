import Foundation
import PostgresNIO

extension PostgresDatabase {
  /// A constant select list, put in queries with `\(unescaped:)`.
  package static let selectUsers =
    "SELECT id, email, display_name, phone, password_hash, time_zone, is_admin, disabled, created_at FROM users"

  package static func user(from row: PostgresRow) throws -> User {
    let (id, email, displayName, phone, passwordHash, timeZone, isAdmin, disabled, createdAt) =
      try row.decode((String, String, String, String?, String, String, Bool, Bool, Date).self)
    return User(
      id: id, email: email, displayName: displayName, phone: phone, passwordHash: passwordHash,
      timeZone: timeZone, isAdmin: isAdmin, disabled: disabled, createdAt: createdAt)
  }

  public func createUser(_ user: User) async throws {
    _ = try await queryRows(
      """
      INSERT INTO users (id, email, display_name, phone, password_hash, time_zone, is_admin,
        disabled, created_at)
      VALUES (\(user.id), \(user.email), \(user.displayName), \(user.phone), \(user.passwordHash),
        \(user.timeZone), \(user.isAdmin), \(user.disabled), \(user.createdAt))
      """)
  }

  public func user(id: String) async throws -> User? {
    try await queryRows("\(unescaped: Self.selectUsers) WHERE id = \(id)").first.map(
      Self.user(from:))
  }

  public func user(email: String) async throws -> User? {
    try await queryRows("\(unescaped: Self.selectUsers) WHERE email = \(email)").first.map(
      Self.user(from:))
  }

  public func user(phone: String) async throws -> User? {
    try await queryRows("\(unescaped: Self.selectUsers) WHERE phone = \(phone)").first.map(
      Self.user(from:))
  }

  public func users() async throws -> [User] {
    try await queryRows("\(unescaped: Self.selectUsers) ORDER BY created_at, id").map(
      Self.user(from:))
  }

  public func updateUser(_ user: User, from original: User) async throws {
    let changed = user.changedColumns(from: original)
    guard !changed.isEmpty else { return }
    var bindings = PostgresBindings()
    var assignments: [String] = []
    for (index, (column, value)) in changed.enumerated() {
      assignments.append("\(column) = $\(index + 1)")
      switch value {
      case .text(let text): bindings.append(text)
      case .flag(let flag): bindings.append(flag)
      }
    }
    bindings.append(user.id)
    let update = PostgresQuery(
      unsafeSQL:
        "UPDATE users SET \(assignments.joined(separator: ", ")) WHERE id = $\(changed.count + 1) RETURNING id",
      binds: bindings)
    try await transaction { connection in
      let updated = try await connection.query(update, logger: logger).collect()
      if updated.isEmpty { throw StoreError.notFound }
      try await Self.appendEvent(
        AccountEvents.updated(userID: user.id), at: Date(), on: connection, logger: logger)
    }
  }

  /// Deletes the person; their sessions, participations and owned shares (with those shares'
  /// participants) go with them.
  public func deleteUser(id: String, formerlyOwned: [ResourceRef]) async throws {
    let cleanup = accountCleanup.withLock { $0 }
    try await transaction { (tx: any SQLTransaction) in
      try await tx.deleteAccount(id: id, cleanup: cleanup, formerlyOwned: formerlyOwned)
    }
  }
}
