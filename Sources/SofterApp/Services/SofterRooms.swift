import Foundation
import HearthAccounts
import HearthCore
import HearthNotifications
import HearthPlatform
import NIOConcurrencyHelpers
import SofterCore

/// Softer rooms on Hearth: who may do what, the pure room rules applied in one store
/// transaction per action, events to every seat, and Lightward's part run as durable jobs.
struct SofterRooms {
  static let inviteQueue = "softer.invite"
  static let turnQueue = "softer.turn"
  static let cenotaphQueue = "softer.cenotaph"
  static let expiryQueue = "softer.expire"
  static let maximumInvitees = 10
  static let maximumNickname = 40
  static let maximumMessage = 20_000
  /// Characters of history a cenotaph request starts from; halved after each 422.
  static let cenotaphBudget = 120_000

  let env: HearthEnvironment
  /// Who answers in Lightward's seat (SOFTER_VOICE).
  let voice: any SofterVoice
  /// Takes the commitment for each new room.
  let payments: any SofterPaymentProvider

  /// The store's change of one room, and then the notices it calls for. A notice that cannot
  /// be sent is logged; the change stands.
  func changeRoom(
    id: String, at now: Date, by actor: String? = nil,
    decide: @escaping @Sendable (SofterRoomRecord) throws -> SofterRoomChange
  ) async throws -> SofterRoomRecord? {
    let before = NIOLockedValueBox<SofterRoomRecord?>(nil)
    let after = try await env.database.softerStore.changeSofterRoom(id: id, at: now) { stored in
      before.withLockedValue { $0 = stored }
      return try decide(stored)
    }
    guard let after, let before = before.withLockedValue({ $0 }) else { return after }
    for draft in SofterNotices.drafts(before: before, after: after, actor: actor, at: now) {
      do { try await env.notifier.send(draft) } catch {
        env.logger.error(
          "Softer notice not sent",
          metadata: ["kind": "\(draft.kind.id)", "room": "\(id)", "error": "\(error)"])
      }
    }
    return after
  }

  // MARK: - Reading

  /// The room as a reader sees it, with whatever Lightward owes it scheduled (idempotently),
  /// the way the reference settles a room on entry.
  func room(_ id: String, for user: User) async throws -> SofterRoomRecord {
    try await claimEmailSeats(of: user, roomID: id)
    let (record, _) = try await seat(in: id, for: user)
    try await requireConfirmedEmail(of: user, in: record)
    try await ensureLightwardScheduled(record)
    return try await mailInvitations(of: record)
  }

  /// Someone invited whose email is unconfirmed waits outside: the room opens to an address
  /// its owner has shown they receive mail at. The originator's own room is always open.
  func requireConfirmedEmail(of user: User, in record: SofterRoomRecord) async throws {
    guard record.originatorUserID != user.id,
      EmailVerification(env: env).needsVerification(user)
    else { return }
    throw APIErrorResponse(InvitationsController.unconfirmed(user))
  }

  /// The room and the caller's participant in it; anyone not seated gets 404.
  private func seat(in id: String, for user: User) async throws -> (SofterRoomRecord, String) {
    guard let record = try await env.database.softerStore.softerRoom(id: id),
      let participantID = record.participantID(ofUser: user.id)
    else { throw APIErrorResponse(.notFound("room")) }
    return (record, participantID)
  }

  /// The room list: the rooms the person sits in, not those still waiting for Lightward.
  func listings(for user: User) async throws -> [SofterRoomListing] {
    try await claimEmailSeats(of: user)
    return try await confirmedListings(
      try await env.database.softerStore.softerRoomListings(userID: user.id, roomID: nil),
      for: user)
  }

  /// One row of the room list; nil for a room the person does not sit in.
  func listing(_ id: String, for user: User) async throws -> SofterRoomListing? {
    try await claimEmailSeats(of: user, roomID: id)
    return try await confirmedListings(
      try await env.database.softerStore.softerRoomListings(userID: user.id, roomID: id),
      for: user
    ).first
  }

  /// An account with an unconfirmed email lists only the rooms it opened.
  private func confirmedListings(_ listings: [SofterRoomListing], for user: User) async throws
    -> [SofterRoomListing]
  {
    guard EmailVerification(env: env).needsVerification(user) else {
      return listings
    }
    return listings.filter {
      $0.seats[$0.summary.lifecycle.spec.originatorID] == user.id
    }
  }

  // MARK: - Acting

  /// Runs `action` as the caller's participant in one transaction, settles what the room owes,
  /// and schedules Lightward when its turn has come.
  @discardableResult
  func act(
    on id: String, by user: User,
    _ action: @escaping @Sendable (Room, String, Date) throws(RoomError) -> Room.Change
  ) async throws -> SofterRoomRecord {
    let now = env.now()
    guard
      let record = try await changeRoom(
        id: id, at: now, by: user.id,
        decide: { stored in
          var record = stored
          guard let participantID = record.participantID(ofUser: user.id) else {
            throw APIErrorResponse(.notFound("room"))
          }
          do {
            try record.room.apply(try action(record.room, participantID, now), at: now)
          } catch let error as RoomError {
            throw APIErrorResponse(Self.apiError(error))
          }
          if record.composing?.participantID == participantID { record.composing = nil }
          Self.settle(&record, at: now)
          return .changed(record)
        })
    else { throw APIErrorResponse(.notFound("room")) }
    try await ensureScheduled(record)
    try await closeInvitations(of: record, except: user.id)
    return record
  }

  func setComposing(_ composing: Bool, in id: String, by user: User) async throws {
    let now = env.now()
    guard
      try await changeRoom(
        id: id, at: now,
        decide: { stored in
          var record = stored
          guard let participantID = record.participantID(ofUser: user.id) else {
            throw APIErrorResponse(.notFound("room"))
          }
          guard record.room.state.isActive else {
            throw APIErrorResponse(Self.apiError(.notActive))
          }
          if composing {
            record.composing = Composing(participantID: participantID, since: now)
          } else if record.composing?.participantID == participantID {
            record.composing = nil
          } else {
            return .unchanged(record)
          }
          return SofterRoomChange(
            record,
            events: SofterEvents.events(
              SofterEvents.composing, room: record,
              extra: ["participantID": participantID, "composing": composing ? "true" : "false"]))
        }) != nil
    else { throw APIErrorResponse(.notFound("room")) }
  }

  /// The originator asks for a cenotaph; Lightward writes it in a job, and the room shows it
  /// being written. Asking again while it is written changes nothing; after it failed for good,
  /// asking again is trying again.
  func requestCenotaph(_ id: String, by user: User) async throws -> SofterRoomRecord {
    let (record, participantID) = try await seat(in: id, for: user)
    do {
      try record.room.requireCenotaphAllowed(by: participantID)
    } catch {
      throw APIErrorResponse(Self.apiError(error))
    }
    switch record.turn {
    case .thinking(Self.cenotaphSlot): return record
    case .failed(Self.cenotaphSlot, _, _, nil): return try await retryLightward(id, by: user)
    default: break
    }
    let updated = try await changeRoom(id: id, at: env.now(), by: user.id) {
      stored in
      var record = stored
      record.turn = .thinking(slot: Self.cenotaphSlot)
      return .changed(record)
    }
    try await scheduleCenotaph(id, key: nil)
    return updated ?? record
  }

  /// The owner deletes the room for everyone; anyone else leaves (or declines) and loses it.
  func delete(_ id: String, by user: User) async throws {
    let (record, participantID) = try await seat(in: id, for: user)
    let now = env.now()
    if participantID == record.room.spec.originatorID {
      try await env.database.softerStore.deleteSofterRoom(
        id: id, events: SofterEvents.events(SofterEvents.roomDeleted, room: record), at: now)
      try await ShareInvitations(env: env).cancelAllEmailed(of: Self.resource(id))
      return
    }
    try await answerInvitation(id, of: user, .declined)
    _ = try await changeRoom(id: id, at: now, by: user.id) { stored in
      var record = stored
      var change = Room.Change()
      do {
        if record.room.state.isActive {
          change = try record.room.leave(participantID, at: now)
        } else if case .pendingParticipants = record.room.state {
          change = try record.room.decline(participantID, at: now)
        }
      } catch let error as RoomError {
        throw APIErrorResponse(Self.apiError(error))
      }
      try record.room.apply(change, at: now)
      if record.composing?.participantID == participantID { record.composing = nil }
      Self.settle(&record, at: now)
      let events = SofterEvents.events(SofterEvents.roomChanged, room: record)
      record.seats[participantID] = nil
      return SofterRoomChange(record, events: events)
    }
  }

  /// An account that goes away leaves each of its rooms as `leave` does, whatever state the
  /// room is in, even one still waiting for Lightward: "X departed.", the room ends for
  /// everyone, and the others keep its ledger.
  func depart(_ id: String, by user: User) async throws {
    let now = env.now()
    let record = try await changeRoom(id: id, at: now, by: user.id) { stored in
      var record = stored
      guard
        let participantID = record.participantID(ofUser: user.id)
          ?? record.waiting.first(where: { $0.value == user.id })?.key
      else { return .unchanged(record) }
      do {
        try record.room.apply(try record.room.depart(participantID, at: now), at: now)
      } catch let error as RoomError {
        throw APIErrorResponse(Self.apiError(error))
      }
      if record.composing?.participantID == participantID { record.composing = nil }
      Self.settle(&record, at: now)
      record.seats[participantID] = nil
      record.waiting[participantID] = nil
      return .changed(record)
    }
    if let record { try await closeInvitations(of: record) }
  }

  /// The opener takes back a room still waiting for someone.
  func cancel(_ id: String, by user: User) async throws -> SofterRoomRecord {
    try await act(on: id, by: user) { room, me, now throws(RoomError) in
      try room.cancel(by: me, at: now)
    }
  }

  /// After a failed turn or invitation gave up: ask again.
  func retryLightward(_ id: String, by user: User) async throws -> SofterRoomRecord {
    let (record, _) = try await seat(in: id, for: user)
    if let retried = try await retryNow(record, by: user) { return retried }
    if case .unreachable(_, _, _, _, nil) = record.turn {
      throw APIErrorResponse(
        .conflict(
          nil, "Hearth is asking Lightward right now: its answer, or the next try, follows."))
    }
    guard case .failed(let slot, _, _, nil) = record.turn else {
      throw APIErrorResponse(
        .conflict(nil, "Lightward is not stuck: there is nothing to try again."))
    }
    let now = env.now()
    let updated = try await changeRoom(id: id, at: now, by: user.id) { stored in
      var record = stored
      record.turn = .thinking(slot: slot)
      return .changed(record)
    }
    let key = "retry-\(env.newID())"
    switch slot {
    case Self.invitationSlot: try await scheduleInvitation(record, key: key)
    case Self.cenotaphSlot: try await scheduleCenotaph(record.id, key: key)
    default: try await schedule(record, slot: slot, key: key)
    }
    return updated ?? record
  }

  // MARK: - Rules

  /// First-round intros, and Lightward's turn marked as thinking when it is due.
  static func settle(_ record: inout SofterRoomRecord, at now: Date) {
    try? record.room.apply(record.room.settle(at: now), at: now)
    if case .lightward(let slot) = record.room.fold.due, record.room.state.isActive {
      if case .failed(slot, _, _, _) = record.turn { return }
      if case .unreachable(slot, _, _, _, _) = record.turn { return }
      record.turn = .thinking(slot: slot)
    } else if record.room.state.isDefunct, record.turn.slot != cenotaphSlot {
      record.turn = .idle
    }
  }

  /// A job for whatever Lightward owes the room now. Idempotent: one job per invitation and per
  /// turn slot, however often it is called.
  func ensureLightwardScheduled(_ record: SofterRoomRecord) async throws {
    switch record.room.state {
    case .pendingParticipants(let signaled):
      if let lightward = record.room.spec.lightwardParticipant, !signaled.contains(lightward.id) {
        try await scheduleInvitation(record)
      }
    case .active:
      if case .lightward(let slot) = record.room.fold.due {
        try await schedule(record, slot: slot, key: nil)
      }
    default:
      break
    }
  }

  func scheduleInvitation(_ record: SofterRoomRecord, key: String? = nil) async throws {
    try await enqueue(Self.inviteQueue, ["roomID": record.id], key: [record.id, key])
  }

  func scheduleCenotaph(_ roomID: String, key: String?) async throws {
    try await enqueue(Self.cenotaphQueue, ["roomID": roomID], key: [roomID, key])
  }

  func schedule(_ record: SofterRoomRecord, slot: Int, key: String?) async throws {
    try await enqueue(
      Self.turnQueue, TurnPayload(roomID: record.id, slot: slot),
      key: [record.id, String(slot), key])
  }

  /// The room's end, should it still wait for someone when its days are up.
  func scheduleExpiry(_ record: SofterRoomRecord) async throws {
    let days = env.config.softer.pendingDays
    try await enqueue(
      Self.expiryQueue, ["roomID": record.id], key: [record.id],
      at: record.room.spec.createdAt + Double(days) * 86_400)
  }

  /// One job per idempotency key: the queue and the `key` parts that are there.
  func enqueue(
    _ queue: String, _ payload: some Encodable, key: [String?], at runAt: Date? = nil,
    maxAttempts: Int = Self.maxAttempts
  ) async throws {
    _ = try await env.enqueue(
      NewJob(
        queue: queue, payload: SofterCoding.encode(payload), runAt: runAt ?? env.now(),
        idempotencyKey: ([queue] + key.compactMap { $0 }).joined(separator: ":"),
        maxAttempts: maxAttempts))
  }

  struct TurnPayload: Codable {
    var roomID: String
    var slot: Int
    /// Which slow attempt this is, once Lightward could not be reached; nil for the quick ones.
    var outageAttempt: Int?
  }

  static func apiError(_ error: RoomError) -> APIError {
    switch error {
    case .notParticipant:
      return .notFound("room")
    case .emptyMessage:
      return APIError(status: 400, code: error.code, message: error.message, field: "text")
    case .notOriginator:
      return APIError(status: 403, code: error.code, message: error.message)
    default:
      return APIError(status: 409, code: error.code, message: error.message)
    }
  }
}
