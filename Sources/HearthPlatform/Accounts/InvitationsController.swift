import CanonicalJSON
import Foundation
import HearthCore
import Hummingbird

/// Pending invitations across every app, and answering them.
package struct InvitationsController: Sendable {
  package let env: HearthEnvironment
  package let modules: [any HearthAppModule]

  package struct InvitationBody: Codable {
    var app, kind, resourceId, title, ownerName, permission: String
    var invitedAt: Date

    init(_ invitation: Invitation) {
      app = invitation.share.resource.app
      kind = invitation.share.resource.kind
      resourceId = invitation.share.resource.id
      title = invitation.share.title
      ownerName = invitation.ownerName
      permission = invitation.participant.permission.rawValue
      invitedAt = invitation.participant.updatedAt
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
        responses: [(200, Schemas.of(InvitationList.self))], errors: [400, 401, 404, 413]),
      use: answer)
  }

  @Sendable func pending(_ request: Request, _ context: AppRequestContext) async throws
    -> Response
  {
    let caller = try context.requireCaller()
    let invitations = try await env.database.pendingInvitations(userID: caller.user.id)
    return JSONBody.response(InvitationList(invitations: invitations.map(InvitationBody.init)))
  }

  @Sendable func answer(_ request: Request, _ context: AppRequestContext) async throws -> Response {
    let caller = try context.requireCaller()
    let input = try await JSONBody.decode(
      ResponseInput.self, from: request, route: "POST /api/invitations/respond")
    try await respond(
      user: caller.user, app: input.app, kind: input.kind, resourceID: input.resourceId,
      decision: input.decision)
    let invitations = try await env.database.pendingInvitations(userID: caller.user.id)
    return JSONBody.response(InvitationList(invitations: invitations.map(InvitationBody.init)))
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
    let ref = ResourceRef(app: app, kind: kind, id: resourceID)
    for module in modules where type(of: module).app.slug == app {
      if try await module.answerInvitation(ref, accept: status == .accepted, by: user) { return }
    }
    guard var participant = try await env.database.participant(ref, userID: user.id),
      participant.status == .invited
    else { throw APIErrorResponse(.notFound("invitation")) }
    participant.status = status
    participant.updatedAt = env.now()
    try await env.database.putParticipant(participant)
  }
}
