import Foundation
import HearthPlatform
import HearthSQL
import SofterCore

/// Softer's tables, written once for SQLite and PostgreSQL. A change reads the room inside the
/// transaction (on PostgreSQL under its row lock; SQLite's transaction holds the whole file), lets
/// the pure `decide` make the new room and its events, and writes them before committing.
struct SofterSQLStore: SofterStore {
  let database: any SQLDatabase

  func createSofterRoom(
    _ record: SofterRoomRecord, share: Share, invited: [Participant], payment: SofterPayment,
    events: [NewEvent]
  ) async throws {
    try await database.transaction { tx in
      try await tx.createShare(share)
      for participant in invited { try await tx.putParticipant(participant) }
      let room = record.room
      let summary = RoomSummary(room)
      try await tx.execute(
        """
        INSERT INTO softer_rooms (id, originator_user_id, spec, state_type, defunct_reason,
          signaled, voice, composing, turn, created_at, modified_at, message_count, turn_index,
          last_message_id, has_cenotaph)
        VALUES (\(room.id), \(record.originatorUserID), \(SofterCoding.encode(room.spec)),
          \(room.state.typeName), \(room.state.defunctReason?.encoded),
          \(SofterCoding.signaled(room.state)), \(record.voice),
          \(record.composing.map(SofterCoding.encode)), \(SofterCoding.encode(record.turn)),
          \(room.spec.createdAt), \(room.lifecycle.modifiedAt), \(summary.messageCount),
          \(summary.turnIndex), \(summary.lastMessage?.id), \(summary.hasCenotaph))
        """)
      let seats =
        record.seats.map { ($0.key, $0.value, true) }
        + record.waiting.map { ($0.key, $0.value, false) }
      if !seats.isEmpty {
        let rows = seats.sorted { $0.0 < $1.0 }.map { participantID, userID, seated in
          SQL("(\(room.id), \(participantID), \(userID), \(seated))")
        }
        try await tx.execute(
          """
          INSERT INTO softer_seats (room_id, participant_id, user_id, seated)
          VALUES \(SQL.joined(rows))
          """)
      }
      try await Self.insertMessages(room.messages, tx)
      try await tx.execute(
        """
        INSERT INTO softer_payments (id, room_id, user_id, tier, provider, created_at)
        VALUES (\(payment.id), \(payment.roomID), \(payment.userID), \(payment.tier.rawValue),
          \(payment.provider), \(payment.createdAt))
        """)
      try await tx.appendEvents(events, at: payment.createdAt)
    }
  }

  func softerRoom(id: String) async throws -> SofterRoomRecord? {
    try await database.transaction { tx in try await Self.room(id: id, lock: false, tx) }
  }

  func softerRooms(userID: String) async throws -> [SofterRoomRecord] {
    try await database.transaction { tx in
      var records: [SofterRoomRecord] = []
      for row in try await tx.rows(
        """
        SELECT id FROM softer_rooms
        WHERE id IN (SELECT room_id FROM softer_seats WHERE user_id = \(userID))
        ORDER BY created_at DESC, id
        """)
      {
        if let record = try await Self.room(id: row["id"], lock: false, tx) {
          records.append(record)
        }
      }
      return records
    }
  }

  func softerRoomListings(userID: String, roomID: String?) async throws -> [SofterRoomListing] {
    try await database.transaction { tx in
      let only: SQL = roomID.map { " AND r.id = \($0)" } ?? ""
      let rows = try await tx.rows(
        """
        SELECT r.id, r.spec, r.state_type, r.defunct_reason, r.signaled, r.voice, r.composing,
          r.turn, r.modified_at, r.message_count, r.turn_index, r.has_cenotaph,
          m.id AS last_id, m.author_id, m.author_name, m.text, m.created_at AS last_at,
          m.is_lightward, m.is_narration
        FROM softer_rooms r
        JOIN softer_seats s ON s.room_id = r.id AND s.user_id = \(userID) AND s.seated = \(true)
        LEFT JOIN softer_messages m ON m.room_id = r.id AND m.id = r.last_message_id
        WHERE TRUE\(only)
        ORDER BY r.created_at DESC, r.id
        """)
      let ids = try rows.map { row -> String in try row["id"] }
      guard !ids.isEmpty else { return [] }
      var seats: [String: [String: String]] = [:]
      for seat in try await tx.rows(
        """
        SELECT room_id, participant_id, user_id FROM softer_seats
        WHERE room_id IN \(list: ids) AND seated = \(true)
        """)
      {
        seats[try seat["room_id"], default: [:]][try seat["participant_id"]] = try seat["user_id"]
      }
      return try rows.map { row in
        let id: String = try row["id"]
        let lastID: String? = try row["last_id"]
        let last = try lastID.map { lastID in
          SofterMessage(
            id: lastID, roomID: id, authorID: try row["author_id"],
            authorName: try row["author_name"], text: try row["text"],
            createdAt: try row["last_at"], isLightward: try row["is_lightward"],
            isNarration: try row["is_narration"])
        }
        let composing: String? = try row["composing"]
        return SofterRoomListing(
          summary: RoomSummary(
            lifecycle: try Self.lifecycle(row), turnIndex: try row["turn_index"],
            messageCount: try row["message_count"], lastMessage: last,
            hasCenotaph: try row["has_cenotaph"]),
          seats: seats[id] ?? [:], voice: try row["voice"],
          composing: try composing.map { try SofterCoding.decode(Composing.self, $0) },
          turn: try SofterCoding.decode(SofterTurnStatus.self, row["turn"]))
      }
    }
  }

  func changeSofterRoom(
    id: String, at: Date,
    decide: @escaping @Sendable (SofterRoomRecord) throws -> SofterRoomChange
  ) async throws -> SofterRoomRecord? {
    try await database.transaction { tx in
      guard let stored = try await Self.room(id: id, lock: true, tx) else { return nil }
      let change = try decide(stored)
      let record = change.record
      let room = record.room
      let summary = RoomSummary(room)
      try await tx.execute(
        """
        UPDATE softer_rooms SET state_type = \(room.state.typeName),
          defunct_reason = \(room.state.defunctReason?.encoded),
          signaled = \(SofterCoding.signaled(room.state)),
          composing = \(record.composing.map(SofterCoding.encode)),
          turn = \(SofterCoding.encode(record.turn)), modified_at = \(room.lifecycle.modifiedAt),
          message_count = \(summary.messageCount), turn_index = \(summary.turnIndex),
          last_message_id = \(summary.lastMessage?.id), has_cenotaph = \(summary.hasCenotaph)
        WHERE id = \(id)
        """)
      let before = Set(stored.room.messages.map(\.id))
      try await Self.insertMessages(room.messages.filter { !before.contains($0.id) }, tx)
      let kept = record.seats.merging(record.waiting) { seat, _ in seat }
      let leaving = stored.seats.merging(stored.waiting) { seat, _ in seat }.keys
        .filter { kept[$0] == nil }.sorted()
      if !leaving.isEmpty {
        try await tx.execute(
          "DELETE FROM softer_seats WHERE room_id = \(id) AND participant_id IN \(list: leaving)")
      }
      let seated = stored.waiting.keys.filter { record.seats[$0] != nil }.sorted()
      if !seated.isEmpty {
        try await tx.execute(
          """
          UPDATE softer_seats SET seated = \(true)
          WHERE room_id = \(id) AND participant_id IN \(list: seated)
          """)
      }
      let taken = stored.seats.merging(stored.waiting) { seat, _ in seat }
      let added = kept.filter { taken[$0.key] == nil }.sorted { $0.key < $1.key }
      if !added.isEmpty {
        let rows = added.map { participantID, userID in
          SQL("(\(id), \(participantID), \(userID), \(record.seats[participantID] != nil))")
        }
        try await tx.execute(
          """
          INSERT INTO softer_seats (room_id, participant_id, user_id, seated)
          VALUES \(SQL.joined(rows))
          """)
      }
      for participant in change.invitations { try await tx.putParticipant(participant) }
      try await tx.appendEvents(change.events, at: at)
      return try await Self.room(id: id, lock: false, tx)
    }
  }

  func deleteSofterRoom(id: String, events: [NewEvent], at: Date) async throws {
    try await database.transaction { tx in
      try await tx.execute("DELETE FROM softer_rooms WHERE id = \(id)")
      try await tx.appendEvents(events, at: at)
      try await tx.deleteShare(SofterRooms.resource(id), at: at)
    }
  }

  func lastSofterTier(userID: String) async throws -> PaymentTier? {
    try await database.row(
      """
      SELECT tier FROM softer_payments WHERE user_id = \(userID)
      ORDER BY created_at DESC, id LIMIT 1
      """
    )?.decode(PaymentTier.self, "tier")
  }

  /// A message id the room already has keeps its first copy.
  private static func insertMessages(_ messages: [SofterMessage], _ tx: any SQLTransaction)
    async throws
  {
    guard !messages.isEmpty else { return }
    let rows = messages.map { message in
      SQL(
        """
        (\(message.roomID), \(message.id), \(message.authorID), \(message.authorName),
          \(message.text), \(message.createdAt), \(message.isLightward), \(message.isNarration))
        """)
    }
    try await tx.execute(
      """
      INSERT INTO softer_messages (room_id, id, author_id, author_name, text, created_at,
        is_lightward, is_narration)
      VALUES \(SQL.joined(rows)) ON CONFLICT (room_id, id) DO NOTHING
      """)
  }

  private static func room(id: String, lock: Bool, _ tx: any SQLTransaction) async throws
    -> SofterRoomRecord?
  {
    let lockClause: SQL = lock ? .dialect(sqlite: "", postgres: " FOR UPDATE") : ""
    guard
      let row = try await tx.row(
        """
        SELECT spec, state_type, defunct_reason, signaled, voice, composing, turn, modified_at
        FROM softer_rooms WHERE id = \(id)\(lockClause)
        """)
    else { return nil }
    let messages = try await tx.rows(
      """
      SELECT id, author_id, author_name, text, created_at, is_lightward, is_narration
      FROM softer_messages WHERE room_id = \(id) ORDER BY seq
      """
    ).map { message in
      SofterMessage(
        id: try message["id"], roomID: id, authorID: try message["author_id"],
        authorName: try message["author_name"], text: try message["text"],
        createdAt: try message["created_at"], isLightward: try message["is_lightward"],
        isNarration: try message["is_narration"])
    }
    var seats: [String: String] = [:]
    var waiting: [String: String] = [:]
    for seat in try await tx.rows(
      "SELECT participant_id, user_id, seated FROM softer_seats WHERE room_id = \(id)")
    {
      if try seat["seated"] {
        seats[try seat["participant_id"]] = try seat["user_id"]
      } else {
        waiting[try seat["participant_id"]] = try seat["user_id"]
      }
    }
    let composing: String? = try row["composing"]
    return SofterRoomRecord(
      room: Room(lifecycle: try lifecycle(row), messages: messages),
      seats: seats, waiting: waiting, voice: try row["voice"],
      composing: try composing.map { try SofterCoding.decode(Composing.self, $0) },
      turn: try SofterCoding.decode(SofterTurnStatus.self, row["turn"]))
  }

  /// The room's lifecycle from its row's spec, state and modified_at.
  private static func lifecycle(_ row: SQLRow) throws -> RoomLifecycle {
    RoomLifecycle(
      spec: try SofterCoding.decode(RoomSpec.self, row["spec"]),
      state: try SofterCoding.state(
        type: row["state_type"], reason: row["defunct_reason"], signaled: row["signaled"]),
      modifiedAt: try row["modified_at"])
  }
}
