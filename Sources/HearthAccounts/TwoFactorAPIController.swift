import CanonicalJSON
import Foundation
import HearthCore
import HearthNotifications
import HearthOpenAPI
import HearthPlatform
import Hummingbird

/// /api/me/two-factor and /api/me/security-log: two-factor sign-in and the security log, for
/// CLIs and scripts.
package struct TwoFactorAPIController: Sendable {
  package let accounts: AccountService
  package let clientAddress: @Sendable (Request, AppRequestContext) -> String

  package init(
    accounts: AccountService,
    clientAddress: @escaping @Sendable (Request, AppRequestContext) -> String
  ) {
    self.accounts = accounts
    self.clientAddress = clientAddress
  }

  package struct ConfirmInput: Decodable, JSONSchemaRefined {
    var code: String?
    var password: String?

    package static let schemaRequired = ["code", "password"]
    package static let schemaRefinements: [String: JSON] = [
      "code": ["type": "string", "maxLength": 64]
    ]
  }

  package struct PasswordInput: Decodable, JSONSchemaRefined {
    var password: String?

    package static let schemaRequired = ["password"]
  }

  package struct SecurityLogBody: Codable {
    var entries: [SecurityLog.Entry]
  }

  package func register(_ api: APIRouteTable) {
    api.add(
      APIOperation(
        .get, "/api/me/two-factor", summary: "Whether two-factor sign-in is on", tag: "account",
        responses: [(200, Schemas.of(TwoFactorStatus.self))]), use: status)
    api.add(
      APIOperation(
        .post, "/api/me/two-factor", summary: "Start two-factor set-up: a new secret",
        tag: "account", responses: [(201, Schemas.of(AccountService.TwoFactorSetup.self))],
        errors: [409]), use: begin)
    api.add(
      APIOperation(
        .post, "/api/me/two-factor/confirm",
        summary: "Turn two-factor sign-in on with a first code; answers recovery codes",
        tag: "account", requestBody: Schemas.of(ConfirmInput.self),
        responses: [(200, Schemas.of(AccountService.RecoveryCodeList.self))],
        errors: [400, 413, 429]), use: confirm)
    api.add(
      APIOperation(
        .post, "/api/me/two-factor/recovery-codes",
        summary: "Replace the recovery codes with new ones", tag: "account",
        requestBody: Schemas.of(PasswordInput.self),
        responses: [(200, Schemas.of(AccountService.RecoveryCodeList.self))],
        errors: [400, 409, 413, 429]), use: renewRecoveryCodes)
    api.add(
      APIOperation(
        .post, "/api/me/two-factor/disable", summary: "Turn two-factor sign-in off",
        tag: "account", requestBody: Schemas.of(ConfirmInput.self), responses: [(204, nil)],
        errors: [400, 409, 413, 429]), use: disable)
    api.add(
      APIOperation(
        .get, "/api/me/security-log",
        summary: "Sign-ins, failures and security changes, newest first", tag: "account",
        responses: [(200, Schemas.of(SecurityLogBody.self))]), use: securityLog)
  }

  func origin(_ request: Request, _ context: AppRequestContext) -> RequestOrigin {
    RequestOrigin(request, context, address: clientAddress)
  }

  @Sendable func status(_ request: Request, _ context: AppRequestContext) async throws
    -> Response
  {
    let caller = try context.requireCaller()
    return JSONBody.response(try await accounts.twoFactorStatus(userID: caller.user.id))
  }

  @Sendable func begin(_ request: Request, _ context: AppRequestContext) async throws -> Response {
    let caller = try context.requireCaller()
    return JSONBody.response(try await accounts.beginTwoFactor(caller.user), status: .created)
  }

  @Sendable func confirm(_ request: Request, _ context: AppRequestContext) async throws
    -> Response
  {
    let caller = try context.requireCaller()
    let input = try await JSONBody.decode(
      ConfirmInput.self, from: request, route: "POST /api/me/two-factor/confirm")
    let codes = try await accounts.confirmTwoFactor(
      caller.user, code: input.code, password: input.password, origin: origin(request, context))
    return JSONBody.response(AccountService.RecoveryCodeList(recoveryCodes: codes))
  }

  @Sendable func renewRecoveryCodes(_ request: Request, _ context: AppRequestContext)
    async throws -> Response
  {
    let caller = try context.requireCaller()
    let input = try await JSONBody.decode(
      PasswordInput.self, from: request, route: "POST /api/me/two-factor/recovery-codes")
    let codes = try await accounts.renewRecoveryCodes(
      caller.user, password: input.password, origin: origin(request, context))
    return JSONBody.response(AccountService.RecoveryCodeList(recoveryCodes: codes))
  }

  @Sendable func disable(_ request: Request, _ context: AppRequestContext) async throws
    -> Response
  {
    let caller = try context.requireCaller()
    let input = try await JSONBody.decode(
      ConfirmInput.self, from: request, route: "POST /api/me/two-factor/disable")
    try await accounts.disableTwoFactor(
      caller.user, password: input.password, code: input.code, origin: origin(request, context))
    return Response(status: .noContent)
  }

  @Sendable func securityLog(_ request: Request, _ context: AppRequestContext) async throws
    -> Response
  {
    let caller = try context.requireCaller()
    return JSONBody.response(
      SecurityLogBody(entries: try await accounts.securityLog(userID: caller.user.id)))
  }
}
