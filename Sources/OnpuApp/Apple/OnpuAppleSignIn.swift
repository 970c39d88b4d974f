import Foundation
import HearthAccounts
import HearthCore
import HearthPlatform
import HearthSQL

/// Sign in with Apple for the Onpu app: an Apple ID is one Hearth account, made at its first
/// sign-in or linked to an account that already exists.
struct OnpuAppleSignIn: Sendable {
  let env: HearthEnvironment
  let accounts: AccountService
  let audience: String
  let keys: AppleKeys

  init(env: HearthEnvironment, accounts: AccountService, audience: String) {
    self.env = env
    self.accounts = accounts
    self.audience = audience
    keys = AppleKeys(url: env.config.onpu.appleJWKSURL, logger: env.logger)
  }

  var store: any OnpuAppleStore { env.database.onpuAppleStore }

  func verify(identityToken: String?, nonce: String?) async throws -> AppleIdentityToken {
    guard let identityToken, !identityToken.isEmpty else {
      throw APIErrorResponse(.missing("identityToken"))
    }
    guard let nonce, !nonce.isEmpty else { throw APIErrorResponse(.missing("nonce")) }
    do {
      let kid = try AppleIdentityToken.keyID(of: identityToken)
      let known = try await keys.keys(having: kid, now: env.now())
      return try AppleIdentityToken.verify(
        identityToken, keys: known, audience: audience, nonce: nonce, now: env.now())
    } catch let failure as AppleIdentityToken.Failure {
      throw APIErrorResponse(failure.error)
    } catch let error as APIError {
      throw APIErrorResponse(error)
    }
  }

  /// The account of the Apple ID, made now if it has none.
  func signIn(_ token: AppleIdentityToken, origin: RequestOrigin) async throws -> (User, Bool) {
    if let link = try await store.appleLink(subject: token.subject) {
      let user = try await linkedUser(link)
      try await accounts.note(.signedIn, userID: user.id, origin: origin, detail: "with Apple")
      return (user, false)
    }
    let user = try await newAccount(for: token)
    let held = try await store.linkApple(
      OnpuAppleLink(
        subject: token.subject, userID: user.id, email: token.email, createdAt: env.now()))
    guard held.userID == user.id else {
      // Another first sign-in of the same Apple ID made its account a moment before.
      try await env.database.deleteUser(id: user.id, formerlyOwned: [])
      return (try await linkedUser(held), false)
    }
    try await accounts.note(.accountCreated, userID: user.id, origin: origin, detail: "with Apple")
    if token.emailVerified, token.email == user.email {
      try await EmailVerification(env: env).markVerified(userID: user.id)
    }
    return (user, true)
  }

  /// Links the Apple ID to `user`'s account, which must have no other.
  func link(_ token: AppleIdentityToken, to user: User) async throws -> OnpuAppleLink {
    let held = try await store.linkApple(
      OnpuAppleLink(
        subject: token.subject, userID: user.id, email: token.email, createdAt: env.now()))
    if held.subject == token.subject, held.userID == user.id { return held }
    if held.subject == token.subject {
      throw APIErrorResponse(
        APIError(
          status: 409, code: "apple_id_taken",
          message: "This Apple ID already signs in to another Hearth account.",
          field: "identityToken"))
    }
    throw APIErrorResponse(
      APIError(
        status: 409, code: "apple_id_already_linked",
        message: "This account is linked to another Apple ID; unlink that one first.",
        field: "identityToken"))
  }

  private func linkedUser(_ link: OnpuAppleLink) async throws -> User {
    guard let user = try await env.database.user(id: link.userID), !user.disabled else {
      throw APIErrorResponse(
        APIError(
          status: 401, code: "account_disabled",
          message: "The Hearth account of this Apple ID is disabled."))
    }
    return user
  }

  /// Apple's address when no account has it; otherwise one that stands in until the person
  /// sets theirs (accounts answer to their address, so an address must never be shared).
  private func newAccount(for token: AppleIdentityToken) async throws -> User {
    var candidates: [String] = []
    if let email = token.email, let valid = try? AccountRules.email(email) {
      candidates.append(valid)
    }
    let tag = String(AppleIdentityToken.sha256Hex(token.subject).prefix(12))
    candidates.append("apple-\(tag)@onpu.invalid")
    candidates.append(
      "apple-\(tag)-\(TokenService.randomToken(bytes: 6).lowercased())@onpu.invalid")
    for email in candidates {
      let user = User(
        id: env.newID(), email: email, displayName: "Onpu learner", phone: nil,
        passwordHash: "!", timeZone: "UTC", createdAt: env.now())
      do {
        try await env.database.createUser(user)
        return user
      } catch StoreError.duplicate {
        continue
      }
    }
    throw APIErrorResponse(
      APIError(
        status: 409, code: "email_taken",
        message: "No free address for a new account; try again."))
  }
}
