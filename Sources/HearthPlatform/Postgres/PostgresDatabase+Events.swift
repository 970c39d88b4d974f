import Foundation
import PostgresNIO

/// Events are numbered from the single row of `event_counter`, incremented in the transaction that
/// inserts the event. The row lock makes a second writer wait until the first commits, so
/// sequence numbers become visible in increasing order and a reader resuming after its last
/// sequence misses nothing. A rolled-back append also rolls back its number: no gaps.
extension PostgresDatabase: EventNotifying {
  @discardableResult
  public func appendEvent(_ event: NewEvent, at: Date) async throws -> Int64 {
    try await transaction { connection in
      try await Self.appendEvent(event, at: at, on: connection, logger: self.logger)
    }
  }

  /// Appends inside the caller's transaction, so the event commits with the change it reports.
  package static func appendEvent(
    _ event: NewEvent, at: Date, on connection: PostgresConnection, logger: Logger
  ) async throws -> Int64 {
    let counter = try await connection.rows(
      "UPDATE event_counter SET value = value + 1 RETURNING value", logger: logger)
    guard let sequence = try counter.first?.decode(Int64.self) else {
      throw PostgresDataError("event_counter has no row; run the migrations")
    }
    var user: String?
    var resource: ResourceRef?
    switch event.audience {
    case .user(let id): user = id
    case .resource(let ref): resource = ref
    }
    try await connection.run(
      """
      INSERT INTO events (seq, type, audience_user, res_app, res_kind, res_id, payload, created_at)
      VALUES (\(sequence), \(event.type), \(user), \(resource?.app), \(resource?.kind),
        \(resource?.id), \(event.payload), \(at))
      """, logger: logger)
    try await connection.run(
      "SELECT pg_notify(\(Self.eventChannel), \(AccountEvents.notification(sequence: sequence, event)))",
      logger: logger)
    return sequence
  }

  public func events(after cursor: Int64, limit: Int) async throws -> [Event] {
    try await queryRows(
      """
      SELECT seq, type, audience_user, res_app, res_kind, res_id, payload, created_at
      FROM events WHERE seq > \(cursor) ORDER BY seq LIMIT \(max(0, limit))
      """
    ).map { row in
      let (sequence, type, user, app, kind, id, payload, createdAt) = try row.decode(
        (Int64, String, String?, String?, String?, String?, String, Date).self)
      let audience: Audience
      if let user {
        audience = .user(user)
      } else if let app, let kind, let id {
        audience = .resource(ResourceRef(app: app, kind: kind, id: id))
      } else {
        throw PostgresDataError("event \(sequence) has no audience")
      }
      return Event(
        sequence: sequence, type: type, audience: audience, payload: payload, createdAt: createdAt)
    }
  }

  package static let eventChannel = "hearth_events"

  /// Holds one connection that LISTENs for appends made by any process on this database.
  public func listenForEvents(_ wake: @escaping @Sendable (String?) -> Void) async throws {
    await runStarted.value
    do {
      try await client.withConnection { connection in
        try await connection.listen(on: Self.eventChannel) { notifications in
          wake(nil)
          for try await notification in notifications { wake(notification.payload) }
        }
      }
    } catch {
      throw fault(error)
    }
  }

  public func latestSequence() async throws -> Int64 {
    try await queryRows("SELECT value FROM event_counter").first?.decode(Int64.self) ?? 0
  }
}

/// A row holds a value the records cannot represent (an unknown enum case).
package struct PostgresDataError: Error, CustomStringConvertible {
  package var description: String

  package init(_ description: String) { self.description = description }
}
