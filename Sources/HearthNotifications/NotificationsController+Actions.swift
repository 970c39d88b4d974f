import Foundation
import HearthCore
import HearthOpenAPI
import HearthPlatform
import Hummingbird

extension NotificationsController {
  package struct ActionInput: Decodable, JSONSchemaRefined {
    /// The token the notice's push message carried for the button.
    var token: String?
    package static let schemaRequired = ["token"]
  }

  package struct ActionResult: Codable {
    /// What happened, to show the person ("Ibuprofen logged at 08:03.").
    var message: String
  }

  var actions: NotificationActions { NotificationActions(env: env, modules: modules) }

  func registerActions(_ api: APIRouteTable) {
    api.add(
      APIOperation(
        .post, "/api/notifications/:id/actions/:action",
        summary: "Do what a notification's button does (Taken, Snooze 10 min)",
        tag: "notifications", responses: [(200, Schemas.of(ActionResult.self))],
        errors: [400, 401, 403, 404]), use: act)
    api.add(
      APIOperation(
        .post, "/api/notifications/actions",
        summary: "Do a notification's button from a device, with the token its push carried",
        tag: "notifications", requestBody: Schemas.of(ActionInput.self),
        responses: [(200, Schemas.of(ActionResult.self))], errors: [400, 403, 404, 410, 413]),
      use: actWithToken)
  }

  @Sendable func act(_ request: Request, _ context: AppRequestContext) async throws -> Response {
    let caller = try context.requireCaller()
    guard let notice = try await store.notification(id: context.parameters.get("id") ?? ""),
      notice.userID == caller.user.id
    else { throw APIErrorResponse(.notFound("notification")) }
    let message = try await actions.perform(
      context.parameters.get("action") ?? "", on: notice, by: caller.user)
    return JSONBody.response(ActionResult(message: message))
  }

  /// Needs no session of the device's own: the token allows this one button of this one notice
  /// and nothing else, for a few days, while the account is still signed in somewhere.
  @Sendable func actWithToken(_ request: Request, _ context: AppRequestContext) async throws
    -> Response
  {
    let input = try await JSONBody.decode(
      ActionInput.self, from: request, route: "POST /api/notifications/actions")
    guard let token = input.token else { throw APIErrorResponse(.missing("token")) }
    let notice: StoredNotification
    let action: String
    let user: User
    switch try await actions.redeem(token) {
    case .valid(let redeemed, let named, let owner):
      (notice, action, user) = (redeemed, named, owner)
    case .unknown: throw APIErrorResponse(.notFound("notification"))
    case .expired:
      throw APIErrorResponse(
        APIError(
          status: 410, code: "action_expired",
          message:
            "This notification's buttons no longer work: it is more than three days old, or the "
            + "account signed out everywhere or changed its password. Open Hearth to do it there.",
          field: "token"))
    }
    let message = try await actions.perform(action, on: notice, by: user)
    return JSONBody.response(ActionResult(message: message))
  }
}
