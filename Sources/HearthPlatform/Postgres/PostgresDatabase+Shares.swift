import Foundation
import HearthCore
import PostgresNIO

/// Share events come from `ShareEvents`, so every store sends the same payloads.
extension PostgresDatabase {
  package static func share(from row: PostgresRow) throws -> Share {
    let (app, kind, id, ownerID, title, createdAt) = try row.decode(
      (String, String, String, String, String, Date).self)
    return Share(
      resource: ResourceRef(app: app, kind: kind, id: id), ownerID: ownerID, title: title,
      createdAt: createdAt)
  }

  /// Decodes `app, kind, resource_id, user_id, status, permission, invited_by, updated_at`.
  package static func participant(from row: PostgresRow) throws -> Participant {
    let (app, kind, id, userID, status, permission, invitedBy, updatedAt) = try row.decode(
      (String, String, String, String, String, String, String, Date).self)
    guard let status = ParticipantStatus(rawValue: status),
      let permission = Permission(rawValue: permission)
    else { throw PostgresDataError("participant \(userID) of \(app)/\(kind)/\(id) is invalid") }
    return Participant(
      resource: ResourceRef(app: app, kind: kind, id: id), userID: userID, status: status,
      permission: permission, invitedBy: invitedBy, updatedAt: updatedAt)
  }

  public func createShare(_ share: Share) async throws {
    try await transaction { (tx: any SQLTransaction) in try await tx.createShare(share) }
  }

  public func share(_ resource: ResourceRef) async throws -> Share? {
    try await queryRows(
      """
      SELECT app, kind, resource_id, owner_id, title, created_at FROM shares
      WHERE app = \(resource.app) AND kind = \(resource.kind) AND resource_id = \(resource.id)
      """
    ).first.map(Self.share(from:))
  }

  public func deleteShare(_ resource: ResourceRef, at: Date) async throws {
    try await transaction { (tx: any SQLTransaction) in try await tx.deleteShare(resource, at: at) }
  }

  public func putParticipant(_ participant: Participant) async throws {
    try await transaction { (tx: any SQLTransaction) in try await tx.putParticipant(participant) }
  }

  /// Oldest change first.
  public func participants(_ resource: ResourceRef) async throws -> [Participant] {
    try await queryRows(
      """
      SELECT app, kind, resource_id, user_id, status, permission, invited_by, updated_at
      FROM participants
      WHERE app = \(resource.app) AND kind = \(resource.kind) AND resource_id = \(resource.id)
      ORDER BY updated_at, user_id
      """
    ).map(Self.participant(from:))
  }

  public func participant(_ resource: ResourceRef, userID: String) async throws -> Participant? {
    try await queryRows(
      """
      SELECT app, kind, resource_id, user_id, status, permission, invited_by, updated_at
      FROM participants
      WHERE app = \(resource.app) AND kind = \(resource.kind) AND resource_id = \(resource.id)
        AND user_id = \(userID)
      """
    ).first.map(Self.participant(from:))
  }

  /// Invitations still waiting for `userID`'s answer, newest first.
  public func pendingInvitations(userID: String) async throws -> [Invitation] {
    try await queryRows(
      """
      SELECT p.app, p.kind, p.resource_id, p.user_id, p.status, p.permission, p.invited_by,
        p.updated_at, s.owner_id, s.title, s.created_at, u.display_name
      FROM participants p
      JOIN shares s ON s.app = p.app AND s.kind = p.kind AND s.resource_id = p.resource_id
      JOIN users u ON u.id = s.owner_id
      WHERE p.user_id = \(userID) AND p.status = \(ParticipantStatus.invited.rawValue)
      ORDER BY p.updated_at DESC, p.app, p.kind, p.resource_id
      """
    ).map { row in
      let participant = try Self.participant(from: row)
      let (_, _, _, _, _, _, _, _, ownerID, title, createdAt, ownerName) = try row.decode(
        (String, String, String, String, String, String, String, Date, String, String, Date, String)
          .self)
      let share = Share(
        resource: participant.resource, ownerID: ownerID, title: title, createdAt: createdAt)
      return Invitation(share: share, participant: participant, ownerName: ownerName)
    }
  }

  public func access(_ resource: ResourceRef, userID: String) async throws -> Access {
    let found = try await queryRows(
      """
      SELECT s.owner_id, p.status, p.permission
      FROM shares s
      LEFT JOIN participants p ON p.app = s.app AND p.kind = s.kind
        AND p.resource_id = s.resource_id AND p.user_id = \(userID)
      WHERE s.app = \(resource.app) AND s.kind = \(resource.kind) AND s.resource_id = \(resource.id)
      """)
    guard let row = found.first else { return .none }
    let (ownerID, status, permission) = try row.decode((String, String?, String?).self)
    var entry: (ParticipantStatus, Permission)?
    if let status = status.flatMap(ParticipantStatus.init(rawValue:)),
      let permission = permission.flatMap(Permission.init(rawValue:))
    {
      entry = (status, permission)
    }
    return Access.of(ownerID: ownerID, userID: userID, participant: entry)
  }
}
