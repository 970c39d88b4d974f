import CanonicalJSON
import Foundation
import HearthCore
import HearthNotifications
import HearthOpenAPI
import HearthPlatform
import HearthSQL
import Hummingbird

/// Pending invitations across every app, and answering them.
package struct InvitationsController: Sendable {
  package let env: HearthEnvironment
  package let modules: [any AccountModule]

  package init(env: HearthEnvironment, modules: [any AccountModule]) {
    self.env = env
    self.modules = modules
  }

  package struct InvitationBody: Codable {
    var app, kind, resourceId, title, ownerName, permission: String
    var invitedAt, expiresAt: Date
    /// True while the invitee's email is unconfirmed: accepting waits for the confirmation.
    var waitingForConfirmation: Bool

    init(_ invitation: Invitation, unconfirmed: Bool) {
      app = invitation.share.resource.app
      kind = invitation.share.resource.kind
      resourceId = invitation.share.resource.id
      title = invitation.share.title
      ownerName = invitation.ownerName
      permission = invitation.participant.permission.rawValue
      invitedAt = invitation.participant.updatedAt
      expiresAt = ShareInvitations.expiry(of: invitation.participant)
      waitingForConfirmation = unconfirmed
    }
  }

  /// `{"invitations": [...]}`: the pending invitations, before and after an answer.
  package struct InvitationList: Codable {
    var invitations: [InvitationBody]
  }

  /// Optional to the decoder so that `respond` names what is missing, in its order.
  package struct ResponseInput: Decodable, JSONSchemaRefined {
    var app: String?
    var kind: String?
    var resourceId: String?
    var decision: String?

    package static let schemaRequired = ["app", "kind", "resourceId", "decision"]
    package static let schemaRefinements: [String: JSON] = [
      "decision": ["enum": ["accept", "decline"]]
    ]
  }

  package func register(_ api: APIRouteTable) {
    api.add(
      APIOperation(
        .get, "/api/invitations", summary: "Invitations waiting for an answer, from every app",
        tag: "sharing", responses: [(200, Schemas.of(InvitationList.self))], errors: [401]),
      use: pending)
    api.add(
      APIOperation(
        .post, "/api/invitations/respond", summary: "Accept or decline an invitation",
        tag: "sharing",
        requestBody: Schemas.of(ResponseInput.self),
        responses: [(200, Schemas.of(InvitationList.self))],
        errors: [400, 401, 403, 404, 410, 413]),
      use: answer)
  }

  @Sendable func pending(_ request: Request, _ context: AppRequestContext) async throws
    -> Response
  {
    JSONBody.response(try await list(for: try context.requireCaller().user))
  }

  package func list(for user: User) async throws -> InvitationList {
    let unconfirmed = EmailVerification(env: env).needsVerification(user)
    return InvitationList(
      invitations: try await live(for: user).map {
        InvitationBody($0, unconfirmed: unconfirmed)
      })
  }

  /// The invitations still open to `user`, leaving out those that expired.
  package func live(for user: User) async throws -> [Invitation] {
    let now = env.now()
    return try await env.database.pendingInvitations(userID: user.id).filter {
      ShareInvitations.expiry(of: $0.participant) > now
    }
  }

  @Sendable func answer(_ request: Request, _ context: AppRequestContext) async throws -> Response {
    let caller = try context.requireCaller()
    let input = try await JSONBody.decode(
      ResponseInput.self, from: request, route: "POST /api/invitations/respond")
    try await respond(
      user: caller.user, app: input.app, kind: input.kind, resourceID: input.resourceId,
      decision: input.decision)
    return JSONBody.response(try await list(for: caller.user))
  }

  /// Shared by the JSON API and the invitations page.
  package func respond(
    user: User, app: String?, kind: String?, resourceID: String?, decision: String?
  ) async throws {
    guard let app, !app.isEmpty else { throw APIErrorResponse(.missing("app")) }
    guard let kind, !kind.isEmpty else { throw APIErrorResponse(.missing("kind")) }
    guard let resourceID, !resourceID.isEmpty else {
      throw APIErrorResponse(.missing("resourceId"))
    }
    let status: ParticipantStatus
    switch decision {
    case "accept": status = .accepted
    case "decline": status = .declined
    case nil: throw APIErrorResponse(.missing("decision"))
    default: throw APIErrorResponse(.invalid("decision", "decision must be accept or decline."))
    }
    if status == .accepted, EmailVerification(env: env).needsVerification(user) {
      throw APIErrorResponse(Self.unconfirmed(user))
    }
    let ref = ResourceRef(app: app, kind: kind, id: resourceID)
    for module in modules where type(of: module).app.slug == app {
      if try await module.answerInvitation(ref, accept: status == .accepted, by: user) { return }
    }
    guard var participant = try await env.database.participant(ref, userID: user.id) else {
      throw APIErrorResponse(.notFound("invitation"))
    }
    switch participant.status {
    case .invited where ShareInvitations.expiry(of: participant) <= env.now():
      throw APIErrorResponse(
        APIError(
          status: 410, code: "invitation_expired",
          message: "This invitation expired; ask whoever sent it for a new one."))
    case .invited:
      break
    case .removed:
      throw APIErrorResponse(
        APIError(
          status: 410, code: "invitation_cancelled",
          message: "This invitation was cancelled: the owner withdrew it or stopped sharing."))
    case .accepted, .declined:
      throw APIErrorResponse(.notFound("invitation"))
    }
    participant.status = status
    participant.updatedAt = env.now()
    try await env.database.putParticipant(participant)
  }

  /// Access goes only to an address its owner has shown they receive mail at.
  package static func unconfirmed(_ user: User) -> APIError {
    APIError(
      status: 403, code: "email_unconfirmed",
      message:
        "Confirm your email address first: open the link we sent to \(user.email). "
        + "You can send it again from your account page; the invitation waits for you.")
  }
}
