import Foundation
import HearthAccounts
import HearthCore
import HearthPlatform
import SofterCore

/// People invited without an account: their seat is in the roster from the start under the
/// nickname the originator chose, the platform mails their link once Lightward is in, and the
/// account they make from it (or by confirming that address later) takes the seat. The
/// originator sees every invitation still waiting and may withdraw each.
extension SofterRooms {
  /// Mails the invitations by email that waited for Lightward to accept, once each. One the
  /// originator cancelled through the platform's list of the share's invitations is a
  /// withdrawal like any other: the room ends. Returns the room as it is now.
  @discardableResult
  func mailInvitations(of record: SofterRoomRecord) async throws -> SofterRoomRecord {
    guard record.room.state.isPending, Self.lightwardIsIn(record) else { return record }
    let invitations = EmailInvitations(env: env)
    let resource = Self.resource(record.id)
    try await invitations.mailWaiting(resource)
    let unseated = record.room.spec.participants.filter {
      record.seats[$0.id] == nil && record.waiting[$0.id] == nil && !$0.isLightward
    }
    guard !unseated.isEmpty else { return record }
    let standing = try await invitations.standing(resource)
    guard let withdrawn = unseated.first(where: { !standing.contains($0.identifier.displayString) })
    else { return record }
    let now = env.now()
    guard
      let ended = try await changeRoom(
        id: record.id, at: now, by: record.originatorUserID,
        decide: { stored in
          var record = stored
          guard
            let change = try? record.room.withdraw(
              withdrawn.id, by: record.room.spec.originatorID, at: now)
          else { return .unchanged(record) }
          try record.room.apply(change, at: now)
          Self.settle(&record, at: now)
          return .changed(record)
        })
    else { return record }
    try await closeInvitations(of: ended)
    return ended
  }

  static func lightwardIsIn(_ record: SofterRoomRecord) -> Bool {
    guard let lightward = record.room.spec.lightwardParticipant else { return false }
    switch record.room.state {
    case .pendingParticipants(let signaled): return signaled.contains(lightward.id)
    case .active: return true
    case .draft, .defunct: return false
    }
  }

  /// Seats `user` wherever an invitation by email they answered names them and the room still
  /// invites them (the platform made them an invited participant): in `roomID` only, or in
  /// every room.
  func claimEmailSeats(of user: User, roomID: String? = nil) async throws {
    let accepted = try await EmailInvitations(env: env).accepted(
      by: user, app: Self.resource("").app, kind: Self.resource("").kind, id: roomID)
    for (resource, email) in accepted {
      // Read before taking the room's lock: once seated, the person is seated on every later
      // look, while the invitation still waits for their answer.
      guard try await env.database.participant(resource, userID: user.id)?.status == .invited,
        let stored = try await env.database.softerStore.softerRoom(id: resource.id),
        stored.participantID(ofUser: user.id) == nil, !stored.waiting.values.contains(user.id)
      else { continue }
      _ = try await changeRoom(id: resource.id, at: env.now()) { stored in
        var record = stored
        let taken = Set(record.seats.keys).union(record.waiting.keys)
        guard record.participantID(ofUser: user.id) == nil,
          !record.waiting.values.contains(user.id), !record.room.state.isDefunct,
          let seat = record.room.spec.participants.first(where: {
            $0.identifier == .email(email) && !taken.contains($0.id)
          })
        else { return .unchanged(record) }
        if Self.lightwardIsIn(record) {
          record.seats[seat.id] = user.id
        } else {
          record.waiting[seat.id] = user.id
        }
        return .changed(record)
      }
    }
  }

  /// The originator withdraws the invitation of someone not yet here; the room's rules end the
  /// room (see `Room.withdraw`), and its other invitations are taken back with it.
  func withdraw(_ participantID: String, in id: String, by user: User) async throws
    -> SofterRoomRecord
  {
    try await act(on: id, by: user) { room, me, now throws(RoomError) in
      try room.withdraw(participantID, by: me, at: now)
    }
  }

  /// Why an invitation `user` answers no longer stands: 410, in words for them.
  func takenBack(_ id: String, from user: User) async throws -> APIError {
    let record = try await env.database.softerStore.softerRoom(id: id)
    let seat = record?.participantID(ofUser: user.id) ?? ""
    let message =
      if let record,
        record.room.contains(messageID: StableID.withdrawn(room: id, participant: seat))
      {
        "\(record.room.spec.nickname(of: record.room.spec.originatorID)) withdrew this invitation, "
          + "and the room ended. Ask them for a new room if you would like one."
      } else if record?.room.state.defunctReason == .expired {
        "This invitation expired: the room ended because not everyone arrived in time."
      } else {
        "This invitation was taken back: the room ended before you answered."
      }
    return APIError(status: 410, code: "invitation_cancelled", message: message)
  }

  /// The invitations of a room still waiting for people, for its originator; 403 for anyone
  /// else seated in it, 404 for everyone else.
  func pendingInvitations(_ id: String, for user: User) async throws -> [SofterPendingInvitation] {
    let record = try await room(id, for: user)
    guard record.participantID(ofUser: user.id) == record.room.spec.originatorID else {
      throw APIErrorResponse(Self.apiError(.notOriginator))
    }
    return SofterPendingInvitation.all(in: record)
  }
}

/// One person the room still waits for, as its originator sees it.
struct SofterPendingInvitation: Codable, Equatable {
  var participantId, nickname, contact: String
  /// `waitingForLightward`: nobody is invited before Lightward accepts; `invited`: their account
  /// has the invitation; `emailed`: a sign-up link went to an address with no account.
  var status: String

  /// Nobody waits once the room is active or ended.
  static func all(in record: SofterRoomRecord) -> [SofterPendingInvitation] {
    guard case .pendingParticipants(let signaled) = record.room.state else { return [] }
    let spec = record.room.spec
    let lightwardIsIn = SofterRooms.lightwardIsIn(record)
    return spec.participants.filter {
      !$0.isLightward && $0.id != spec.originatorID && !signaled.contains($0.id)
    }.map {
      let status =
        !lightwardIsIn ? "waitingForLightward" : record.seats[$0.id] != nil ? "invited" : "emailed"
      return SofterPendingInvitation(
        participantId: $0.id, nickname: $0.nickname, contact: $0.identifier.displayString,
        status: status)
    }
  }
}
