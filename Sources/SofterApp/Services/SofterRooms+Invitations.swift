import Foundation
import HearthAccounts
import HearthCore
import HearthPlatform
import SofterCore

/// Opening a room with its invitations, answering them, and taking back those a room that ended
/// no longer needs.
extension SofterRooms {
  struct Invitee: Sendable {
    var contact: String
    var nickname: String
  }

  func create(
    by user: User, nickname: String?, invitees: [Invitee], tier dollars: Int?,
    turnLimitDays: Int? = nil
  ) async throws -> SofterRoomRecord {
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
    var emailed: [String: String] = [:]
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
      let invited = try await resolve(
        invitee.contact, field: "\(field).contact",
        missing: "Enter \(nickname)'s email.")
      guard seen.insert(invited.account?.id ?? invited.email).inserted else {
        throw APIErrorResponse(
          APIError(
            status: 422, code: "duplicate_participant",
            message: invited.account?.id == user.id
              ? "You are in the room already; invite the others."
              : "\(invitee.contact) is in the room twice.", field: "\(field).contact"))
      }
      let participant = ParticipantSpec(
        id: env.newID(), identifier: .email(invited.email), nickname: nickname)
      others.append(participant)
      if let account = invited.account {
        seats[participant.id] = account.id
      } else {
        emailed[participant.id] = invited.email
      }
    }
    let now = env.now()
    let originator = ParticipantSpec(id: env.newID(), identifier: .originator, nickname: nickname)
    let spec = RoomSpec(
      id: env.newID(), originatorID: originator.id,
      participants: RoomSpec.roster(
        originator: originator, lightwardID: env.newID(), others: others),
      tier: tier, createdAt: now, turnLimitDays: turnLimitDays)
    // The others are invited once Lightward accepts (see `invitations`); those without an
    // account are recorded now, so that the limits answer before anything is made, and mailed
    // then (see `mailInvitations`).
    let record = SofterRoomRecord(
      room: Room.open(spec: spec, at: now), seats: [originator.id: user.id], waiting: seats,
      voice: voice.seatedName, turn: .thinking(slot: Self.invitationSlot))
    let invitations = EmailInvitations(env: env)
    do {
      for email in emailed.values.sorted() {
        try await invitations.invite(
          email: email, resource: Self.resource(spec.id), permission: .readWrite,
          invitedBy: user, mail: false)
      }
      try await payments.commit(tier: tier, userID: user.id, roomID: spec.id)
      try await env.database.softerStore.createSofterRoom(
        record,
        share: Share(
          resource: Self.resource(spec.id), ownerID: user.id,
          title: "A Softer room: " + spec.participants.map(\.nickname).joined(separator: ", "),
          createdAt: now),
        invited: [],
        payment: SofterPayment(
          id: env.newID(), roomID: spec.id, userID: user.id, tier: tier,
          provider: payments.name, createdAt: now),
        events: SofterEvents.events(SofterEvents.roomChanged, room: record))
    } catch {
      try? await ShareInvitations(env: env).cancelAllEmailed(of: Self.resource(spec.id))
      throw error
    }
    try await scheduleInvitation(record)
    try await scheduleExpiry(record)
    return record
  }

  static func resource(_ roomID: String) -> ResourceRef {
    ResourceRef(app: "softer", kind: "room", id: roomID)
  }

  /// Once Lightward has arrived, the waiting invitees take their seats and are invited through
  /// the platform's sharing, so the room shows in their invitations list; the invitations are
  /// stored with the change that seats them, or not at all.
  static func invitations(_ record: inout SofterRoomRecord, at now: Date) -> [Participant] {
    guard let lightward = record.room.spec.lightwardParticipant, !record.waiting.isEmpty else {
      return []
    }
    let arrived =
      switch record.room.state {
      case .pendingParticipants(let signaled): signaled.contains(lightward.id)
      case .active: true
      case .draft, .defunct: false
      }
    guard arrived else { return [] }
    let invited = record.waiting.values.sorted().map {
      Participant(
        resource: resource(record.id), userID: $0, status: .invited, permission: .readWrite,
        invitedBy: record.originatorUserID, updatedAt: now)
    }
    record.seats.merge(record.waiting) { seat, _ in seat }
    record.waiting = [:]
    return invited
  }

  /// "I'm Here", from the room or from the invitations list.
  func arrive(_ id: String, by user: User) async throws -> SofterRoomRecord {
    try await claimEmailSeats(of: user, roomID: id)
    // Someone not seated learns nothing of the room, not even that it waits for a confirmation.
    if let stored = try await env.database.softerStore.softerRoom(id: id),
      stored.participantID(ofUser: user.id) != nil
    {
      try await requireConfirmedEmail(of: user, in: stored)
    }
    let record = try await act(on: id, by: user) { room, me, now throws(RoomError) in
      try room.arrive(me, at: now)
    }
    try await answerInvitation(id, of: user, .accepted)
    return record
  }

  /// "Decline", from the room or from the invitations list: the room ends for everyone.
  func decline(_ id: String, by user: User) async throws -> SofterRoomRecord {
    try await claimEmailSeats(of: user, roomID: id)
    let record = try await act(on: id, by: user) { room, me, now throws(RoomError) in
      try room.decline(me, at: now)
    }
    try await answerInvitation(id, of: user, .declined)
    return record
  }

  func answerInvitation(_ id: String, of user: User, _ status: ParticipantStatus)
    async throws
  {
    guard var participant = try await env.database.participant(Self.resource(id), userID: user.id),
      participant.status == .invited
    else { return }
    participant.status = status
    participant.updatedAt = env.now()
    try await env.database.putParticipant(participant)
  }

  /// An email, and the Hearth account that has it if any (one without is invited by mail); a
  /// phone number finds nobody, since none is confirmed.
  private func resolve(_ contact: String, field: String, missing: String) async throws
    -> (email: String, account: User?)
  {
    let contact = contact.trimmingCharacters(in: .whitespaces)
    guard !contact.isEmpty else { throw APIErrorResponse(.missing(field, missing)) }
    guard contact.contains("@") else {
      if (try? AccountRules.phone(contact)) != nil {
        throw APIErrorResponse(AccountService.phoneNotConfirmed(field: field))
      }
      throw APIErrorResponse(.invalid(field, "\(contact) is not an email address."))
    }
    guard case .email(let email) = try Identity.parse(contact, field: field) else {
      throw APIErrorResponse(.invalid(field, "\(contact) is not an email address."))
    }
    let account = try await env.database.user(email: email)
    guard account?.disabled != true else {
      throw APIErrorResponse(
        APIError(
          status: 422, code: "unknown_participant",
          message: "The Hearth account of \(contact) is closed; it cannot be invited.",
          field: field))
    }
    return (email, account)
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

  /// A room that ended takes back the invitations nobody answered, so that no invitations list
  /// offers it and no mailed link leads to it; `except` answers their own.
  func closeInvitations(of record: SofterRoomRecord, except userID: String? = nil) async throws {
    guard case .defunct = record.room.state else { return }
    try await ShareInvitations(env: env).cancelAllEmailed(of: Self.resource(record.id))
    let now = env.now()
    for var participant in try await env.database.participants(Self.resource(record.id))
    where participant.status == .invited && participant.userID != userID {
      participant.status = .removed
      participant.updatedAt = now
      try await env.database.putParticipant(participant)
    }
  }
}
