import Foundation
import HearthCore
import HearthNotifications
import HearthOpenAPI
import HearthPlatform
import HearthSQL
import Hummingbird

/// The owner's view of a share's invitations by email, the same for every app: list them and
/// cancel one. Anyone but the owner gets 404.
package struct ShareInvitationsController: Sendable {
  static let path = "/api/shares/:app/:kind/:resourceId/invitations"

  package let env: HearthEnvironment

  package init(env: HearthEnvironment) {
    self.env = env
  }

  /// `{"invitations": [...]}`: the invitations by email still waiting for an answer.
  package struct EmailedList: Codable {
    var invitations: [ShareInvitations.Emailed]
  }

  package func register(_ api: APIRouteTable) {
    api.add(
      APIOperation(
        .get, Self.path, summary: "Invitations by email to a resource you share (owner only)",
        tag: "sharing", responses: [(200, Schemas.of(EmailedList.self))], errors: [401, 404]),
      use: list)
    api.add(
      APIOperation(
        .delete, "\(Self.path)/:invitationId",
        summary: "Cancel an invitation by email (owner only): its link gives nothing after",
        tag: "sharing", responses: [(200, Schemas.of(EmailedList.self))], errors: [401, 404]),
      use: cancel)
  }

  @Sendable func list(_ request: Request, _ context: AppRequestContext) async throws -> Response {
    let resource = try await owned(context)
    return JSONBody.response(
      EmailedList(invitations: try await ShareInvitations(env: env).emailed(resource)))
  }

  @Sendable func cancel(_ request: Request, _ context: AppRequestContext) async throws
    -> Response
  {
    let resource = try await owned(context)
    let invitations = ShareInvitations(env: env)
    guard
      try await invitations.cancelEmailed(
        id: context.parameters.get("invitationId") ?? "", of: resource)
    else { throw APIErrorResponse(.notFound("invitation")) }
    return JSONBody.response(EmailedList(invitations: try await invitations.emailed(resource)))
  }

  private func owned(_ context: AppRequestContext) async throws -> ResourceRef {
    let user = try context.requireCaller().user
    let resource = ResourceRef(
      app: context.parameters.get("app") ?? "", kind: context.parameters.get("kind") ?? "",
      id: context.parameters.get("resourceId") ?? "")
    guard try await env.database.access(resource, userID: user.id) == .owner else {
      throw APIErrorResponse(.notFound("share"))
    }
    return resource
  }
}
