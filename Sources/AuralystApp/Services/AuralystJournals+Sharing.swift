import AuralystCore
import Foundation
import HearthAccounts
import HearthCore
import HearthPlatform

/// Sharing a journal through the platform's invitations: the owner invites by email with
/// read-only or read-write permission, changes it, removes people or stops sharing; a
/// collaborator may leave. Access is checked on every request, so a removed person's next
/// request sees nothing.
extension AuralystJournals {
  func participants(_ opened: Opened) async throws -> [(participant: Participant, user: User?)] {
    var people: [(participant: Participant, user: User?)] = []
    for participant in try await database.participants(
      AuralystStoreSupport.resource(opened.journal.id))
    where participant.status != .removed && participant.status != .declined {
      people.append((participant, try await database.user(id: participant.userID)))
    }
    return people
  }

  func invite(_ opened: Opened, email: String?, permission: String?, accounts: AccountService)
    async throws
  {
    try opened.access.require(.owner, what: "journal")
    guard let email else { throw APIErrorResponse(.missing("email")) }
    let permission = try Self.permission(permission)
    let resource = AuralystStoreSupport.resource(opened.journal.id)
    // Someone with no account yet is mailed a link to sign up and join.
    guard
      case .user(let invitee) = try await accounts.resolveOrInviteByEmail(
        email, resource: resource, permission: permission, invitedBy: opened.user)
    else { return }
    guard invitee.id != opened.user.id else {
      throw APIErrorResponse(.invalid("email", "This is your own journal."))
    }
    let current = try await database.participant(resource, userID: invitee.id)
    // Someone already in keeps their place; only the permission changes.
    let status: ParticipantStatus = current?.status == .accepted ? .accepted : .invited
    try await database.putParticipant(
      Participant(
        resource: resource, userID: invitee.id, status: status, permission: permission,
        invitedBy: opened.user.id, updatedAt: env.now()))
  }

  func setPermission(_ opened: Opened, userID: String, permission: String?) async throws {
    try opened.access.require(.owner, what: "journal")
    let permission = try Self.permission(permission)
    var participant = try await activeParticipant(opened, userID: userID)
    participant.permission = permission
    participant.updatedAt = env.now()
    try await database.putParticipant(participant)
  }

  /// The owner removes anyone; a collaborator removes only themself (leaves).
  func removeParticipant(_ opened: Opened, userID: String) async throws {
    if !opened.isOwner && userID != opened.user.id {
      throw APIErrorResponse(.forbidden)
    }
    var participant = try await activeParticipant(opened, userID: userID)
    participant.status = .removed
    participant.updatedAt = env.now()
    try await database.putParticipant(participant)
  }

  /// Invitations by email nobody answered yet, for the owner's share list.
  func emailedInvitations(_ opened: Opened) async throws -> [ShareInvitations.Emailed] {
    guard opened.isOwner else { return [] }
    return try await ShareInvitations(env: env).emailed(
      AuralystStoreSupport.resource(opened.journal.id))
  }

  /// Everyone loses access, and every invitation still waiting, to an account or by email, is
  /// cancelled.
  func stopSharing(_ opened: Opened) async throws {
    try opened.access.require(.owner, what: "journal")
    try await ShareInvitations(env: env).cancelAllEmailed(
      of: AuralystStoreSupport.resource(opened.journal.id))
    for (participant, _) in try await participants(opened) {
      var removed = participant
      removed.status = .removed
      removed.updatedAt = env.now()
      try await database.putParticipant(removed)
    }
  }

  private func activeParticipant(_ opened: Opened, userID: String) async throws -> Participant {
    guard
      let participant = try await database.participant(
        AuralystStoreSupport.resource(opened.journal.id), userID: userID),
      participant.status == .invited || participant.status == .accepted
    else { throw APIErrorResponse(.notFound("participant")) }
    return participant
  }

  static func permission(_ text: String?) throws -> Permission {
    guard let text else { throw APIErrorResponse(.missing("permission")) }
    guard let permission = Permission(rawValue: text) else {
      throw APIErrorResponse(.invalid("permission", "permission is read-only or read-write."))
    }
    return permission
  }
}
