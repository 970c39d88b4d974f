import Foundation
import HearthCore
import HearthSQL

/// The writes of sharing as statements of a transaction, written once for both databases, so an
/// app can share or unshare a resource in the same transaction that creates or deletes it.
extension SQLTransaction {
  /// Makes a resource shareable; idempotent (a second call renames it).
  public func createShare(_ share: Share) async throws {
    let ref = share.resource
    try await execute(
      """
      INSERT INTO shares (app, kind, resource_id, owner_id, title, created_at)
      VALUES (\(ref.app), \(ref.kind), \(ref.id), \(share.ownerID), \(share.title),
        \(share.createdAt))
      ON CONFLICT (app, kind, resource_id) DO UPDATE SET title = excluded.title
      """)
  }

  /// Inserts or replaces the participant row and tells the resource and the person; throws
  /// `StoreError.notFound` when the share or the person does not exist.
  public func putParticipant(_ participant: Participant) async throws {
    let ref = participant.resource
    guard try await share(ref, locked: true) != nil,
      try await row("SELECT id FROM users WHERE id = \(participant.userID)") != nil
    else { throw StoreError.notFound }
    try await execute(
      """
      INSERT INTO participants (app, kind, resource_id, user_id, status, permission, invited_by,
        updated_at)
      VALUES (\(ref.app), \(ref.kind), \(ref.id), \(participant.userID),
        \(participant.status.rawValue), \(participant.permission.rawValue),
        \(participant.invitedBy), \(participant.updatedAt))
      ON CONFLICT (app, kind, resource_id, user_id) DO UPDATE SET
        status = excluded.status, permission = excluded.permission,
        invited_by = excluded.invited_by, updated_at = excluded.updated_at
      """)
    try await appendEvents(ShareEvents.participantChanged(participant), at: participant.updatedAt)
  }

  /// Tells the owner and every invited or accepted participant, then deletes the share (its
  /// participants cascade).
  public func deleteShare(_ resource: ResourceRef, at: Date) async throws {
    guard let share = try await share(resource, locked: true) else { return }
    let participants: [String] = try await rows(
      """
      SELECT user_id FROM participants
      WHERE app = \(resource.app) AND kind = \(resource.kind) AND resource_id = \(resource.id)
        AND user_id <> \(share.ownerID) AND status IN ('invited', 'accepted')
      ORDER BY user_id
      """
    ).map { try $0["user_id"] }
    try await appendEvents(
      ShareEvents.shareDeleted(share, recipients: [share.ownerID] + participants), at: at)
    try await execute(
      """
      DELETE FROM shares
      WHERE app = \(resource.app) AND kind = \(resource.kind) AND resource_id = \(resource.id)
      """)
  }

  /// The share, on PostgreSQL locked until the transaction ends when `locked` (SQLite's
  /// transaction holds the whole file).
  func share(_ resource: ResourceRef, locked: Bool) async throws -> Share? {
    let lock: SQL = locked && dialect == .postgres ? " FOR UPDATE" : ""
    return try await row(
      """
      SELECT owner_id, title, created_at FROM shares
      WHERE app = \(resource.app) AND kind = \(resource.kind) AND resource_id = \(resource.id)\(lock)
      """
    ).map {
      Share(
        resource: resource, ownerID: try $0["owner_id"], title: try $0["title"],
        createdAt: try $0["created_at"])
    }
  }
}
