import CanonicalJSON
import Foundation
import HearthCore
import HearthNotifications
import HearthOpenAPI
import HearthPlatform
import HearthSQL
import HummingbirdBcrypt
import NIOPosix

public struct TokenPair: Codable, Sendable {
  public var accessToken: String
  public var refreshToken: String
  public var tokenType = "Bearer"
  public var expiresIn: Int
}

/// Sign-up, log-in and the credentials they hand out, shared by the JSON API and the web pages.
public struct AccountService: Sendable {
  package let env: HearthEnvironment
  package var database: any HearthDatabase { env.database }

  /// Spent on log-ins with an unknown email, so they take as long as real ones; made once.
  package let decoyHash: String

  public init(env: HearthEnvironment) {
    self.env = env
    decoyHash = Self.decoyHash(cost: env.config.bcryptCost)
  }

  /// Attempt ids are internal: they take no number from `env.newID`, which names what people see.
  var limits: LoginLimits {
    LoginLimits(database: env.database, newID: { UUID.random().uuidString })
  }

  /// Five wrong passwords per address and account, fifty per address, and twenty per account
  /// from addresses it has not signed in from: a stranger can neither lock a person out from
  /// another address nor guess from many addresses at once.
  static func loginRules(email: String, client: String) -> [LoginLimits.Rule] {
    [
      .init(key: "pair|\(client)|\(email)", limit: 5, window: 15 * 60, account: email),
      .init(key: "client|\(client)", limit: 50, window: 15 * 60),
    ]
  }

  static let accountRule = (limit: 20, window: TimeInterval(3600))

  /// Every field is optional to the decoder so that the checks below name what is missing, in
  /// their order; the API documents email, displayName and password as required.
  public struct SignupInput: Decodable, Sendable, JSONSchemaRefined {
    public var email: String?
    public var displayName: String?
    public var password: String?
    public var phone: String?
    public var timeZone: String?
    /// The token of an invitation link: the account takes the invited address, counts it as
    /// confirmed, and receives what it was invited to.
    public var invitation: String?

    public init(
      email: String?, displayName: String?, password: String?, phone: String?, timeZone: String?,
      invitation: String? = nil
    ) {
      self.invitation = invitation
      self.email = email
      self.displayName = displayName
      self.password = password
      self.phone = phone
      self.timeZone = timeZone
    }

    public static let schemaRequired = ["email", "displayName", "password"]
    public static let schemaRefinements: [String: JSON] = [
      "email": Schemas.email, "displayName": Schemas.displayName, "password": Schemas.password,
      "phone": Schemas.phone, "timeZone": Schemas.timeZone,
    ]
  }

  /// `origin` is where the request came from: each address may open a limited number of
  /// accounts an hour (nil for an administrator at the command line).
  public func signup(_ input: SignupInput, origin: RequestOrigin?) async throws -> User {
    let email = try AccountRules.email(input.email)
    let name = try AccountRules.displayName(input.displayName)
    let password = try AccountRules.password(input.password)
    let phone = try AccountRules.phone(input.phone)
    let timeZone = try AccountRules.timeZone(input.timeZone)
    if let origin {
      _ = try await reserve(
        [.init(key: "signup|\(origin.address)", limit: env.config.signupsPerHour, window: 3600)],
        now: env.now())
    }
    let hash = try await hashPassword(password)
    let user = User(
      id: env.newID(), email: email, displayName: name, phone: phone, passwordHash: hash,
      timeZone: timeZone, createdAt: env.now())
    do {
      try await database.createUser(user)
    } catch StoreError.duplicate(let field) {
      throw APIErrorResponse(
        .conflict(
          field,
          field == "phone"
            ? "An account already uses this phone number."
            : "An account already uses this email address. Log in instead?"))
    }
    try await note(.accountCreated, userID: user.id, origin: origin ?? .commandLine)
    return user
  }

  /// What a right password leads to.
  public enum Credentials: Sendable {
    case signedIn(User)
    /// The account asks for a second factor before it is signed in.
    case needsSecondFactor(User)
  }

  /// Signs in with email, password and, when the account has two-factor sign-in, `code`;
  /// answers 401 for anything wrong and 429 after repeated failures.
  public func login(email: String?, password: String?, code: String?, origin: RequestOrigin)
    async throws -> User
  {
    switch try await checkCredentials(email: email, password: password, origin: origin) {
    case .signedIn(let user):
      try await noteSignIn(user, origin: origin)
      return user
    case .needsSecondFactor(let user):
      try await checkSecondFactor(user, code: code, origin: origin)
      try await noteSignIn(user, origin: origin, detail: "with two-factor")
      return user
    }
  }

  /// Checks a password; answers 401 for any mismatch and 429 after repeated failures.
  public func checkCredentials(email rawEmail: String?, password: String?, origin: RequestOrigin)
    async throws -> Credentials
  {
    let email = (rawEmail ?? "").trimmingCharacters(in: .whitespaces).lowercased()
    guard !email.isEmpty else { throw APIErrorResponse(.missing("email")) }
    guard let password, !password.isEmpty else { throw APIErrorResponse(.missing("password")) }
    let now = env.now()
    let client = origin.address
    var rules = Self.loginRules(email: email, client: client)
    let known = "known|\(client)|\(email)"
    if try await !limits.seen(known, within: LoginLimits.kept, now: now) {
      rules.append(
        .init(
          key: "account|\(email)", limit: Self.accountRule.limit, window: Self.accountRule.window,
          account: email))
    }
    let reserved = try await reserve(rules, now: now)
    let user = try await database.user(email: email)
    let matches = try await verifyPassword(password, hash: user?.passwordHash)
    guard let user, matches, !user.disabled else {
      if let user {
        try await note(.signInFailed, userID: user.id, origin: origin, detail: "wrong password")
      }
      throw APIErrorResponse(
        APIError(status: 401, code: "invalid_credentials", message: "Wrong email or password."))
    }
    try await limits.succeeded(
      ids: reserved, forgiven: rules[0].key, remembered: known, account: email, now: now)
    return try await twoFactorStatus(userID: user.id).enabled
      ? .needsSecondFactor(user) : .signedIn(user)
  }

  public func noteSignIn(_ user: User, origin: RequestOrigin, detail: String = "") async throws {
    try await note(.signedIn, userID: user.id, origin: origin, detail: detail)
  }

  /// Reserves an attempt under every rule, or answers 429 with how long to wait.
  func reserve(_ rules: [LoginLimits.Rule], now: Date) async throws -> [String] {
    switch try await limits.reserve(rules, now: now) {
    case .granted(let ids): return ids
    case .wait(let seconds):
      throw APIErrorResponse(
        .rateLimited(retryAfter: seconds), headers: [.retryAfter: "\(seconds)"])
    }
  }

  /// A signed-in person's password, asked again before a change that needs it: five wrong
  /// answers in fifteen minutes, then a wait.
  func checkPassword(_ password: String?, of user: User) async throws -> Bool {
    let reserved = try await reserve(
      [.init(key: "check|\(user.id)", limit: 5, window: 15 * 60, account: user.email)],
      now: env.now())
    let matches = try await verifyPassword(password ?? "", hash: user.passwordHash)
    if matches { try await limits.release(ids: reserved) }
    return matches
  }

  /// Finds the account behind each identity an app was given; an unknown one is an error
  /// that names it, so nothing is created for a person who is not there.
  public func resolve(_ identifiers: [String], field: String) async throws -> [User] {
    var users: [User] = []
    for (index, raw) in identifiers.enumerated() {
      let name = identifiers.count > 1 ? "\(field)[\(index)]" : field
      let identity = try Identity.parse(raw, field: name)
      let user: User?
      switch identity {
      case .email(let email): user = try await database.user(email: email)
      case .phone: throw APIErrorResponse(Self.phoneNotConfirmed(field: name))
      }
      guard let user, !user.disabled else {
        throw APIErrorResponse(
          APIError(
            status: 400, code: "unknown_identity",
            message: "No Hearth account has the \(identity.kindName) \(identity.description).",
            field: name))
      }
      users.append(user)
    }
    return users
  }

  /// Anyone may type any number into their account, so a number never finds a person.
  public static func phoneNotConfirmed(field: String) -> APIError {
    APIError(
      status: 400, code: "phone_not_confirmed",
      message:
        "Hearth does not confirm phone numbers, so it finds people by email only: "
        + "enter the email of their Hearth account.", field: field)
  }

  public func issueTokens(for user: User, label: String) async throws -> TokenPair {
    let (session, refresh) = newRefreshSession(for: user, label: label, signedInAt: nil)
    try await database.createSession(session)
    return tokens(session: session, refresh: refresh)
  }

  /// `signedInAt` carries a rotated session's sign-in time: every refresh token descended from
  /// one sign-in has it (the family), and none lives past `refreshFamilySeconds` after it.
  func newRefreshSession(for user: User, label: String, signedInAt: Date?) -> (Session, String) {
    let refresh = TokenService.randomToken()
    let now = env.now()
    let start = signedInAt ?? now
    let session = Session(
      id: env.newID(), userID: user.id, kind: .refresh, tokenHash: TokenService.hash(refresh),
      csrfToken: "", label: label, createdAt: start, lastSeenAt: now,
      expiresAt: min(
        now.addingTimeInterval(Double(env.config.refreshTokenSeconds)),
        start.addingTimeInterval(Double(env.config.refreshFamilySeconds))))
    return (session, refresh)
  }

  /// Rotates a refresh token: the old one stops working and a new pair comes back. A token that
  /// was already rotated or revoked, shown again, means someone else holds a copy: every session
  /// of its family ends, the thief's and the owner's, and the owner signs in again.
  public func refresh(_ token: String, origin: RequestOrigin) async throws -> TokenPair {
    let now = env.now()
    let invalid = APIErrorResponse(
      APIError(
        status: 401, code: "invalid_refresh_token",
        message: "The refresh token is unknown, expired or revoked. Log in again.",
        field: "refreshToken"))
    guard let old = try await database.session(tokenHash: TokenService.hash(token)),
      old.kind == .refresh
    else { throw invalid }
    if old.revokedAt != nil {
      for session in try await database.sessions(userID: old.userID)
      where session.kind == .refresh && session.createdAt == old.createdAt
        && session.revokedAt == nil
      {
        try await endSession(id: session.id, userID: session.userID)
      }
      try await note(
        .refreshTokenReused, userID: old.userID, origin: origin,
        detail: "A used sign-in token of \(old.label) was shown again; its sessions ended.")
      throw invalid
    }
    guard old.isLive(at: now), let user = try await database.user(id: old.userID), !user.disabled
    else { throw invalid }
    let (next, refresh) = newRefreshSession(for: user, label: old.label, signedInAt: old.createdAt)
    guard try await database.rotateSession(id: old.id, userID: old.userID, at: now, to: next)
    else { throw invalid }
    env.callers.forget(userID: old.userID)
    return tokens(session: next, refresh: refresh)
  }

  public func createWebSession(for user: User, label: String) async throws -> (String, Session) {
    let token = TokenService.randomToken()
    let now = env.now()
    let session = Session(
      id: env.newID(), userID: user.id, kind: .web, tokenHash: TokenService.hash(token),
      csrfToken: TokenService.randomToken(bytes: 24), label: label, createdAt: now,
      lastSeenAt: now, expiresAt: now.addingTimeInterval(Double(env.config.webSessionSeconds)))
    try await database.createSession(session)
    return (token, session)
  }

  package func tokens(session: Session, refresh: String) -> TokenPair {
    let seconds = env.config.accessTokenSeconds
    let access = env.tokens.accessToken(
      sessionID: session.id, userID: session.userID,
      expires: env.now().addingTimeInterval(Double(seconds)))
    return TokenPair(accessToken: access, refreshToken: refresh, expiresIn: seconds)
  }

  public func hashPassword(_ password: String) async throws -> String {
    let cost = UInt8(env.config.bcryptCost)
    return try await NIOThreadPool.singleton.runIfActive { Bcrypt.hash(password, cost: cost) }
  }

  /// Spends the same time whether or not the account exists.
  public func verifyPassword(_ password: String, hash: String?) async throws -> Bool {
    let stored = hash ?? decoyHash
    let matches = try await NIOThreadPool.singleton.runIfActive {
      Bcrypt.verify(password, hash: stored)
    }
    return hash != nil && matches
  }

  package static func decoyHash(cost: Int) -> String {
    Bcrypt.hash("decoy password for timing", cost: UInt8(cost))
  }
}
