import Foundation
import HearthCore
import HearthSQL

/// Log-in attempts counted in the database, so that every process shares the counts and a
/// restart keeps them. An attempt is reserved before its password is checked, under a lock on
/// its keys, so simultaneous guesses cannot all slip under the limit while bcrypt runs. Keys are
/// stored hashed: the table holds no email or address.
package struct LoginLimits: Sendable {
  package struct Rule: Sendable {
    package var key: String
    var limit: Int
    var window: TimeInterval
    /// The email of the account the attempts are about, if any, so that deleting the account
    /// deletes them.
    var account: String? = nil

    package init(key: String, limit: Int, window: TimeInterval, account: String? = nil) {
      self.key = key
      self.limit = limit
      self.window = window
      self.account = account
    }
  }

  /// How attempts about an account are found (hashed like the keys).
  static func accountKey(_ email: String) -> String { TokenService.hash("account-key|\(email)") }

  package enum Reservation: Sendable {
    case granted(ids: [String])
    case wait(seconds: Int)
  }

  let database: any SQLDatabase
  let newID: @Sendable () -> String

  package init(database: any SQLDatabase, newID: @escaping @Sendable () -> String) {
    self.database = database
    self.newID = newID
  }

  /// Attempts, and the places people signed in from, are kept this long, then pruned.
  package static let kept: TimeInterval = 30 * 24 * 3600

  package func reserve(_ rules: [Rule], now: Date) async throws -> Reservation {
    let hashed = rules.map { (hash: TokenService.hash($0.key), rule: $0) }
    return try await database.transaction { tx in
      if tx.dialect == .postgres {
        for key in hashed.map(\.hash).sorted() {
          try await tx.execute("SELECT pg_advisory_xact_lock(hashtextextended(\(key), 0))")
        }
      }
      try await tx.execute(
        "DELETE FROM login_attempts WHERE at < \(now.addingTimeInterval(-Self.kept))")
      var wait = 0
      for (key, rule) in hashed {
        let since = now.addingTimeInterval(-rule.window)
        let recent: [Date] = try await tx.rows(
          "SELECT at FROM login_attempts WHERE key = \(key) AND at > \(since) ORDER BY at"
        ).map { try $0["at"] }
        if recent.count >= rule.limit, let oldest = recent.first {
          let seconds = oldest.addingTimeInterval(rule.window).timeIntervalSince(now)
          wait = max(wait, max(1, Int(seconds.rounded(.up))))
        }
      }
      if wait > 0 { return .wait(seconds: wait) }
      var ids: [String] = []
      for (key, rule) in hashed {
        let id = newID()
        ids.append(id)
        try await tx.execute(
          """
          INSERT INTO login_attempts (id, key, at, account_key)
          VALUES (\(id), \(key), \(now), \(rule.account.map(Self.accountKey)))
          """)
      }
      return .granted(ids: ids)
    }
  }

  /// A right password: its own reservation does not count, the failures under `forgiven` are
  /// forgotten, and `remembered` is noted (a place `account` signs in from).
  package func succeeded(
    ids: [String], forgiven: String, remembered: String, account: String, now: Date
  ) async throws {
    try await database.transaction { tx in
      for id in ids { try await tx.execute("DELETE FROM login_attempts WHERE id = \(id)") }
      try await tx.execute(
        "DELETE FROM login_attempts WHERE key = \(TokenService.hash(forgiven))")
      try await tx.execute(
        """
        INSERT INTO login_attempts (id, key, at, account_key)
        VALUES (\(newID()), \(TokenService.hash(remembered)), \(now), \(Self.accountKey(account)))
        """)
    }
  }

  /// The attempts about an account follow it to its new email.
  package func accountChanged(from old: String, to new: String) async throws {
    try await database.transaction { tx in
      try await tx.execute(
        """
        UPDATE login_attempts SET account_key = \(Self.accountKey(new))
        WHERE account_key = \(Self.accountKey(old))
        """)
    }
  }

  /// Reserved attempts that turned out right, which do not count.
  package func release(ids: [String]) async throws {
    try await database.transaction { tx in
      for id in ids { try await tx.execute("DELETE FROM login_attempts WHERE id = \(id)") }
    }
  }

  /// Whether `key` was noted within `window`.
  package func seen(_ key: String, within window: TimeInterval, now: Date) async throws -> Bool {
    try await database.row(
      """
      SELECT id FROM login_attempts
      WHERE key = \(TokenService.hash(key)) AND at > \(now.addingTimeInterval(-window))
      """) != nil
  }
}
