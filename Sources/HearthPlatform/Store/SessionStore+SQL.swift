import Foundation
import HearthSQL

/// The sessions, written once for both databases; their writes are in `SessionWrites`.
extension HearthDatabase {
  public func createSession(_ session: Session) async throws {
    try await transaction { try await $0.insertSession(session) }
  }

  public func session(id: String) async throws -> Session? {
    try await row("\(Session.select) WHERE id = \(id)").map(Session.init(row:))
  }

  public func session(tokenHash: String) async throws -> Session? {
    try await row("\(Session.select) WHERE token_hash = \(tokenHash)").map(Session.init(row:))
  }

  /// Newest first.
  public func sessions(userID: String) async throws -> [Session] {
    try await rows("\(Session.select) WHERE user_id = \(userID) ORDER BY created_at DESC, id")
      .map(Session.init(row:))
  }

  public func touchSession(id: String, at: Date) async throws {
    try await write("UPDATE sessions SET last_seen_at = \(at) WHERE id = \(id)")
  }

  public func revokeSession(id: String, userID: String, at: Date) async throws -> Bool {
    try await transaction { try await $0.revokeSession(id: id, userID: userID, at: at) }
  }

  public func revokeSessions(userID: String, kind: SessionKind?, at: Date) async throws {
    let ofKind: SQL = kind.map { " AND kind = \($0.rawValue)" } ?? ""
    try await transaction { tx in
      let ended = try await tx.rows(
        """
        UPDATE sessions SET revoked_at = \(at)
        WHERE user_id = \(userID)\(ofKind) AND revoked_at IS NULL
        RETURNING id
        """)
      if !ended.isEmpty {
        try await tx.appendEvent(AccountEvents.sessionEnded(userID: userID, sessionID: nil), at: at)
      }
    }
  }
}

extension Session {
  static let select: SQL = """
    SELECT id, user_id, kind, token_hash, csrf_token, label, created_at, last_seen_at, expires_at,
      revoked_at
    FROM sessions
    """

  init(row: SQLRow) throws {
    self.init(
      id: try row["id"], userID: try row["user_id"], kind: try row.decode(SessionKind.self, "kind"),
      tokenHash: try row["token_hash"], csrfToken: try row["csrf_token"], label: try row["label"],
      createdAt: try row["created_at"], lastSeenAt: try row["last_seen_at"],
      expiresAt: try row["expires_at"], revokedAt: try row["revoked_at"])
  }
}
