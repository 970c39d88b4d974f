import Foundation
import HearthPlatform
import HearthSQL

extension OnpuSQLStore: OnpuAppleStore {
  func appleLink(subject: String) async throws -> OnpuAppleLink? {
    try await database.row("\(Self.appleSelect) WHERE subject = \(subject)").map(Self.appleLinkRow)
  }

  func appleLink(userID: String) async throws -> OnpuAppleLink? {
    try await database.row("\(Self.appleSelect) WHERE user_id = \(userID)").map(Self.appleLinkRow)
  }

  func linkApple(_ link: OnpuAppleLink) async throws -> OnpuAppleLink {
    try await database.transaction { tx in
      let inserted = try await tx.row(
        """
        INSERT INTO onpu_apple_ids (subject, user_id, email, created_at)
        VALUES (\(link.subject), \(link.userID), \(link.email), \(link.createdAt))
        ON CONFLICT DO NOTHING RETURNING subject
        """)
      if inserted != nil { return link }
      let holder = try await tx.row(
        """
        \(Self.appleSelect) WHERE subject = \(link.subject) OR user_id = \(link.userID)
        ORDER BY CASE WHEN subject = \(link.subject) THEN 0 ELSE 1 END LIMIT 1
        """)
      guard let holder else { throw StoreError.conflict("apple") }
      return try Self.appleLinkRow(holder)
    }
  }

  func unlinkApple(userID: String) async throws -> Bool {
    try await database.transaction { tx in
      try await !tx.rows("DELETE FROM onpu_apple_ids WHERE user_id = \(userID) RETURNING subject")
        .isEmpty
    }
  }

  static let appleSelect: SQL =
    "SELECT subject, user_id, email, created_at FROM onpu_apple_ids"

  static func appleLinkRow(_ row: SQLRow) throws -> OnpuAppleLink {
    OnpuAppleLink(
      subject: try row["subject"], userID: try row["user_id"], email: try row["email"],
      createdAt: try row["created_at"])
  }
}
