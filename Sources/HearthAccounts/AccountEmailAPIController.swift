import CanonicalJSON
import Foundation
import HearthCore
import HearthNotifications
import HearthOpenAPI
import HearthPlatform
import Hummingbird

/// POST /api/auth/forgot-password, /api/auth/verify-email and /api/account/verification-email.
package struct AccountEmailAPIController: Sendable {
  package let env: HearthEnvironment
  package let clientAddress: @Sendable (Request, AppRequestContext) -> String

  package init(
    env: HearthEnvironment,
    clientAddress: @escaping @Sendable (Request, AppRequestContext) -> String
  ) {
    self.env = env
    self.clientAddress = clientAddress
  }

  package struct EmailInput: Decodable, JSONSchemaRefined {
    var email: String?

    package static let schemaRefinements: [String: JSON] = ["email": Schemas.email]
    package static let schemaRequired = ["email"]
  }

  package struct TokenInput: Decodable, JSONSchemaRefined {
    var token: String?

    package static let schemaRefinements: [String: JSON] = ["token": ["maxLength": 200]]
    package static let schemaRequired = ["token"]
  }

  /// The same answer whether or not an account has the address.
  package struct Accepted: Codable {
    var message: String
  }

  package static let forgotAnswer = Accepted(
    message: "If an account has this address, we sent it a link to choose a new password.")

  package func register(_ api: APIRouteTable) {
    api.add(
      APIOperation(
        .post, "/api/auth/forgot-password", summary: "Mail a password reset link", tag: "auth",
        authenticated: false, requestBody: Schemas.of(EmailInput.self),
        responses: [(202, Schemas.of(Accepted.self))], errors: [400, 413, 429]),
      use: forgotPassword)
    api.add(
      APIOperation(
        .post, "/api/auth/verify-email", summary: "Confirm an email with a mailed link's token",
        tag: "auth", authenticated: false, requestBody: Schemas.of(TokenInput.self),
        responses: [(200, Schemas.of(AuthAPIController.UserEnvelope.self))],
        errors: [400, 413]),
      use: verifyEmail)
    api.add(
      APIOperation(
        .post, "/api/account/verification-email", summary: "Mail the email confirmation link again",
        tag: "account", responses: [(202, Schemas.of(Accepted.self))], errors: [401, 409, 429]),
      use: resendVerification)
  }

  @Sendable func forgotPassword(_ request: Request, _ context: AppRequestContext) async throws
    -> Response
  {
    let input = try await JSONBody.decode(
      EmailInput.self, from: request, route: "POST /api/auth/forgot-password")
    try await ForgotPassword(env: env).request(
      email: input.email, origin: RequestOrigin(request, context, address: clientAddress))
    return JSONBody.response(Self.forgotAnswer, status: .accepted)
  }

  @Sendable func verifyEmail(_ request: Request, _ context: AppRequestContext) async throws
    -> Response
  {
    let input = try await JSONBody.decode(
      TokenInput.self, from: request, route: "POST /api/auth/verify-email")
    let user = try await EmailVerification(env: env).verify(token: input.token)
    return JSONBody.response(
      AuthAPIController.UserEnvelope(user: .init(user), emailVerified: true))
  }

  @Sendable func resendVerification(_ request: Request, _ context: AppRequestContext)
    async throws -> Response
  {
    let caller = try context.requireCaller()
    let verification = EmailVerification(env: env)
    guard verification.needsVerification(caller.user) else {
      throw APIErrorResponse(.conflict(nil, "Your email is already confirmed."))
    }
    try await verification.send(to: caller.user)
    return JSONBody.response(
      Accepted(message: "We sent a new link to \(caller.user.email)."), status: .accepted)
  }
}
