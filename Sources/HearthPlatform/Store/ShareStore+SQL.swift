import Foundation
import HearthCore
import HearthSQL

/// Sharing, written once for both databases; its writes are in `ShareWrites`.
extension HearthDatabase {
  public func createShare(_ share: Share) async throws {
    try await transaction { try await $0.createShare(share) }
  }

  public func share(_ resource: ResourceRef) async throws -> Share? {
    try await row(
      """
      SELECT owner_id, title, created_at FROM shares
      WHERE app = \(resource.app) AND kind = \(resource.kind) AND resource_id = \(resource.id)
      """
    ).map {
      Share(
        resource: resource, ownerID: try $0["owner_id"], title: try $0["title"],
        createdAt: try $0["created_at"])
    }
  }

  public func deleteShare(_ resource: ResourceRef, at: Date) async throws {
    try await transaction { try await $0.deleteShare(resource, at: at) }
  }

  public func putParticipant(_ participant: Participant) async throws {
    try await transaction { try await $0.putParticipant(participant) }
  }

  /// Oldest change first.
  public func participants(_ resource: ResourceRef) async throws -> [Participant] {
    try await rows(
      """
      \(Participant.select)
      WHERE app = \(resource.app) AND kind = \(resource.kind) AND resource_id = \(resource.id)
      ORDER BY updated_at, user_id
      """
    ).map(Participant.init(row:))
  }

  public func participant(_ resource: ResourceRef, userID: String) async throws -> Participant? {
    try await row(
      """
      \(Participant.select)
      WHERE app = \(resource.app) AND kind = \(resource.kind) AND resource_id = \(resource.id)
        AND user_id = \(userID)
      """
    ).map(Participant.init(row:))
  }

  /// Invitations still waiting for `userID`'s answer, newest first.
  public func pendingInvitations(userID: String) async throws -> [Invitation] {
    try await rows(
      """
      SELECT p.app, p.kind, p.resource_id, p.user_id, p.status, p.permission, p.invited_by,
        p.updated_at, s.owner_id, s.title, s.created_at AS share_created_at,
        u.display_name AS owner_name
      FROM participants p
      JOIN shares s ON s.app = p.app AND s.kind = p.kind AND s.resource_id = p.resource_id
      JOIN users u ON u.id = s.owner_id
      WHERE p.user_id = \(userID) AND p.status = \(ParticipantStatus.invited.rawValue)
      ORDER BY p.updated_at DESC, p.app, p.kind, p.resource_id
      """
    ).map { row in
      let participant = try Participant(row: row)
      let share = Share(
        resource: participant.resource, ownerID: try row["owner_id"], title: try row["title"],
        createdAt: try row["share_created_at"])
      return Invitation(share: share, participant: participant, ownerName: try row["owner_name"])
    }
  }

  public func access(_ resource: ResourceRef, userID: String) async throws -> Access {
    guard
      let found = try await row(
        """
        SELECT s.owner_id, p.status, p.permission
        FROM shares s
        LEFT JOIN participants p ON p.app = s.app AND p.kind = s.kind
          AND p.resource_id = s.resource_id AND p.user_id = \(userID)
        WHERE s.app = \(resource.app) AND s.kind = \(resource.kind)
          AND s.resource_id = \(resource.id)
        """)
    else { return .none }
    let status: String? = try found["status"]
    let permission: String? = try found["permission"]
    var participant: (ParticipantStatus, Permission)?
    if let status = status.flatMap(ParticipantStatus.init(rawValue:)),
      let permission = permission.flatMap(Permission.init(rawValue:))
    {
      participant = (status, permission)
    }
    return Access.of(ownerID: try found["owner_id"], userID: userID, participant: participant)
  }
}

extension Participant {
  static let select: SQL = """
    SELECT app, kind, resource_id, user_id, status, permission, invited_by, updated_at
    FROM participants
    """

  init(row: SQLRow) throws {
    self.init(
      resource: ResourceRef(app: try row["app"], kind: try row["kind"], id: try row["resource_id"]),
      userID: try row["user_id"], status: try row.decode(ParticipantStatus.self, "status"),
      permission: try row.decode(Permission.self, "permission"), invitedBy: try row["invited_by"],
      updatedAt: try row["updated_at"])
  }
}
