import Foundation
import GRDB
import HearthCore

extension SQLiteDatabase {
  public func createShare(_ share: Share) async throws {
    try await transaction { try await $0.createShare(share) }
  }

  public func share(_ resource: ResourceRef) async throws -> Share? {
    try await read { db in try Self.fetchShare(db, resource) }
  }

  public func deleteShare(_ resource: ResourceRef, at: Date) async throws {
    try await transaction { try await $0.deleteShare(resource, at: at) }
  }

  public func putParticipant(_ participant: Participant) async throws {
    try await transaction { try await $0.putParticipant(participant) }
  }

  public func participants(_ resource: ResourceRef) async throws -> [Participant] {
    try await read { db in
      try Row.fetchAll(
        db,
        sql: """
          SELECT * FROM participants WHERE app = ? AND kind = ? AND resource_id = ?
          ORDER BY updated_at, user_id
          """, arguments: Self.key(resource)
      ).map(Self.participant(from:))
    }
  }

  public func participant(_ resource: ResourceRef, userID: String) async throws -> Participant? {
    try await read { db in try Self.fetchParticipant(db, resource, userID: userID) }
  }

  public func pendingInvitations(userID: String) async throws -> [Invitation] {
    try await read { db in
      try Row.fetchAll(
        db,
        sql: """
          SELECT p.*, s.owner_id, s.title, s.created_at AS shareCreatedAt, u.display_name AS ownerName
          FROM participants p
          JOIN shares s ON s.app = p.app AND s.kind = p.kind AND s.resource_id = p.resource_id
          JOIN users u ON u.id = s.owner_id
          WHERE p.user_id = ? AND p.status = 'invited'
          ORDER BY p.updated_at DESC, p.resource_id
          """, arguments: [userID]
      ).map { row in
        let participant = Self.participant(from: row)
        let share = Share(
          resource: participant.resource, ownerID: row["owner_id"], title: row["title"],
          createdAt: row.date("shareCreatedAt"))
        return Invitation(share: share, participant: participant, ownerName: row["ownerName"])
      }
    }
  }

  public func access(_ resource: ResourceRef, userID: String) async throws -> Access {
    try await read { db in try Self.access(db, resource, userID: userID) }
  }

  package static func access(_ db: Database, _ resource: ResourceRef, userID: String) throws
    -> Access
  {
    guard let share = try fetchShare(db, resource) else { return .none }
    let participant = try fetchParticipant(db, resource, userID: userID)
    return Access.of(
      ownerID: share.ownerID, userID: userID,
      participant: participant.map { ($0.status, $0.permission) })
  }

  package static func key(_ resource: ResourceRef) -> StatementArguments {
    [resource.app, resource.kind, resource.id]
  }

  package static func fetchShare(_ db: Database, _ resource: ResourceRef) throws -> Share? {
    try Row.fetchOne(
      db, sql: "SELECT * FROM shares WHERE app = ? AND kind = ? AND resource_id = ?",
      arguments: key(resource)
    ).map { row in
      Share(
        resource: resource, ownerID: row["owner_id"], title: row["title"],
        createdAt: row.date("created_at"))
    }
  }

  package static func fetchParticipant(_ db: Database, _ resource: ResourceRef, userID: String)
    throws
    -> Participant?
  {
    try Row.fetchOne(
      db,
      sql:
        "SELECT * FROM participants WHERE app = ? AND kind = ? AND resource_id = ? AND user_id = ?",
      arguments: key(resource) + [userID]
    ).map(participant(from:))
  }

  package static func participant(from row: Row) -> Participant {
    Participant(
      resource: ResourceRef(app: row["app"], kind: row["kind"], id: row["resource_id"]),
      userID: row["user_id"], status: ParticipantStatus(rawValue: row["status"]) ?? .removed,
      permission: Permission(rawValue: row["permission"]) ?? .readOnly,
      invitedBy: row["invited_by"], updatedAt: row.date("updated_at"))
  }
}
