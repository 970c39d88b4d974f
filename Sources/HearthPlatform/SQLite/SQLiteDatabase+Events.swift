import Foundation
import GRDB

extension SQLiteDatabase {
  @discardableResult
  public func appendEvent(_ event: NewEvent, at: Date) async throws -> Int64 {
    try await write { db in try Self.insertEvent(db, event, at: at) }
  }

  public func events(after cursor: Int64, limit: Int) async throws -> [Event] {
    try await read { db in
      try Row.fetchAll(
        db, sql: "SELECT * FROM events WHERE seq > ? ORDER BY seq LIMIT ?",
        arguments: [cursor, limit]
      ).map(Self.event(from:))
    }
  }

  public func latestSequence() async throws -> Int64 {
    try await read { db in try Int64.fetchOne(db, sql: "SELECT MAX(seq) FROM events") ?? 0 }
  }

  /// Every write that changes what someone sees calls this inside its own transaction.
  @discardableResult
  package static func insertEvent(_ db: Database, _ event: NewEvent, at: Date) throws -> Int64 {
    var user: String?
    var resource: ResourceRef?
    switch event.audience {
    case .user(let id): user = id
    case .resource(let ref): resource = ref
    }
    try db.execute(
      sql: """
        INSERT INTO events (type, audience_user, res_app, res_kind, res_id, payload, created_at)
        VALUES (?, ?, ?, ?, ?, ?, ?)
        """,
      arguments: [
        event.type, user, resource?.app, resource?.kind, resource?.id, event.payload,
        at.sqliteValue,
      ])
    return db.lastInsertedRowID
  }

  package static func event(from row: Row) -> Event {
    let audience: Audience
    if let user: String = row["audience_user"] {
      audience = .user(user)
    } else {
      audience = .resource(
        ResourceRef(app: row["res_app"], kind: row["res_kind"], id: row["res_id"]))
    }
    return Event(
      sequence: row["seq"], type: row["type"], audience: audience, payload: row["payload"],
      createdAt: row.date("created_at"))
  }
}
