import CanonicalJSON
import Foundation
import HearthAccounts
import HearthCore
import HearthOpenAPI
import HearthPlatform
import Hummingbird

/// Sign in with Apple at /v1/auth/apple (the reference's contract: `{identityToken, nonce}` in,
/// an access token for every /v1 route out, 20 a minute per client), and linking an Apple ID to
/// an account that signed in otherwise. Registered only when ONPU_APPLE_AUDIENCE is set.
struct OnpuAppleController: Sendable {
  static let perMinute = 20

  let apple: OnpuAppleSignIn
  let limiter = RateLimiter(limit: OnpuAppleController.perMinute, window: 60)
  let clientAddress: @Sendable (Request, AppRequestContext) -> String
  var env: HearthEnvironment { apple.env }

  struct Input: Decodable, JSONSchemaRefined {
    var identityToken: String?
    var nonce: String?

    static let schemaRequired = ["identityToken", "nonce"]
    static let schemaRefinements: [String: JSON] = [
      "identityToken": ["minLength": 1, "maxLength": 8192],
      "nonce": ["minLength": 1, "maxLength": 256],
    ]
  }

  struct SignedIn: Codable {
    struct Account: Codable {
      var sub, email, displayName: String
    }
    var accessToken, refreshToken, tokenType: String
    var expiresIn: Int
    var user: Account
    var newAccount: Bool
  }

  struct LinkView: Codable {
    var linked: Bool
    var email: String?
    var linkedAt: Date?

    init(_ link: OnpuAppleLink?) {
      linked = link != nil
      email = link?.email
      linkedAt = link?.createdAt
    }
  }

  func register(_ v1: APIRouteTable) {
    v1.add(
      APIOperation(
        .post, "/v1/auth/apple", summary: "Exchange an Apple identity token for tokens",
        tag: "onpu", authenticated: false, requestBody: Schemas.of(Input.self),
        responses: [(200, Schemas.of(SignedIn.self))], errors: [400, 401, 413, 429, 503]),
      use: signIn)
    v1.add(
      APIOperation(
        .get, "/v1/auth/apple/link", summary: "Whether the account has an Apple ID linked",
        tag: "onpu", responses: [(200, Schemas.of(LinkView.self))], errors: [401, 429]),
      use: showLink)
    v1.add(
      APIOperation(
        .post, "/v1/auth/apple/link", summary: "Link an Apple ID to the signed-in account",
        tag: "onpu", requestBody: Schemas.of(Input.self),
        responses: [(200, Schemas.of(LinkView.self))], errors: [400, 401, 409, 413, 429, 503]),
      use: link)
    v1.add(
      APIOperation(
        .delete, "/v1/auth/apple/link", summary: "Unlink the account's Apple ID", tag: "onpu",
        responses: [(200, Schemas.of(LinkView.self))], errors: [401, 429]), use: unlink)
  }

  @Sendable func signIn(_ request: Request, _ context: AppRequestContext) async throws -> Response {
    try await count(request, context)
    let input = try await JSONBody.decode(
      Input.self, from: request, limit: 16 << 10, route: "POST /v1/auth/apple")
    let token = try await apple.verify(identityToken: input.identityToken, nonce: input.nonce)
    let origin = RequestOrigin(request, context, address: clientAddress)
    let (user, created) = try await apple.signIn(token, origin: origin)
    let tokens = try await apple.accounts.issueTokens(
      for: user, label: "Onpu app (Apple): " + AuthAPIController.label(request))
    return JSONBody.response(
      SignedIn(
        accessToken: tokens.accessToken, refreshToken: tokens.refreshToken,
        tokenType: tokens.tokenType, expiresIn: tokens.expiresIn,
        user: .init(sub: user.id, email: user.email, displayName: user.displayName),
        newAccount: created))
  }

  @Sendable func showLink(_ request: Request, _ context: AppRequestContext) async throws
    -> Response
  {
    let user = try context.requireCaller().user
    return JSONBody.response(LinkView(try await apple.store.appleLink(userID: user.id)))
  }

  @Sendable func link(_ request: Request, _ context: AppRequestContext) async throws -> Response {
    let user = try context.requireCaller().user
    try await count(request, context)
    let input = try await JSONBody.decode(
      Input.self, from: request, limit: 16 << 10, route: "POST /v1/auth/apple/link")
    let token = try await apple.verify(identityToken: input.identityToken, nonce: input.nonce)
    return JSONBody.response(LinkView(try await apple.link(token, to: user)))
  }

  @Sendable func unlink(_ request: Request, _ context: AppRequestContext) async throws -> Response {
    let user = try context.requireCaller().user
    _ = try await apple.store.unlinkApple(userID: user.id)
    return JSONBody.response(LinkView(nil))
  }

  /// Each client may present 20 identity tokens a minute, as the reference allows.
  private func count(_ request: Request, _ context: AppRequestContext) async throws {
    let key = clientAddress(request, context)
    let now = env.now()
    if let wait = await limiter.retryAfter(key, now: now) {
      throw APIErrorResponse.limited(
        "rate_limited",
        "More than \(Self.perMinute) Apple sign-ins in a minute. Try again in \(wait) seconds.",
        retryAfter: wait)
    }
    await limiter.record(key, now: now)
  }
}
