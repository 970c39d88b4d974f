import Foundation
import GRDB

extension SQLiteDatabase {
  public func createSession(_ session: Session) async throws {
    do {
      try await write { db in
        try db.execute(
          sql: """
            INSERT INTO session (id, userID, kind, tokenHash, csrfToken, label, createdAt,
              lastSeenAt, expiresAt, revokedAt) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """,
          arguments: [
            session.id, session.userID, session.kind.rawValue, session.tokenHash,
            session.csrfToken, session.label, session.createdAt.sqliteValue,
            session.lastSeenAt.sqliteValue, session.expiresAt.sqliteValue,
            session.revokedAt?.sqliteValue,
          ])
      }
    } catch { throw mapUniqueViolation(error) }
  }

  public func session(id: String) async throws -> Session? {
    try await read { db in
      try Row.fetchOne(db, sql: "SELECT * FROM session WHERE id = ?", arguments: [id])
        .map(Self.session(from:))
    }
  }

  public func session(tokenHash: String) async throws -> Session? {
    try await read { db in
      try Row.fetchOne(db, sql: "SELECT * FROM session WHERE tokenHash = ?", arguments: [tokenHash])
        .map(Self.session(from:))
    }
  }

  public func sessions(userID: String) async throws -> [Session] {
    try await read { db in
      try Row.fetchAll(
        db, sql: "SELECT * FROM session WHERE userID = ? ORDER BY createdAt DESC, id",
        arguments: [userID]
      ).map(Self.session(from:))
    }
  }

  public func touchSession(id: String, at: Date) async throws {
    try await write { db in
      try db.execute(
        sql: "UPDATE session SET lastSeenAt = ? WHERE id = ?", arguments: [at.sqliteValue, id])
    }
  }

  public func revokeSession(id: String, userID: String, at: Date) async throws -> Bool {
    try await write { db in
      try db.execute(
        sql: """
          UPDATE session SET revokedAt = ?
          WHERE id = ? AND userID = ? AND revokedAt IS NULL AND expiresAt > ?
          """,
        arguments: [at.sqliteValue, id, userID, at.sqliteValue])
      return db.changesCount > 0
    }
  }

  public func revokeSessions(userID: String, kind: SessionKind?, at: Date) async throws {
    try await write { db in
      try db.execute(
        sql: """
          UPDATE session SET revokedAt = ?
          WHERE userID = ? AND revokedAt IS NULL AND (? IS NULL OR kind = ?)
          """,
        arguments: [at.sqliteValue, userID, kind?.rawValue, kind?.rawValue])
    }
  }

  package static func session(from row: Row) -> Session {
    Session(
      id: row["id"], userID: row["userID"], kind: SessionKind(rawValue: row["kind"]) ?? .web,
      tokenHash: row["tokenHash"], csrfToken: row["csrfToken"], label: row["label"],
      createdAt: row.date("createdAt"), lastSeenAt: row.date("lastSeenAt"),
      expiresAt: row.date("expiresAt"), revokedAt: row.optionalDate("revokedAt"))
  }
}
