import Foundation
import HearthCore
import HearthSQL

/// Starting and ending sessions as statements of a transaction, written once for both
/// databases, so a refresh ends the old session and starts its successor together.
extension SQLTransaction {
  public func insertSession(_ session: Session) async throws {
    try await execute(
      """
      INSERT INTO sessions (id, user_id, kind, token_hash, csrf_token, label, created_at,
        last_seen_at, expires_at, revoked_at)
      VALUES (\(session.id), \(session.userID), \(session.kind.rawValue), \(session.tokenHash),
        \(session.csrfToken), \(session.label), \(session.createdAt), \(session.lastSeenAt),
        \(session.expiresAt), \(session.revokedAt))
      """)
  }

  /// Ends the session if it is the person's and still live; false when it was not.
  public func revokeSession(id: String, userID: String, at: Date) async throws -> Bool {
    let lock: SQL = dialect == .postgres ? " FOR UPDATE" : ""
    guard
      try await row(
        """
        SELECT id FROM sessions
        WHERE id = \(id) AND user_id = \(userID) AND revoked_at IS NULL AND expires_at > \(at)\(lock)
        """) != nil
    else { return false }
    try await execute("UPDATE sessions SET revoked_at = \(at) WHERE id = \(id)")
    try await appendEvent(AccountEvents.sessionEnded(userID: userID, sessionID: id), at: at)
    return true
  }
}

extension SQLDatabase {
  /// Ends session `id` and starts `next` in one transaction; false, with nothing written, when
  /// `id` was not live.
  public func rotateSession(id: String, userID: String, at: Date, to next: Session) async throws
    -> Bool
  {
    try await transaction { tx in
      guard try await tx.revokeSession(id: id, userID: userID, at: at) else { return false }
      try await tx.insertSession(next)
      return true
    }
  }
}
