import Foundation
import HearthSQL

/// The event log, written once for both databases. The dialects number events differently:
/// SQLite's one writer lets the row id do it; PostgreSQL takes the next number from the single
/// row of `event_counter`, whose row lock makes a second writer wait until the first commits, so
/// sequence numbers become visible in increasing order and a reader resuming after its last
/// sequence misses nothing. A rolled-back append also rolls back its number: no gaps.
extension SQLTransaction {
  public func appendEvents(_ events: [NewEvent], at: Date) async throws {
    for event in events { try await appendEvent(event, at: at) }
  }

  /// Appends to the platform's event log, committed with the change it reports; returns the
  /// event's sequence. PostgreSQL's listeners hear of it at commit.
  @discardableResult
  public func appendEvent(_ event: NewEvent, at: Date) async throws -> Int64 {
    var sequence: Int64?
    if dialect == .postgres {
      guard
        let counter = try await row(
          "UPDATE event_counter SET value = value + 1 RETURNING value")
      else { throw StoreError.unreadable("event_counter has no row; run the migrations") }
      sequence = try counter["value"] as Int64
    }
    var user: String?
    var resource: ResourceRef?
    switch event.audience {
    case .user(let id): user = id
    case .resource(let ref): resource = ref
    }
    guard
      let inserted = try await row(
        """
        INSERT INTO events (seq, type, audience_user, res_app, res_kind, res_id, payload,
          created_at)
        VALUES (\(sequence), \(event.type), \(user), \(resource?.app), \(resource?.kind),
          \(resource?.id), \(event.payload), \(at))
        RETURNING seq
        """)
    else { throw StoreError.unreadable("events returned no sequence") }
    let appended: Int64 = try inserted["seq"]
    if dialect == .postgres {
      try await execute(
        """
        SELECT pg_notify(\(NotifyChannel.events),
          \(AccountEvents.notification(sequence: appended, event)))
        """)
    }
    return appended
  }
}

extension HearthDatabase {
  @discardableResult
  public func appendEvent(_ event: NewEvent, at: Date) async throws -> Int64 {
    try await transaction { try await $0.appendEvent(event, at: at) }
  }

  public func events(after cursor: Int64, limit: Int) async throws -> [Event] {
    try await rows(
      """
      SELECT seq, type, audience_user, res_app, res_kind, res_id, payload, created_at
      FROM events WHERE seq > \(cursor) ORDER BY seq LIMIT \(max(0, limit))
      """
    ).map(Event.init(row:))
  }

  public func latestSequence() async throws -> Int64 {
    // PostgreSQL's counter, since deleting an account may delete the newest events.
    guard
      let latest = try await row(
        .dialect(
          sqlite: "SELECT MAX(seq) AS value FROM events",
          postgres: "SELECT value FROM event_counter"))
    else { return 0 }
    let value: Int64? = try latest["value"]
    return value ?? 0
  }
}

extension Event {
  init(row: SQLRow) throws {
    let sequence: Int64 = try row["seq"]
    let audience: Audience
    if let user: String = try row["audience_user"] {
      audience = .user(user)
    } else if let app: String = try row["res_app"], let kind: String = try row["res_kind"],
      let id: String = try row["res_id"]
    {
      audience = .resource(ResourceRef(app: app, kind: kind, id: id))
    } else {
      throw StoreError.unreadable("event \(sequence) has no audience")
    }
    self.init(
      sequence: sequence, type: try row["type"], audience: audience, payload: try row["payload"],
      createdAt: try row["created_at"])
  }
}
