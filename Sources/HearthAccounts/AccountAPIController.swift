import CanonicalJSON
import Foundation
import HearthCore
import HearthNotifications
import HearthOpenAPI
import HearthPlatform
import HearthSQL
import Hummingbird

/// /api/me: the signed-in person's own account, for CLIs and scripts.
package struct AccountAPIController: Sendable {
  package let env: HearthEnvironment
  package let accounts: AccountService
  package let modules: [any AccountModule]
  package let clientAddress: @Sendable (Request, AppRequestContext) -> String
  let meBodies = AccountBodies()

  package init(
    env: HearthEnvironment, accounts: AccountService, modules: [any AccountModule],
    clientAddress: @escaping @Sendable (Request, AppRequestContext) -> String
  ) {
    self.env = env
    self.accounts = accounts
    self.modules = modules
    self.clientAddress = clientAddress
  }

  package struct PasswordInput: Decodable, JSONSchemaRefined {
    var currentPassword: String?
    var newPassword: String?

    package static let schemaRequired = ["currentPassword", "newPassword"]

    package static let schemaRefinements: [String: JSON] = ["newPassword": Schemas.password]
  }

  package struct DeleteInput: Decodable, JSONSchemaRefined {
    var password: String?

    package static let schemaRequired = ["password"]
  }

  package struct SessionBody: Codable {
    var id, kind, label: String
    var createdAt, lastSeenAt, expiresAt: Date
    var current: Bool
  }

  /// `{"sessions": [...]}`, the answer of GET /api/me/sessions.
  package struct SessionList: Codable {
    var sessions: [SessionBody]
  }

  package func register(_ api: APIRouteTable) {
    api.add(
      APIOperation(
        .get, "/api/me", summary: "The signed-in account", tag: "account",
        responses: [(200, Schemas.of(AuthAPIController.UserEnvelope.self))]), use: me)
    api.add(
      APIOperation(
        .patch, "/api/me", summary: "Change name, email, phone or time zone", tag: "account",
        requestBody: Schemas.of(AccountService.ProfileInput.self),
        responses: [(200, Schemas.of(AuthAPIController.UserEnvelope.self))],
        errors: [400, 409, 413, 429]), use: updateProfile)
    api.add(
      APIOperation(
        .post, "/api/me/password", summary: "Change the password; other sessions end",
        tag: "account",
        requestBody: Schemas.of(PasswordInput.self),
        responses: [(204, nil)], errors: [400, 413, 429]), use: changePassword)
    api.add(
      APIOperation(
        .get, "/api/me/sessions", summary: "Live sessions: browsers and CLIs", tag: "account",
        responses: [(200, Schemas.of(SessionList.self))]), use: sessions)
    api.add(
      APIOperation(
        .delete, "/api/me/sessions/:id", summary: "Revoke one of your sessions", tag: "account",
        responses: [(204, nil)], errors: [404]), use: revokeSession)
    api.add(
      APIOperation(
        .get, "/api/me/export", summary: "Everything Hearth holds about you", tag: "account",
        responses: [(200, Schemas.of(AccountExport.Document.self))]), use: export)
    api.add(
      APIOperation(
        .post, "/api/me/delete", summary: "Delete the account and its data", tag: "account",
        requestBody: Schemas.of(DeleteInput.self),
        responses: [(204, nil)], errors: [400, 413, 429]), use: deleteAccount)
  }

  @Sendable func me(_ request: Request, _ context: AppRequestContext) async throws -> Response {
    let caller = try context.requireCaller()
    return JSONBody.response(
      bytes: meBodies.body(for: caller.user) { user in
        JSONBody.encoded(
          AuthAPIController.UserEnvelope(
            user: .init(user), emailVerified: user.emailVerifiedAt != nil))
      })
  }

  @Sendable func updateProfile(_ request: Request, _ context: AppRequestContext) async throws
    -> Response
  {
    let caller = try context.requireCaller()
    let input = try await JSONBody.decode(
      AccountService.ProfileInput.self, from: request, route: "PATCH /api/me")
    let user = try await accounts.updateProfile(
      caller.user, input, origin: RequestOrigin(request, context, address: clientAddress),
      modules: modules)
    return JSONBody.response(AuthAPIController.UserEnvelope(user: .init(user)))
  }

  @Sendable func changePassword(_ request: Request, _ context: AppRequestContext) async throws
    -> Response
  {
    let caller = try context.requireCaller()
    let input = try await JSONBody.decode(
      PasswordInput.self, from: request, route: "POST /api/me/password")
    try await accounts.changePassword(
      caller, current: input.currentPassword, new: input.newPassword,
      origin: RequestOrigin(request, context, address: clientAddress))
    return Response(status: .noContent)
  }

  @Sendable func sessions(_ request: Request, _ context: AppRequestContext) async throws
    -> Response
  {
    let caller = try context.requireCaller()
    let now = env.now()
    let sessions = try await env.database.sessions(userID: caller.user.id)
      .filter { $0.isLive(at: now) && $0.kind.isSignIn }
      .map {
        SessionBody(
          id: $0.id, kind: $0.kind.rawValue, label: $0.label, createdAt: $0.createdAt,
          lastSeenAt: $0.lastSeenAt, expiresAt: $0.expiresAt, current: $0.id == caller.session.id)
      }
    return JSONBody.response(SessionList(sessions: sessions))
  }

  @Sendable func revokeSession(_ request: Request, _ context: AppRequestContext) async throws
    -> Response
  {
    let caller = try context.requireCaller()
    let id = context.parameters.get("id") ?? ""
    guard
      try await accounts.revokeSession(
        id: id, caller: caller, origin: RequestOrigin(request, context, address: clientAddress))
    else {
      throw APIErrorResponse(.notFound("session"))
    }
    return Response(status: .noContent)
  }

  @Sendable func export(_ request: Request, _ context: AppRequestContext) async throws -> Response {
    let caller = try context.requireCaller()
    return JSONBody.response(
      try await AccountExport(env: env, modules: modules).export(caller.user))
  }

  @Sendable func deleteAccount(_ request: Request, _ context: AppRequestContext) async throws
    -> Response
  {
    let caller = try context.requireCaller()
    let input = try await JSONBody.decode(
      DeleteInput.self, from: request, route: "POST /api/me/delete")
    try await accounts.deleteAccount(caller.user, password: input.password, modules: modules)
    return Response(status: .noContent)
  }
}
