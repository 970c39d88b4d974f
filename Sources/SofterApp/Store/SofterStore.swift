import Foundation
import HearthPlatform
import HearthSQL
import SofterCore

/// How Lightward's current turn is going, kept beside the room so every page can show it. Slot -1
/// stands for the invitation, -2 for the cenotaph.
public enum SofterTurnStatus: Equatable, Sendable, Codable {
  case idle
  /// A request for this slot is being made.
  case thinking(slot: Int)
  /// The last attempt for this slot failed; another follows at `retryAt` (nil: only on request).
  case failed(slot: Int, reason: String, attempts: Int, retryAt: Date?)
  /// The quick retries of a turn gave up at `since`: the server tries again by itself, slowly.
  /// `attempt` counts the slow attempts asked for; `retryAt` is nil while one is being made.
  case unreachable(slot: Int, reason: String, since: Date, attempt: Int, retryAt: Date?)

  public var slot: Int? {
    switch self {
    case .idle: nil
    case .thinking(let slot), .failed(let slot, _, _, _), .unreachable(let slot, _, _, _, _): slot
    }
  }

  public var isUnreachable: Bool {
    if case .unreachable = self { return true }
    return false
  }
}

/// A Softer room as the server keeps it: the pure room, the account in each human seat, and what
/// changes beside the ledger (who is typing, how Lightward's turn is going).
public struct SofterRoomRecord: Equatable, Sendable {
  public var room: Room
  /// Participant id to account id, for every human seat.
  public var seats: [String: String]
  /// The invitees' seats while Lightward has not accepted: nobody is invited into a room
  /// Lightward may still decline, so these see nothing of it yet.
  public var waiting: [String: String]
  /// Who sits in Lightward's chair, as the room shows it.
  public var voice: String
  public var composing: Composing?
  public var turn: SofterTurnStatus

  public init(
    room: Room, seats: [String: String], waiting: [String: String] = [:], voice: String,
    composing: Composing? = nil, turn: SofterTurnStatus = .idle
  ) {
    self.room = room
    self.seats = seats
    self.waiting = waiting
    self.voice = voice
    self.composing = composing
    self.turn = turn
  }

  public var id: String { room.id }

  public var originatorUserID: String { seats[room.spec.originatorID] ?? "" }

  /// The participant an account sits as, if any.
  public func participantID(ofUser userID: String) -> String? {
    seats.first { $0.value == userID }?.key
  }

  public var userIDs: [String] { Array(Set(seats.values)).sorted() }
}

/// A room as the room list shows it: the summary kept beside the room instead of its ledger,
/// with the record's seats and Lightward's turn.
public struct SofterRoomListing: Equatable, Sendable {
  public var summary: RoomSummary
  public var seats: [String: String]
  public var voice: String
  public var composing: Composing?
  public var turn: SofterTurnStatus

  public init(
    summary: RoomSummary, seats: [String: String], voice: String, composing: Composing?,
    turn: SofterTurnStatus
  ) {
    self.summary = summary
    self.seats = seats
    self.voice = voice
    self.composing = composing
    self.turn = turn
  }

  public init(_ record: SofterRoomRecord) {
    self.init(
      summary: RoomSummary(record.room), seats: record.seats, voice: record.voice,
      composing: record.composing, turn: record.turn)
  }

  public var id: String { summary.id }

  public func participantID(ofUser userID: String) -> String? {
    seats.first { $0.value == userID }?.key
  }

  /// For the originator of an ended room, while no cenotaph is written or being written.
  func offersCenotaph(to participantID: String) -> Bool {
    summary.allowsCenotaph(by: participantID) && turn.slot != SofterRooms.cenotaphSlot
  }
}

/// What one change makes of a room: the room as it is to be saved, and the events that tell
/// its people.
public struct SofterRoomChange: Sendable {
  public var record: SofterRoomRecord
  public var events: [NewEvent]
  /// Invitations that go out with the change, through the platform's sharing.
  public var invitations: [Participant]

  public init(_ record: SofterRoomRecord, events: [NewEvent], invitations: [Participant] = []) {
    self.record = record
    self.events = events
    self.invitations = invitations
  }

  /// The room saved and everyone in it told.
  public static func changed(_ record: SofterRoomRecord) -> SofterRoomChange {
    SofterRoomChange(record, events: SofterEvents.events(SofterEvents.roomChanged, room: record))
  }

  /// Nothing to save or tell.
  public static func unchanged(_ record: SofterRoomRecord) -> SofterRoomChange {
    SofterRoomChange(record, events: [])
  }
}

/// The commitment the originator made, in the ledger that stands in for a card payment.
public struct SofterPayment: Equatable, Sendable {
  public var id: String
  public var roomID: String
  public var userID: String
  public var tier: PaymentTier
  public var provider: String
  public var createdAt: Date

  public init(
    id: String, roomID: String, userID: String, tier: PaymentTier, provider: String,
    createdAt: Date
  ) {
    self.id = id
    self.roomID = roomID
    self.userID = userID
    self.tier = tier
    self.provider = provider
    self.createdAt = createdAt
  }
}

public protocol SofterStore: Sendable {
  /// The room, its seats, its first messages, its share with the people `invited` to it and
  /// the payment, all in one transaction, with `events`.
  func createSofterRoom(
    _ record: SofterRoomRecord, share: Share, invited: [Participant], payment: SofterPayment,
    events: [NewEvent]
  ) async throws
  func softerRoom(id: String) async throws -> SofterRoomRecord?
  /// Every room in which the account has a seat or waits for one, newest first.
  func softerRooms(userID: String) async throws -> [SofterRoomRecord]
  /// The room list: every room in which the account has a seat (not those where it waits for
  /// Lightward), newest first, or only `roomID`'s; without ledgers, in two queries.
  func softerRoomListings(userID: String, roomID: String?) async throws -> [SofterRoomListing]
  /// Holds the room against every other change, in every process, while `decide` makes the
  /// change from the stored room; then saves the new messages (a message id already stored keeps
  /// its first copy), the room's state, the seats it removed or filled, the change's invitations
  /// and its events together.
  /// Nil when the room does not exist.
  func changeSofterRoom(
    id: String, at: Date,
    decide: @escaping @Sendable (SofterRoomRecord) throws -> SofterRoomChange
  ) async throws -> SofterRoomRecord?
  /// Removes the room and its share for everyone, in one transaction; the payment ledger keeps
  /// its line.
  func deleteSofterRoom(id: String, events: [NewEvent], at: Date) async throws
  /// The tier of the account's latest room, for the create form's default.
  func lastSofterTier(userID: String) async throws -> PaymentTier?
}

/// Encodings shared by the stores.
public enum SofterCoding {
  public static func encode(_ value: some Encodable) -> String { StoreJSON.encode(value) }

  public static func decode<Value: Decodable>(_ type: Value.Type, _ text: String) throws -> Value {
    try StoreJSON.decode(type, text)
  }

  public static func state(type: String, reason: String?, signaled: String) throws -> RoomState {
    switch type {
    case "pendingParticipants":
      return .pendingParticipants(signaled: Set(try decode([String].self, signaled)))
    case "active": return .active
    case "defunct": return .defunct(DefunctReason(encoded: reason))
    default: return .draft
    }
  }

  public static func signaled(_ state: RoomState) -> String {
    if case .pendingParticipants(let signaled) = state { return encode(signaled.sorted()) }
    return "[]"
  }
}

/// The events Softer rooms produce: one per human seat, so that invitees who have not arrived yet
/// hear about the room too.
public enum SofterEvents {
  public static let roomChanged = "softer.room"
  public static let composing = "softer.composing"
  public static let roomDeleted = "softer.deleted"

  public static func events(_ type: String, room: SofterRoomRecord, extra: [String: String] = [:])
    -> [NewEvent]
  {
    let payload = SofterCoding.encode(extra.merging(["roomID": room.id]) { first, _ in first })
    return room.userIDs.map { NewEvent(type: type, audience: .user($0), payload: payload) }
  }
}
