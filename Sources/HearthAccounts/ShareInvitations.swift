import Foundation
import HearthCore
import HearthNotifications
import HearthPlatform
import HearthSQL

/// What the owner of a shared resource sees and controls of its invitations by email: they are
/// listed beside the people, each can be cancelled, and stopping sharing cancels them all. A
/// cancelled or expired invitation gives nothing, and its link says why.
public struct ShareInvitations: Sendable {
  /// How long an invitation, to an account or by email, may wait for an answer.
  public static let lifetime: TimeInterval = 14 * 24 * 3600

  /// When an invitation to an account stops being open: a change of its permission renews it.
  public static func expiry(of participant: Participant) -> Date {
    participant.updatedAt + lifetime
  }

  /// An invitation by email nobody has answered yet, as its owner sees it.
  public struct Emailed: Codable, Equatable, Sendable {
    public var id, email, permission: String
    public var invitedAt, expiresAt: Date
  }

  let env: HearthEnvironment

  public init(env: HearthEnvironment) {
    self.env = env
  }

  /// Where the owner cancels one invitation by email (DELETE).
  public static func path(_ resource: ResourceRef, invitation id: String) -> String {
    "/api/shares/\(resource.app)/\(resource.kind)/\(resource.id)/invitations/\(id)"
  }

  /// The live invitations by email to `resource`, oldest first.
  public func emailed(_ resource: ResourceRef) async throws -> [Emailed] {
    try await env.database.rows(
      """
      SELECT id, email, permission, created_at, expires_at FROM email_invitations
      WHERE resource_app = \(resource.app) AND resource_kind = \(resource.kind)
        AND resource_id = \(resource.id) AND accepted_at IS NULL AND cancelled_at IS NULL
        AND expires_at > \(env.now())
      ORDER BY created_at, id
      """
    ).map {
      Emailed(
        id: try $0["id"], email: try $0["email"], permission: try $0["permission"],
        invitedAt: try $0["created_at"], expiresAt: try $0["expires_at"])
    }
  }

  /// Cancels one invitation by email to `resource`; false when there is no such live one.
  @discardableResult
  public func cancelEmailed(id: String, of resource: ResourceRef) async throws -> Bool {
    guard try await emailed(resource).contains(where: { $0.id == id }) else { return false }
    let only: SQL = "AND id = \(id)"
    try await cancel(resource, only)
    return true
  }

  /// Cancels every invitation by email to `resource`, as stopping sharing does.
  public func cancelAllEmailed(of resource: ResourceRef) async throws {
    try await cancel(resource, "")
  }

  private func cancel(_ resource: ResourceRef, _ condition: SQL) async throws {
    let now = env.now()
    try await env.database.transaction { tx in
      try await tx.execute(
        """
        UPDATE email_invitations SET cancelled_at = \(now)
        WHERE resource_app = \(resource.app) AND resource_kind = \(resource.kind)
          AND resource_id = \(resource.id) AND accepted_at IS NULL AND cancelled_at IS NULL
          \(condition)
        """)
    }
  }
}
