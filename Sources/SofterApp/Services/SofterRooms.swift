import Foundation
import HearthCore
import HearthPlatform
import SofterCore

/// Softer rooms on Hearth: who may do what, the pure room rules applied in one store
/// transaction per action, events to every seat, and Lightward's part run as durable jobs.
struct SofterRooms {
  static let inviteQueue = "softer.invite"
  static let turnQueue = "softer.turn"
  static let cenotaphQueue = "softer.cenotaph"
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

  struct Invitee: Sendable {
    var contact: String
    var nickname: String
  }

  // MARK: - Creating

  func create(by user: User, nickname: String?, invitees: [Invitee], tier dollars: Int?)
    async throws -> SofterRoomRecord
  {
    let nickname = try Self.nickname(
      nickname, field: "nickname", missing: "Choose the nickname the others will see for you.")
    let tier: PaymentTier
    if let dollars {
      guard let chosen = PaymentTier(dollars: dollars) else {
        throw APIErrorResponse(.invalid("tier", "Choose a tier of 1, 10, 100 or 1000 dollars."))
      }
      tier = chosen
    } else {
      tier = PaymentTier.defaultTier(
        lastUsed: try await env.database.softerStore.lastSofterTier(userID: user.id))
    }
    guard invitees.count <= Self.maximumInvitees else {
      throw APIErrorResponse(
        .invalid("participants", "A room holds at most \(Self.maximumInvitees) other people."))
    }
    var others: [ParticipantSpec] = []
    var seats: [String: String] = [:]
    var seen: Set<String> = [user.id]
    var names: Set<String> = [nickname.lowercased()]
    for (index, invitee) in invitees.enumerated() {
      let field = "participants[\(index)]"
      let contact = invitee.contact.trimmingCharacters(in: .whitespaces)
      let nickname = try Self.nickname(
        invitee.nickname, field: "\(field).nickname",
        missing: contact.isEmpty ? "Give each person a nickname." : "Give \(contact) a nickname.")
      guard names.insert(nickname.lowercased()).inserted else {
        throw APIErrorResponse(
          .invalid(
            "\(field).nickname",
            "Someone in the room is called \(nickname) already; give each person their own nickname."
          ))
      }
      let account = try await resolve(
        invitee.contact, field: "\(field).contact",
        missing: "Enter \(nickname)'s email or phone number.")
      guard seen.insert(account.id).inserted else {
        throw APIErrorResponse(
          APIError(
            status: 422, code: "duplicate_participant",
            message: account.id == user.id
              ? "You are in the room already; invite the others."
              : "\(invitee.contact) is in the room twice.", field: "\(field).contact"))
      }
      let participant = ParticipantSpec(
        id: env.newID(), identifier: ParticipantIdentifier(contact: invitee.contact),
        nickname: nickname)
      others.append(participant)
      seats[participant.id] = account.id
    }
    let now = env.now()
    let originator = ParticipantSpec(id: env.newID(), identifier: .originator, nickname: nickname)
    seats[originator.id] = user.id
    let spec = RoomSpec(
      id: env.newID(), originatorID: originator.id,
      participants: RoomSpec.roster(
        originator: originator, lightwardID: env.newID(), others: others),
      tier: tier, createdAt: now)
    let record = SofterRoomRecord(
      room: Room.open(spec: spec, at: now), seats: seats, voice: voice.seatedName,
      turn: .thinking(slot: Self.invitationSlot))
    // The invitations go through the platform's sharing too, so they show in everyone's
    // invitations list; they are stored with the room, or not at all.
    let resource = Self.resource(spec.id)
    let invited = seats.filter { $0.key != originator.id }.values.sorted().map {
      Participant(
        resource: resource, userID: $0, status: .invited, permission: .readWrite,
        invitedBy: user.id, updatedAt: now)
    }
    try await payments.commit(tier: tier, userID: user.id, roomID: spec.id)
    try await env.database.softerStore.createSofterRoom(
      record,
      share: Share(
        resource: resource, ownerID: user.id,
        title: "A Softer room: " + spec.participants.map(\.nickname).joined(separator: ", "),
        createdAt: now),
      invited: invited,
      payment: SofterPayment(
        id: env.newID(), roomID: spec.id, userID: user.id, tier: tier,
        provider: payments.name, createdAt: now),
      events: SofterEvents.events(SofterEvents.roomChanged, room: record))
    try await scheduleInvitation(record)
    return record
  }

  static func resource(_ roomID: String) -> ResourceRef {
    ResourceRef(app: "softer", kind: "room", id: roomID)
  }

  /// "I'm Here", from the room or from the invitations list.
  func arrive(_ id: String, by user: User) async throws -> SofterRoomRecord {
    let record = try await act(on: id, by: user) { room, me, now throws(RoomError) in
      try room.arrive(me, at: now)
    }
    try await answerInvitation(id, of: user, .accepted)
    return record
  }

  /// "Decline", from the room or from the invitations list: the room ends for everyone.
  func decline(_ id: String, by user: User) async throws -> SofterRoomRecord {
    let record = try await act(on: id, by: user) { room, me, now throws(RoomError) in
      try room.decline(me, at: now)
    }
    try await answerInvitation(id, of: user, .declined)
    return record
  }

  private func answerInvitation(_ id: String, of user: User, _ status: ParticipantStatus)
    async throws
  {
    guard var participant = try await env.database.participant(Self.resource(id), userID: user.id),
      participant.status == .invited
    else { return }
    participant.status = status
    participant.updatedAt = env.now()
    try await env.database.putParticipant(participant)
  }

  /// An email, or a phone number with its country code, that names a Hearth account.
  private func resolve(_ contact: String, field: String, missing: String) async throws -> User {
    let contact = contact.trimmingCharacters(in: .whitespaces)
    guard !contact.isEmpty else { throw APIErrorResponse(.missing(field, missing)) }
    let account: User?
    if contact.contains("@") {
      account = try await env.database.user(email: contact.lowercased())
    } else {
      guard let phone = try? AccountRules.phone(contact) else {
        throw APIErrorResponse(
          .invalid(
            field, "\(contact) is neither an email address nor a phone number like +14155550123."))
      }
      account = try await env.database.user(phone: phone)
    }
    guard let account, !account.disabled else {
      throw APIErrorResponse(
        APIError(
          status: 422, code: "unknown_participant",
          message: "No Hearth account has \(contact). Ask them to sign up first, or check it.",
          field: field))
    }
    return account
  }

  private static func nickname(_ raw: String?, field: String, missing: String) throws -> String {
    let nickname = (raw ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
    guard !nickname.isEmpty else { throw APIErrorResponse(.missing(field, missing)) }
    guard nickname.count <= maximumNickname else {
      throw APIErrorResponse(
        .invalid(field, "A nickname has at most \(maximumNickname) characters."))
    }
    try AccountRules.shownToOthers(nickname, field: field, what: "A nickname")
    // The room's own voices: a person by one of these names could pass for them.
    guard !["lightward", "narrator"].contains(nickname.lowercased()) else {
      throw APIErrorResponse(
        .invalid(field, "\(nickname) is a name the room itself uses; choose another nickname."))
    }
    return nickname
  }

  // MARK: - Reading

  /// The room as a reader sees it, with whatever Lightward owes it scheduled (idempotently),
  /// the way the reference settles a room on entry.
  func room(_ id: String, for user: User) async throws -> SofterRoomRecord {
    let (record, _) = try await seat(in: id, for: user)
    try await ensureLightwardScheduled(record)
    return record
  }

  /// The room and the caller's participant in it; anyone not seated gets 404.
  private func seat(in id: String, for user: User) async throws -> (SofterRoomRecord, String) {
    guard let record = try await env.database.softerStore.softerRoom(id: id),
      let participantID = record.participantID(ofUser: user.id)
    else { throw APIErrorResponse(.notFound("room")) }
    return (record, participantID)
  }

  func rooms(for user: User) async throws -> [SofterRoomRecord] {
    try await env.database.softerStore.softerRooms(userID: user.id)
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
      let record = try await env.database.softerStore.changeSofterRoom(
        id: id, at: now,
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
    try await ensureLightwardScheduled(record)
    try await closeInvitations(of: record, except: user.id)
    return record
  }

  /// A room that ended takes back the invitations nobody answered, so that no invitations list
  /// offers it; `except` answers their own.
  func closeInvitations(of record: SofterRoomRecord, except userID: String? = nil) async throws {
    guard case .defunct = record.room.state else { return }
    let now = env.now()
    for var participant in try await env.database.participants(Self.resource(record.id))
    where participant.status == .invited && participant.userID != userID {
      participant.status = .removed
      participant.updatedAt = now
      try await env.database.putParticipant(participant)
    }
  }

  func setComposing(_ composing: Bool, in id: String, by user: User) async throws {
    let now = env.now()
    guard
      try await env.database.softerStore.changeSofterRoom(
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

  /// The originator asks for a cenotaph; Lightward writes it in a job.
  func requestCenotaph(_ id: String, by user: User) async throws -> SofterRoomRecord {
    let (record, participantID) = try await seat(in: id, for: user)
    do {
      try record.room.requireCenotaphAllowed(by: participantID)
    } catch {
      throw APIErrorResponse(Self.apiError(error))
    }
    _ = try await env.enqueue(
      NewJob(
        queue: Self.cenotaphQueue, payload: SofterCoding.encode(["roomID": id]), runAt: env.now(),
        idempotencyKey: "\(Self.cenotaphQueue):\(id)"))
    return record
  }

  /// The owner deletes the room for everyone; anyone else leaves (or declines) and loses it.
  func delete(_ id: String, by user: User) async throws {
    let (record, participantID) = try await seat(in: id, for: user)
    let now = env.now()
    if participantID == record.room.spec.originatorID {
      try await env.database.softerStore.deleteSofterRoom(
        id: id, events: SofterEvents.events(SofterEvents.roomDeleted, room: record), at: now)
      return
    }
    try await answerInvitation(id, of: user, .declined)
    _ = try await env.database.softerStore.changeSofterRoom(id: id, at: now) { stored in
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
      let events = SofterEvents.events(SofterEvents.roomChanged, room: record)
      record.seats[participantID] = nil
      return SofterRoomChange(record, events: events)
    }
  }

  /// After a failed turn or invitation gave up: ask again.
  func retryLightward(_ id: String, by user: User) async throws -> SofterRoomRecord {
    let (record, _) = try await seat(in: id, for: user)
    guard case .failed(let slot, _, _, nil) = record.turn else {
      throw APIErrorResponse(
        .conflict(nil, "Lightward is not stuck: there is nothing to try again."))
    }
    let now = env.now()
    let updated = try await env.database.softerStore.changeSofterRoom(id: id, at: now) { stored in
      var record = stored
      record.turn = .thinking(slot: slot)
      return .changed(record)
    }
    if slot == Self.invitationSlot {
      _ = try await env.enqueue(
        NewJob(
          queue: Self.inviteQueue, payload: SofterCoding.encode(["roomID": record.id]),
          runAt: now, idempotencyKey: "\(Self.inviteQueue):\(record.id):retry-\(env.newID())",
          maxAttempts: 6))
    } else {
      try await schedule(record, slot: slot, key: "retry-\(env.newID())")
    }
    return updated ?? record
  }

  // MARK: - Rules

  /// First-round intros, and Lightward's turn marked as thinking when it is due.
  static func settle(_ record: inout SofterRoomRecord, at now: Date) {
    try? record.room.apply(record.room.settle(at: now), at: now)
    if case .lightward(let slot) = record.room.fold.due, record.room.state.isActive {
      if case .failed(slot, _, _, _) = record.turn { return }
      record.turn = .thinking(slot: slot)
    } else if record.room.state.isDefunct {
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

  private func scheduleInvitation(_ record: SofterRoomRecord) async throws {
    _ = try await env.enqueue(
      NewJob(
        queue: Self.inviteQueue, payload: SofterCoding.encode(["roomID": record.id]),
        runAt: env.now(), idempotencyKey: "\(Self.inviteQueue):\(record.id)", maxAttempts: 6))
  }

  func schedule(_ record: SofterRoomRecord, slot: Int, key: String?, at runAt: Date? = nil)
    async throws
  {
    var idempotencyKey = "\(Self.turnQueue):\(record.id):\(slot)"
    if let key { idempotencyKey += ":\(key)" }
    _ = try await env.enqueue(
      NewJob(
        queue: Self.turnQueue,
        payload: SofterCoding.encode(TurnPayload(roomID: record.id, slot: slot)),
        runAt: runAt ?? env.now(), idempotencyKey: idempotencyKey, maxAttempts: 5))
  }

  struct TurnPayload: Codable {
    var roomID: String
    var slot: Int
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
