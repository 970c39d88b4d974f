import Foundation
import GRDB
import HearthPlatform
import SofterCore

extension SQLiteDatabase {
  public func createSofterRoom(
    _ record: SofterRoomRecord, payment: SofterPayment, events: [NewEvent]
  ) async throws {
    try await write { db in
      let room = record.room
      try db.execute(
        sql: """
          INSERT INTO softer_rooms (id, originator_user_id, spec, state_type, defunct_reason, signaled,
            voice, composing, turn, created_at, modified_at)
          VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
          """,
        arguments: StatementArguments(
          [
            room.id, record.originatorUserID, SofterCoding.encode(room.spec),
            room.state.typeName, room.state.defunctReason?.encoded,
            SofterCoding.signaled(room.state), record.voice,
            record.composing.map(SofterCoding.encode), SofterCoding.encode(record.turn),
            room.spec.createdAt.sqliteValue, room.lifecycle.modifiedAt.sqliteValue,
          ] as [(any DatabaseValueConvertible)?]))
      for (participantID, userID) in record.seats {
        try db.execute(
          sql: "INSERT INTO softer_seats (room_id, participant_id, user_id) VALUES (?, ?, ?)",
          arguments: [room.id, participantID, userID])
      }
      try Self.insertSofterMessages(db, room.messages)
      try db.execute(
        sql: """
          INSERT INTO softer_payments (id, room_id, user_id, tier, provider, created_at)
          VALUES (?, ?, ?, ?, ?, ?)
          """,
        arguments: StatementArguments(
          [
            payment.id, payment.roomID, payment.userID, payment.tier.rawValue, payment.provider,
            payment.createdAt.sqliteValue,
          ] as [any DatabaseValueConvertible]))
      for event in events { _ = try Self.insertEvent(db, event, at: payment.createdAt) }
    }
  }

  public func softerRoom(id: String) async throws -> SofterRoomRecord? {
    try await read { db in try Self.softerRoom(db, id: id) }
  }

  public func softerRooms(userID: String) async throws -> [SofterRoomRecord] {
    try await read { db in
      try String.fetchAll(
        db,
        sql: """
          SELECT id FROM softer_rooms WHERE id IN (SELECT room_id FROM softer_seats WHERE user_id = ?)
          ORDER BY created_at DESC, id
          """, arguments: [userID]
      ).compactMap { try Self.softerRoom(db, id: $0) }
    }
  }

  public func changeSofterRoom(
    id: String, at: Date,
    _ change: @escaping @Sendable (inout SofterRoomRecord) throws -> [NewEvent]
  ) async throws -> SofterRoomRecord? {
    try await write { db in
      guard var record = try Self.softerRoom(db, id: id) else { return nil }
      let before = Set(record.room.messages.map(\.id))
      let seats = record.seats
      let events = try change(&record)
      let room = record.room
      try db.execute(
        sql: """
          UPDATE softer_rooms SET state_type = ?, defunct_reason = ?, signaled = ?, composing = ?,
            turn = ?, modified_at = ? WHERE id = ?
          """,
        arguments: StatementArguments(
          [
            room.state.typeName, room.state.defunctReason?.encoded,
            SofterCoding.signaled(room.state), record.composing.map(SofterCoding.encode),
            SofterCoding.encode(record.turn), room.lifecycle.modifiedAt.sqliteValue, id,
          ] as [(any DatabaseValueConvertible)?]))
      try Self.insertSofterMessages(db, room.messages.filter { !before.contains($0.id) })
      for (participantID, _) in seats where record.seats[participantID] == nil {
        try db.execute(
          sql: "DELETE FROM softer_seats WHERE room_id = ? AND participant_id = ?",
          arguments: [id, participantID])
      }
      for event in events { _ = try Self.insertEvent(db, event, at: at) }
      return try Self.softerRoom(db, id: id)
    }
  }

  public func deleteSofterRoom(id: String, events: [NewEvent], at: Date) async throws {
    try await write { db in
      try db.execute(sql: "DELETE FROM softer_rooms WHERE id = ?", arguments: [id])
      for event in events { _ = try Self.insertEvent(db, event, at: at) }
    }
  }

  public func lastSofterTier(userID: String) async throws -> PaymentTier? {
    try await read { db in
      try Int.fetchOne(
        db,
        sql:
          "SELECT tier FROM softer_payments WHERE user_id = ? ORDER BY created_at DESC, id LIMIT 1",
        arguments: [userID]
      ).flatMap(PaymentTier.init(rawValue:))
    }
  }

  static func insertSofterMessages(_ db: Database, _ messages: [SofterMessage]) throws {
    for message in messages {
      try db.execute(
        sql: """
          INSERT INTO softer_messages (room_id, id, author_id, author_name, text, created_at,
            is_lightward, is_narration)
          VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (room_id, id) DO NOTHING
          """,
        arguments: StatementArguments(
          [
            message.roomID, message.id, message.authorID, message.authorName, message.text,
            message.createdAt.sqliteValue, message.isLightward, message.isNarration,
          ] as [any DatabaseValueConvertible]))
    }
  }

  static func softerRoom(_ db: Database, id: String) throws -> SofterRoomRecord? {
    guard
      let row = try Row.fetchOne(
        db, sql: "SELECT * FROM softer_rooms WHERE id = ?", arguments: [id])
    else { return nil }
    let spec = try SofterCoding.decode(RoomSpec.self, row["spec"])
    let state = try SofterCoding.state(
      type: row["state_type"], reason: row["defunct_reason"], signaled: row["signaled"])
    let messages = try Row.fetchAll(
      db, sql: "SELECT * FROM softer_messages WHERE room_id = ? ORDER BY seq", arguments: [id]
    ).map { message in
      SofterMessage(
        id: message["id"], roomID: id, authorID: message["author_id"],
        authorName: message["author_name"], text: message["text"],
        createdAt: message.date("created_at"), isLightward: message["is_lightward"],
        isNarration: message["is_narration"])
    }
    var seats: [String: String] = [:]
    for seat in try Row.fetchAll(
      db, sql: "SELECT participant_id, user_id FROM softer_seats WHERE room_id = ?", arguments: [id]
    ) {
      seats[seat["participant_id"]] = seat["user_id"]
    }
    return SofterRoomRecord(
      room: Room(
        lifecycle: RoomLifecycle(spec: spec, state: state, modifiedAt: row.date("modified_at")),
        messages: messages),
      seats: seats, voice: row["voice"],
      composing: try (row["composing"] as String?).map {
        try SofterCoding.decode(Composing.self, $0)
      },
      turn: try SofterCoding.decode(SofterTurnStatus.self, row["turn"]))
  }
}
