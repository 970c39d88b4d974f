import Foundation
import HearthPlatform
import PostgresNIO
import SofterCore

/// A change to a room takes its row lock (`FOR UPDATE`), so changes from every process run one
/// after another.
extension HearthPlatform.PostgresDatabase {
  public func createSofterRoom(
    _ record: SofterRoomRecord, payment: SofterPayment, events: [NewEvent]
  ) async throws {
    try await transaction { connection in
      let logger = self.logger
      let room = record.room
      try await connection.run(
        """
        INSERT INTO softer_rooms (id, originator_user_id, spec, state_type, defunct_reason,
          signaled, voice, composing, turn, created_at, modified_at)
        VALUES (\(room.id), \(record.originatorUserID), \(SofterCoding.encode(room.spec)),
          \(room.state.typeName), \(room.state.defunctReason?.encoded),
          \(SofterCoding.signaled(room.state)), \(record.voice),
          \(record.composing.map(SofterCoding.encode)), \(SofterCoding.encode(record.turn)),
          \(room.spec.createdAt), \(room.lifecycle.modifiedAt))
        """, logger: logger)
      for (participantID, userID) in record.seats {
        try await connection.run(
          """
          INSERT INTO softer_seats (room_id, participant_id, user_id)
          VALUES (\(room.id), \(participantID), \(userID))
          """, logger: logger)
      }
      try await Self.insertSofterMessages(room.messages, on: connection, logger: logger)
      try await connection.run(
        """
        INSERT INTO softer_payments (id, room_id, user_id, tier, provider, created_at)
        VALUES (\(payment.id), \(payment.roomID), \(payment.userID), \(payment.tier.rawValue),
          \(payment.provider), \(payment.createdAt))
        """, logger: logger)
      for event in events {
        _ = try await Self.appendEvent(event, at: payment.createdAt, on: connection, logger: logger)
      }
    }
  }

  public func softerRoom(id: String) async throws -> SofterRoomRecord? {
    try await transaction { connection in
      try await Self.softerRoom(id: id, lock: false, on: connection, logger: self.logger)
    }
  }

  public func softerRooms(userID: String) async throws -> [SofterRoomRecord] {
    try await transaction { connection in
      let logger = self.logger
      var records: [SofterRoomRecord] = []
      let ids = try await connection.rows(
        """
        SELECT id FROM softer_rooms
        WHERE id IN (SELECT room_id FROM softer_seats WHERE user_id = \(userID))
        ORDER BY created_at DESC, id
        """, logger: logger)
      for row in ids {
        let id = try row.decode(String.self)
        if let record = try await Self.softerRoom(
          id: id, lock: false, on: connection, logger: logger)
        {
          records.append(record)
        }
      }
      return records
    }
  }

  public func changeSofterRoom(
    id: String, at: Date,
    _ change: @escaping @Sendable (inout SofterRoomRecord) throws -> [NewEvent]
  ) async throws -> SofterRoomRecord? {
    try await transaction { connection in
      let logger = self.logger
      guard
        var record = try await Self.softerRoom(id: id, lock: true, on: connection, logger: logger)
      else { return nil }
      let before = Set(record.room.messages.map(\.id))
      let seats = record.seats
      let events = try change(&record)
      let room = record.room
      try await connection.run(
        """
        UPDATE softer_rooms SET state_type = \(room.state.typeName),
          defunct_reason = \(room.state.defunctReason?.encoded),
          signaled = \(SofterCoding.signaled(room.state)),
          composing = \(record.composing.map(SofterCoding.encode)),
          turn = \(SofterCoding.encode(record.turn)), modified_at = \(room.lifecycle.modifiedAt)
        WHERE id = \(id)
        """, logger: logger)
      try await Self.insertSofterMessages(
        room.messages.filter { !before.contains($0.id) }, on: connection, logger: logger)
      for (participantID, _) in seats where record.seats[participantID] == nil {
        try await connection.run(
          """
          DELETE FROM softer_seats WHERE room_id = \(id) AND participant_id = \(participantID)
          """, logger: logger)
      }
      for event in events {
        _ = try await Self.appendEvent(event, at: at, on: connection, logger: logger)
      }
      return try await Self.softerRoom(id: id, lock: false, on: connection, logger: logger)
    }
  }

  public func deleteSofterRoom(id: String, events: [NewEvent], at: Date) async throws {
    try await transaction { connection in
      try await connection.run("DELETE FROM softer_rooms WHERE id = \(id)", logger: self.logger)
      for event in events {
        _ = try await Self.appendEvent(event, at: at, on: connection, logger: self.logger)
      }
    }
  }

  public func lastSofterTier(userID: String) async throws -> PaymentTier? {
    try await rows(
      """
      SELECT tier FROM softer_payments WHERE user_id = \(userID)
      ORDER BY created_at DESC, id LIMIT 1
      """
    ).first.flatMap { PaymentTier(rawValue: try $0.decode(Int.self)) }
  }

  static func insertSofterMessages(
    _ messages: [SofterMessage], on connection: PostgresConnection, logger: Logger
  ) async throws {
    for message in messages {
      try await connection.run(
        """
        INSERT INTO softer_messages (room_id, id, author_id, author_name, text, created_at,
          is_lightward, is_narration)
        VALUES (\(message.roomID), \(message.id), \(message.authorID), \(message.authorName),
          \(message.text), \(message.createdAt), \(message.isLightward), \(message.isNarration))
        ON CONFLICT (room_id, id) DO NOTHING
        """, logger: logger)
    }
  }

  static func softerRoom(
    id: String, lock: Bool, on connection: PostgresConnection, logger: Logger
  ) async throws -> SofterRoomRecord? {
    var query: PostgresQuery = """
      SELECT spec, state_type, defunct_reason, signaled, voice, composing, turn, modified_at
      FROM softer_rooms WHERE id = \(id)
      """
    if lock { query.sql += " FOR UPDATE" }
    guard let row = try await connection.rows(query, logger: logger).first else { return nil }
    let (specText, stateType, reason, signaled, voice, composing, turn, modifiedAt) =
      try row.decode((String, String, String?, String, String, String?, String, Date).self)
    var messages: [SofterMessage] = []
    for message in try await connection.rows(
      """
      SELECT id, author_id, author_name, text, created_at, is_lightward, is_narration
      FROM softer_messages WHERE room_id = \(id) ORDER BY seq
      """, logger: logger)
    {
      let (messageID, authorID, authorName, text, createdAt, isLightward, isNarration) =
        try message.decode((String, String, String, String, Date, Bool, Bool).self)
      messages.append(
        SofterMessage(
          id: messageID, roomID: id, authorID: authorID, authorName: authorName, text: text,
          createdAt: createdAt, isLightward: isLightward, isNarration: isNarration))
    }
    var seats: [String: String] = [:]
    for seat in try await connection.rows(
      "SELECT participant_id, user_id FROM softer_seats WHERE room_id = \(id)", logger: logger)
    {
      let (participantID, userID) = try seat.decode((String, String).self)
      seats[participantID] = userID
    }
    let spec = try SofterCoding.decode(RoomSpec.self, specText)
    let state = try SofterCoding.state(type: stateType, reason: reason, signaled: signaled)
    return SofterRoomRecord(
      room: Room(
        lifecycle: RoomLifecycle(spec: spec, state: state, modifiedAt: modifiedAt),
        messages: messages),
      seats: seats, voice: voice,
      composing: try composing.map { try SofterCoding.decode(Composing.self, $0) },
      turn: try SofterCoding.decode(SofterTurnStatus.self, turn))
  }
}
