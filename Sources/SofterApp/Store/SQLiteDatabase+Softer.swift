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
          INSERT INTO softerRoom (id, originatorUserID, spec, stateType, defunctReason, signaled,
            voice, composing, turn, createdAt, modifiedAt)
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
          sql: "INSERT INTO softerSeat (roomID, participantID, userID) VALUES (?, ?, ?)",
          arguments: [room.id, participantID, userID])
      }
      try Self.insertSofterMessages(db, room.messages)
      try db.execute(
        sql: """
          INSERT INTO softerPayment (id, roomID, userID, tier, provider, createdAt)
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
          SELECT id FROM softerRoom WHERE id IN (SELECT roomID FROM softerSeat WHERE userID = ?)
          ORDER BY createdAt DESC, id
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
          UPDATE softerRoom SET stateType = ?, defunctReason = ?, signaled = ?, composing = ?,
            turn = ?, modifiedAt = ? WHERE id = ?
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
          sql: "DELETE FROM softerSeat WHERE roomID = ? AND participantID = ?",
          arguments: [id, participantID])
      }
      for event in events { _ = try Self.insertEvent(db, event, at: at) }
      return try Self.softerRoom(db, id: id)
    }
  }

  public func deleteSofterRoom(id: String, events: [NewEvent], at: Date) async throws {
    try await write { db in
      try db.execute(sql: "DELETE FROM softerRoom WHERE id = ?", arguments: [id])
      for event in events { _ = try Self.insertEvent(db, event, at: at) }
    }
  }

  public func lastSofterTier(userID: String) async throws -> PaymentTier? {
    try await read { db in
      try Int.fetchOne(
        db,
        sql: "SELECT tier FROM softerPayment WHERE userID = ? ORDER BY createdAt DESC, id LIMIT 1",
        arguments: [userID]
      ).flatMap(PaymentTier.init(rawValue:))
    }
  }

  static func insertSofterMessages(_ db: Database, _ messages: [SofterMessage]) throws {
    for message in messages {
      try db.execute(
        sql: """
          INSERT INTO softerMessage (roomID, id, authorID, authorName, text, createdAt,
            isLightward, isNarration)
          VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (roomID, id) DO NOTHING
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
      let row = try Row.fetchOne(db, sql: "SELECT * FROM softerRoom WHERE id = ?", arguments: [id])
    else { return nil }
    let spec = try SofterCoding.decode(RoomSpec.self, row["spec"])
    let state = try SofterCoding.state(
      type: row["stateType"], reason: row["defunctReason"], signaled: row["signaled"])
    let messages = try Row.fetchAll(
      db, sql: "SELECT * FROM softerMessage WHERE roomID = ? ORDER BY seq", arguments: [id]
    ).map { message in
      SofterMessage(
        id: message["id"], roomID: id, authorID: message["authorID"],
        authorName: message["authorName"], text: message["text"],
        createdAt: message.date("createdAt"), isLightward: message["isLightward"],
        isNarration: message["isNarration"])
    }
    var seats: [String: String] = [:]
    for seat in try Row.fetchAll(
      db, sql: "SELECT participantID, userID FROM softerSeat WHERE roomID = ?", arguments: [id])
    {
      seats[seat["participantID"]] = seat["userID"]
    }
    return SofterRoomRecord(
      room: Room(
        lifecycle: RoomLifecycle(spec: spec, state: state, modifiedAt: row.date("modifiedAt")),
        messages: messages),
      seats: seats, voice: row["voice"],
      composing: try (row["composing"] as String?).map {
        try SofterCoding.decode(Composing.self, $0)
      },
      turn: try SofterCoding.decode(SofterTurnStatus.self, row["turn"]))
  }
}
