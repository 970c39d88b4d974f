import Foundation
import GRDB

extension SQLiteDatabase {
  public func createSession(_ session: Session) async throws {
    do {
      try await transaction { try await $0.insertSession(session) }
    } catch { throw mapUniqueViolation(error) }
  }

  public func session(id: String) async throws -> Session? {
    try await read { db in
      try Row.fetchOne(db, sql: "SELECT * FROM sessions WHERE id = ?", arguments: [id])
        .map(Self.session(from:))
    }
  }

  public func session(tokenHash: String) async throws -> Session? {
    try await read { db in
      try Row.fetchOne(
        db, sql: "SELECT * FROM sessions WHERE token_hash = ?", arguments: [tokenHash]
      )
      .map(Self.session(from:))
    }
  }

  public func sessions(userID: String) async throws -> [Session] {
    try await read { db in
      try Row.fetchAll(
        db, sql: "SELECT * FROM sessions WHERE user_id = ? ORDER BY created_at DESC, id",
        arguments: [userID]
      ).map(Self.session(from:))
    }
  }

  public func touchSession(id: String, at: Date) async throws {
    try await write { db in
      try db.execute(
        sql: "UPDATE sessions SET last_seen_at = ? WHERE id = ?", arguments: [at.sqliteValue, id])
    }
  }

  public func revokeSession(id: String, userID: String, at: Date) async throws -> Bool {
    try await transaction { try await $0.revokeSession(id: id, userID: userID, at: at) }
  }

  public func revokeSessions(userID: String, kind: SessionKind?, at: Date) async throws {
    try await write { db in
      try db.execute(
        sql: """
          UPDATE sessions SET revoked_at = ?
          WHERE user_id = ? AND revoked_at IS NULL AND (? IS NULL OR kind = ?)
          """,
        arguments: [at.sqliteValue, userID, kind?.rawValue, kind?.rawValue])
      if db.changesCount > 0 {
        try Self.insertEvent(db, AccountEvents.sessionEnded(userID: userID, sessionID: nil), at: at)
      }
    }
  }

  package static func session(from row: Row) -> Session {
    Session(
      id: row["id"], userID: row["user_id"], kind: SessionKind(rawValue: row["kind"]) ?? .web,
      tokenHash: row["token_hash"], csrfToken: row["csrf_token"], label: row["label"],
      createdAt: row.date("created_at"), lastSeenAt: row.date("last_seen_at"),
      expiresAt: row.date("expires_at"), revokedAt: row.optionalDate("revoked_at"))
  }
}
