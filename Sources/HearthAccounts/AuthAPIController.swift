import CanonicalJSON
import Foundation
import HearthCore
import HearthNotifications
import HearthOpenAPI
import HearthPlatform
import Hummingbird

/// POST /api/auth/* and /api/me: accounts for CLIs and scripts, with bearer tokens.
package struct AuthAPIController: Sendable {
  package let env: HearthEnvironment
  package let accounts: AccountService
  package let clientAddress: @Sendable (Request, AppRequestContext) -> String

  package init(
    env: HearthEnvironment, accounts: AccountService,
    clientAddress: @escaping @Sendable (Request, AppRequestContext) -> String
  ) {
    self.env = env
    self.accounts = accounts
    self.clientAddress = clientAddress
  }

  /// A user as the API shows one: `phone` is always there, `null` when there is none.
  package struct UserBody: Codable, JSONSchemaRefined {
    var id, email, displayName: String
    var phone: String?
    var timeZone: String
    var createdAt: Date

    init(_ user: User) {
      id = user.id
      email = user.email
      displayName = user.displayName
      phone = user.phone
      timeZone = user.timeZone
      createdAt = user.createdAt
    }

    package func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(id, forKey: .id)
      try container.encode(email, forKey: .email)
      try container.encode(displayName, forKey: .displayName)
      try container.encode(phone, forKey: .phone)
      try container.encode(timeZone, forKey: .timeZone)
      try container.encode(createdAt, forKey: .createdAt)
    }

    enum CodingKeys: String, CodingKey { case id, email, displayName, phone, timeZone, createdAt }

    package static let schemaRefinements: [String: JSON] = ["phone": Schemas.nullableString]
    package static let schemaRequired = ["phone"]
  }

  /// `{"user": ...}`, the answer of GET and PATCH /api/me.
  package struct UserEnvelope: Codable {
    var user: UserBody
    /// Whether the account confirmed its email; only GET /api/me and email confirmation say.
    var emailVerified: Bool?

    init(user: UserBody, emailVerified: Bool? = nil) {
      self.user = user
      self.emailVerified = emailVerified
    }
  }

  package struct AuthResult: Codable {
    var user: UserBody
    var accessToken, refreshToken, tokenType: String
    var expiresIn: Int

    init(user: User, tokens: TokenPair) {
      self.user = UserBody(user)
      accessToken = tokens.accessToken
      refreshToken = tokens.refreshToken
      tokenType = tokens.tokenType
      expiresIn = tokens.expiresIn
    }
  }

  package struct LoginInput: Decodable, JSONSchemaRefined {
    var email: String?
    var password: String?
    /// The authenticator's code, or a recovery code, for an account with two-factor sign-in.
    var code: String?
    var label: String?

    package static let schemaRefinements: [String: JSON] = [
      "email": Schemas.email, "password": ["minLength": 1],
      "code": ["type": "string", "maxLength": 64],
    ]
    package static let schemaRequired = ["email", "password"]
  }

  package struct RefreshInput: Decodable, JSONSchemaRefined {
    var refreshToken: String?

    package static let schemaRequired = ["refreshToken"]
  }

  package func register(_ api: APIRouteTable) {
    api.add(
      APIOperation(
        .post, "/api/auth/signup", summary: "Create an account and get tokens", tag: "auth",
        authenticated: false,
        requestBody: Schemas.of(AccountService.SignupInput.self),
        responses: [(201, Schemas.of(AuthResult.self))], errors: [400, 409, 413, 429]),
      use: signup)
    api.add(
      APIOperation(
        .post, "/api/auth/login", summary: "Exchange email and password for tokens", tag: "auth",
        authenticated: false,
        requestBody: Schemas.of(LoginInput.self),
        responses: [(200, Schemas.of(AuthResult.self))], errors: [400, 401, 413, 429]),
      use: login)
    api.add(
      APIOperation(
        .post, "/api/auth/refresh", summary: "Rotate a refresh token for a new pair",
        tag: "auth", authenticated: false,
        requestBody: Schemas.of(RefreshInput.self),
        responses: [(200, Schemas.of(TokenPair.self))], errors: [400, 401, 413]), use: refresh)
    api.add(
      APIOperation(
        .post, "/api/auth/logout", summary: "Revoke the current session", tag: "auth",
        responses: [(204, nil)], errors: [401]), use: logout)
  }

  @Sendable func signup(_ request: Request, _ context: AppRequestContext) async throws -> Response {
    let input = try await JSONBody.decode(
      AccountService.SignupInput.self, from: request, route: "POST /api/auth/signup")
    let user = try await accounts.signupWithInvitation(input, origin: origin(request, context)).user
    let tokens = try await accounts.issueTokens(for: user, label: Self.label(request))
    return JSONBody.response(AuthResult(user: user, tokens: tokens), status: .created)
  }

  @Sendable func login(_ request: Request, _ context: AppRequestContext) async throws -> Response {
    let input = try await JSONBody.decode(
      LoginInput.self, from: request, route: "POST /api/auth/login")
    let user = try await accounts.login(
      email: input.email, password: input.password, code: input.code,
      origin: origin(request, context))
    let label = input.label.map { String($0.prefix(80)) } ?? Self.label(request)
    let tokens = try await accounts.issueTokens(for: user, label: label)
    return JSONBody.response(AuthResult(user: user, tokens: tokens))
  }

  @Sendable func refresh(_ request: Request, _ context: AppRequestContext) async throws
    -> Response
  {
    let input = try await JSONBody.decode(
      RefreshInput.self, from: request, route: "POST /api/auth/refresh")
    guard let token = input.refreshToken, !token.isEmpty else {
      throw APIErrorResponse(.missing("refreshToken"))
    }
    return JSONBody.response(try await accounts.refresh(token, origin: origin(request, context)))
  }

  @Sendable func logout(_ request: Request, _ context: AppRequestContext) async throws -> Response {
    let caller = try context.requireCaller()
    try await accounts.endSession(id: caller.session.id, userID: caller.user.id)
    return Response(status: .noContent)
  }

  func origin(_ request: Request, _ context: AppRequestContext) -> RequestOrigin {
    RequestOrigin(request, context, address: clientAddress)
  }

  package static func label(_ request: Request) -> String {
    String((request.headers[.userAgent] ?? "API client").prefix(80))
  }
}
