import CanonicalJSON
import Foundation
import HearthCore
import HearthNotifications
import HearthPlatform
import HearthSQL

/// Two-factor sign-in (an authenticator app's codes, or a recovery code) and the security log.
extension AccountService {
  var twoFactor: TwoFactor { TwoFactor(database: database, tokens: env.tokens) }
  var securityLog: SecurityLog {
    SecurityLog(database: database, newID: { UUID.random().uuidString })
  }

  /// Notes an event in the person's security log.
  public func note(
    _ kind: SecurityLog.Kind, userID: String, origin: RequestOrigin, detail: String = ""
  ) async throws {
    try await securityLog.record(
      kind, userID: userID, origin: origin, detail: detail, at: env.now())
  }

  public func securityLog(userID: String) async throws -> [SecurityLog.Entry] {
    try await securityLog.entries(userID: userID)
  }

  public func twoFactorStatus(userID: String) async throws -> TwoFactorStatus {
    try await twoFactor.status(userID: userID)
  }

  /// What an authenticator app needs: the secret in base 32 and the `otpauth://` address.
  public struct TwoFactorSetup: Codable, Sendable, Equatable {
    public var secret: String
    public var otpauthURI: String
  }

  public struct RecoveryCodeList: Codable, Sendable {
    public var recoveryCodes: [String]
  }

  /// Starts setting up two-factor sign-in with a new secret (replacing one that was never
  /// confirmed); 409 when it is already on.
  public func beginTwoFactor(_ user: User) async throws -> TwoFactorSetup {
    var generator = SystemRandomNumberGenerator()
    let secret = (0..<20).map { _ in UInt8.random(in: 0...255, using: &generator) }
    guard try await twoFactor.begin(userID: user.id, secret: secret, now: env.now()) else {
      throw APIErrorResponse(
        APIError(
          status: 409, code: "two_factor_enabled",
          message: "Two-factor sign-in is already on. Turn it off first to use a new app."))
    }
    return setup(secret, for: user)
  }

  /// The setup begun and not yet confirmed, if any.
  public func pendingTwoFactor(_ user: User) async throws -> TwoFactorSetup? {
    try await twoFactor.pendingSecret(userID: user.id).map { setup($0, for: user) }
  }

  func setup(_ secret: [UInt8], for user: User) -> TwoFactorSetup {
    TwoFactorSetup(
      secret: Base32.encode(secret),
      otpauthURI: TOTP(secret: secret).provisioningURI(account: user.email, issuer: "Hearth"))
  }

  /// Turns two-factor sign-in on with the first code from the app and the password; answers
  /// the recovery codes, shown this once.
  public func confirmTwoFactor(
    _ user: User, code: String?, password: String?, origin: RequestOrigin
  ) async throws -> [String] {
    guard let code, !code.isEmpty else { throw APIErrorResponse(.missing("code")) }
    guard try await checkPassword(password, of: user) else {
      throw APIErrorResponse(.invalid("password", "That is not your password."))
    }
    let codes = newRecoveryCodes()
    guard
      try await twoFactor.confirm(
        userID: user.id, code: code, recoveryCodes: codes, now: env.now())
    else {
      throw APIErrorResponse(
        .invalid(
          "code",
          "That code does not match. Enter the newest code the app shows; if it still fails, "
            + "check that the phone's clock is set automatically."))
    }
    try await note(.twoFactorEnabled, userID: user.id, origin: origin)
    try await announce(user)
    return codes
  }

  public func renewRecoveryCodes(_ user: User, password: String?, origin: RequestOrigin)
    async throws -> [String]
  {
    guard try await checkPassword(password, of: user) else {
      throw APIErrorResponse(.invalid("password", "That is not your password."))
    }
    let codes = newRecoveryCodes()
    guard try await twoFactor.renewRecoveryCodes(userID: user.id, codes: codes) else {
      throw APIErrorResponse(
        APIError(
          status: 409, code: "two_factor_disabled", message: "Two-factor sign-in is off."))
    }
    try await note(.recoveryCodesRenewed, userID: user.id, origin: origin)
    return codes
  }

  /// Turns two-factor sign-in off; asks the password and a code (or a recovery code).
  public func disableTwoFactor(
    _ user: User, password: String?, code: String?, origin: RequestOrigin
  ) async throws {
    guard try await checkPassword(password, of: user) else {
      throw APIErrorResponse(.invalid("password", "That is not your password."))
    }
    guard try await twoFactorStatus(userID: user.id).enabled else {
      throw APIErrorResponse(
        APIError(
          status: 409, code: "two_factor_disabled", message: "Two-factor sign-in is off."))
    }
    try await checkSecondFactor(user, code: code, origin: origin, status: 400)
    try await twoFactor.disable(userID: user.id)
    try await note(.twoFactorDisabled, userID: user.id, origin: origin)
    try await announce(user)
  }

  /// The second step of signing in, for a person whose password was right: an authenticator
  /// code or a recovery code, five tries in fifteen minutes. Wrong codes answer `status`.
  public func checkSecondFactor(
    _ user: User, code: String?, origin: RequestOrigin, status: Int = 401
  ) async throws {
    guard let code, !code.isEmpty else {
      throw APIErrorResponse(
        APIError(
          status: status, code: "second_factor_required",
          message: "Enter the 6-digit code from your authenticator app, or a recovery code.",
          field: "code"))
    }
    let reserved = try await reserve(
      [.init(key: "second-factor|\(user.id)", limit: 5, window: 15 * 60, account: user.email)],
      now: env.now())
    switch try await twoFactor.check(userID: user.id, code: code, now: env.now()) {
    case .wrong:
      try await note(.signInFailed, userID: user.id, origin: origin, detail: "wrong code")
      throw APIErrorResponse(
        APIError(
          status: status, code: "invalid_second_factor",
          message: "That code is wrong or was already used. Enter the newest code the app shows.",
          field: "code"))
    case .authenticator:
      try await limits.release(ids: reserved)
    case .recoveryCode(let left):
      try await limits.release(ids: reserved)
      try await note(
        .recoveryCodeUsed, userID: user.id, origin: origin,
        detail: left == 1 ? "1 code left" : "\(left) codes left")
    }
  }

  /// A browser's right password, awaiting the code: a five-minute token the code form carries.
  public func createSignInChallenge(for user: User, label: String) async throws -> String {
    let token = TokenService.randomToken()
    let now = env.now()
    try await database.createSession(
      Session(
        id: env.newID(), userID: user.id, kind: .signInChallenge,
        tokenHash: TokenService.hash(token), csrfToken: "", label: label, createdAt: now,
        lastSeenAt: now, expiresAt: now.addingTimeInterval(5 * 60)))
    return token
  }

  /// Signs in the person whose challenge `token` is, with their code; the challenge ends.
  public func completeSignInChallenge(_ token: String, code: String?, origin: RequestOrigin)
    async throws -> User
  {
    guard let challenge = try await database.session(tokenHash: TokenService.hash(token)),
      challenge.kind == .signInChallenge, challenge.isLive(at: env.now()),
      let user = try await database.user(id: challenge.userID), !user.disabled
    else {
      throw APIErrorResponse(
        APIError(
          status: 401, code: "sign_in_expired",
          message: "This sign-in took too long. Log in again."))
    }
    try await checkSecondFactor(user, code: code, origin: origin)
    guard try await database.revokeSession(id: challenge.id, userID: user.id, at: env.now())
    else {
      throw APIErrorResponse(
        APIError(
          status: 401, code: "sign_in_expired", message: "This sign-in was already used."))
    }
    try await noteSignIn(user, origin: origin, detail: "with two-factor")
    return user
  }

  func newRecoveryCodes() -> [String] {
    var generator = SystemRandomNumberGenerator()
    return RecoveryCodes.generate { count in
      (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }
    }
  }
}
