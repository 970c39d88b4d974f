import Foundation
import HearthSQL

/// The accounts, written once for both databases.
extension HearthDatabase {
  public func createUser(_ user: User) async throws {
    try await write(
      """
      INSERT INTO users (id, email, display_name, phone, password_hash, time_zone, is_admin,
        disabled, created_at)
      VALUES (\(user.id), \(user.email), \(user.displayName), \(user.phone), \(user.passwordHash),
        \(user.timeZone), \(user.isAdmin), \(user.disabled), \(user.createdAt))
      """)
  }

  /// Records that the account confirmed its email (`at`), or that its new address is not
  /// confirmed yet (nil); every process's caller cache forgets the account.
  public func setEmailVerified(userID: String, at date: Date?) async throws {
    try await transaction { tx in
      let changed =
        if let date {
          try await tx.row(
            """
            UPDATE users SET email_verified_at = \(date)
            WHERE id = \(userID) AND email_verified_at IS NULL RETURNING id
            """)
        } else {
          try await tx.row(
            "UPDATE users SET email_verified_at = NULL WHERE id = \(userID) RETURNING id")
        }
      if changed != nil {
        try await tx.appendEvent(AccountEvents.updated(userID: userID), at: Date())
      }
    }
  }

  public func user(id: String) async throws -> User? {
    try await row("\(User.select) WHERE id = \(id)").map(User.init(row:))
  }

  public func user(email: String) async throws -> User? {
    try await row("\(User.select) WHERE email = \(email)").map(User.init(row:))
  }

  public func user(phone: String) async throws -> User? {
    try await row("\(User.select) WHERE phone = \(phone)").map(User.init(row:))
  }

  public func users() async throws -> [User] {
    try await rows("\(User.select) ORDER BY created_at, id").map(User.init(row:))
  }

  public func updateUser(_ user: User, from original: User) async throws {
    let changed = user.changedColumns(from: original)
    guard !changed.isEmpty else { return }
    let assignments = SQL.joined(
      changed.map { column, value in
        switch value {
        case .text(let text): SQL(stringLiteral: column) + " = \(text)"
        case .flag(let flag): SQL(stringLiteral: column) + " = \(flag)"
        }
      })
    try await transaction { tx in
      guard
        try await tx.row("UPDATE users SET \(assignments) WHERE id = \(user.id) RETURNING id")
          != nil
      else { throw StoreError.notFound }
      try await tx.appendEvent(AccountEvents.updated(userID: user.id), at: Date())
    }
  }

  public func deleteUser(id: String, formerlyOwned: [ResourceRef]) async throws {
    let cleanup = accountCleanup
    try await transaction {
      try await $0.deleteAccount(id: id, cleanup: cleanup, formerlyOwned: formerlyOwned)
    }
  }
}

extension User {
  static let select: SQL = """
    SELECT id, email, display_name, phone, password_hash, time_zone, is_admin, disabled,
      created_at, email_verified_at
    FROM users
    """

  init(row: SQLRow) throws {
    self.init(
      id: try row["id"], email: try row["email"], displayName: try row["display_name"],
      phone: try row["phone"], passwordHash: try row["password_hash"],
      timeZone: try row["time_zone"], isAdmin: try row["is_admin"], disabled: try row["disabled"],
      createdAt: try row["created_at"], emailVerifiedAt: try row["email_verified_at"])
  }
}
