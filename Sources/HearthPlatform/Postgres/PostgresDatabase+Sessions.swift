import Foundation
import PostgresNIO

extension PostgresDatabase {
  /// A constant select list, put in queries with `\(unescaped:)`.
  package static let selectSessions = """
    SELECT id, user_id, kind, token_hash, csrf_token, label, created_at, last_seen_at, expires_at,
      revoked_at
    FROM sessions
    """

  package static func session(from row: PostgresRow) throws -> Session {
    let (
      id, userID, kind, tokenHash, csrfToken, label, createdAt, lastSeenAt, expiresAt, revokedAt
    ) =
      try row.decode(
        (String, String, String, String, String, String, Date, Date, Date, Date?).self)
    guard let sessionKind = SessionKind(rawValue: kind) else {
      throw PostgresDataError("session \(id) has the unknown kind \(kind)")
    }
    return Session(
      id: id, userID: userID, kind: sessionKind, tokenHash: tokenHash, csrfToken: csrfToken,
      label: label, createdAt: createdAt, lastSeenAt: lastSeenAt, expiresAt: expiresAt,
      revokedAt: revokedAt)
  }

  public func createSession(_ session: Session) async throws {
    try await transaction { (tx: any SQLTransaction) in try await tx.insertSession(session) }
  }

  public func session(id: String) async throws -> Session? {
    try await queryRows("\(unescaped: Self.selectSessions) WHERE id = \(id)").first.map(
      Self.session(from:))
  }

  public func session(tokenHash: String) async throws -> Session? {
    try await queryRows("\(unescaped: Self.selectSessions) WHERE token_hash = \(tokenHash)").first
      .map(
        Self.session(from:))
  }

  /// Newest first.
  public func sessions(userID: String) async throws -> [Session] {
    try await queryRows(
      "\(unescaped: Self.selectSessions) WHERE user_id = \(userID) ORDER BY created_at DESC, id"
    ).map(Self.session(from:))
  }

  public func touchSession(id: String, at: Date) async throws {
    _ = try await queryRows("UPDATE sessions SET last_seen_at = \(at) WHERE id = \(id)")
  }

  public func revokeSession(id: String, userID: String, at: Date) async throws -> Bool {
    try await transaction { (tx: any SQLTransaction) in
      try await tx.revokeSession(id: id, userID: userID, at: at)
    }
  }

  public func revokeSessions(userID: String, kind: SessionKind?, at: Date) async throws {
    try await transaction { connection in
      let ended =
        if let kind {
          try await connection.rows(
            """
            UPDATE sessions SET revoked_at = \(at)
            WHERE user_id = \(userID) AND kind = \(kind.rawValue) AND revoked_at IS NULL
            RETURNING id
            """, logger: logger)
        } else {
          try await connection.rows(
            """
            UPDATE sessions SET revoked_at = \(at) WHERE user_id = \(userID) AND revoked_at IS NULL
            RETURNING id
            """, logger: logger)
        }
      if !ended.isEmpty {
        try await Self.appendEvent(
          AccountEvents.sessionEnded(userID: userID, sessionID: nil), at: at, on: connection,
          logger: logger)
      }
    }
  }
}

/// A row holds a value the records cannot represent (an unknown enum case).
package struct PostgresDataError: Error, CustomStringConvertible {
  package var description: String

  package init(_ description: String) { self.description = description }
}
