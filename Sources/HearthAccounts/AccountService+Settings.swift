import CanonicalJSON
import Foundation
import HearthCore
import HearthNotifications
import HearthOpenAPI
import HearthPlatform
import HearthSQL

/// What people change about their own account, shared by the JSON API and the account page.
extension AccountService {
  public struct ProfileInput: Decodable, Sendable, JSONSchemaRefined {
    public var displayName: String?
    public var email: String?
    /// `""` or JSON `null` clears the phone; a missing key leaves it as it is.
    public var phone: String?
    public var timeZone: String?
    /// Asked only when the email changes: whoever holds the email can reset the password.
    public var currentPassword: String?

    public init(
      displayName: String?, email: String?, phone: String?, timeZone: String?,
      currentPassword: String? = nil
    ) {
      self.displayName = displayName
      self.email = email
      self.phone = phone
      self.timeZone = timeZone
      self.currentPassword = currentPassword
    }

    enum CodingKeys: String, CodingKey { case displayName, email, phone, timeZone, currentPassword }

    public init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      displayName = try container.decodeIfPresent(String.self, forKey: .displayName)
      email = try container.decodeIfPresent(String.self, forKey: .email)
      timeZone = try container.decodeIfPresent(String.self, forKey: .timeZone)
      currentPassword = try container.decodeIfPresent(String.self, forKey: .currentPassword)
      if container.contains(.phone) {
        // Present: null is nil here, and becomes "" (clear the phone).
        phone = try container.decodeIfPresent(String.self, forKey: .phone) ?? ""
      }
    }

    public static let schemaRefinements: [String: JSON] = [
      "displayName": Schemas.displayName, "email": Schemas.email, "phone": Schemas.phone,
      "timeZone": Schemas.timeZone, "currentPassword": ["type": "string", "maxLength": 1024],
    ]
  }

  /// Saves the profile; a new time zone moves the digest and tells `modules`.
  public func updateProfile(
    _ current: User, _ input: ProfileInput, origin: RequestOrigin,
    modules: [any AccountModule] = []
  ) async throws -> User {
    var user = current
    if let name = input.displayName { user.displayName = try AccountRules.displayName(name) }
    if let email = input.email {
      user.email = try AccountRules.email(email)
      if user.email != current.email {
        guard try await checkPassword(input.currentPassword, of: current) else {
          throw APIErrorResponse(
            .invalid("currentPassword", "Enter your current password to change your email."))
        }
      }
    }
    if let phone = input.phone { user.phone = try AccountRules.phone(phone) }
    if let zone = input.timeZone { user.timeZone = try AccountRules.timeZone(zone) }
    do {
      try await database.updateUser(user, from: current)
    } catch StoreError.duplicate(let field) {
      throw APIErrorResponse(.conflict(field, "Another account already uses this \(field)."))
    }
    if user.email != current.email {
      try await limits.accountChanged(from: current.email, to: user.email)
      try await note(
        .emailChanged, userID: user.id, origin: origin,
        detail: "from \(current.email) to \(user.email)")
      try await EmailVerification(env: env).emailChanged(user)
    }
    if user.timeZone != current.timeZone {
      try await env.emailDigest.sync(userID: user.id)
      for module in modules { try await module.accountZoneChanged(user) }
    }
    env.callers.forget(userID: user.id)
    return user
  }

  /// Checks the current password, stores the new one and ends every other session.
  public func changePassword(
    _ caller: Caller, current: String?, new: String?, origin: RequestOrigin
  ) async throws {
    guard try await checkPassword(current, of: caller.user) else {
      throw APIErrorResponse(
        .invalid("currentPassword", "That is not your current password."))
    }
    var user = caller.user
    user.passwordHash = try await hashPassword(
      try AccountRules.password(new, field: "newPassword"))
    try await database.updateUser(user, from: caller.user)
    env.callers.forget(userID: user.id)
    try await endSessions(userID: user.id, except: caller.session.id)
    try await note(
      .passwordChanged, userID: user.id, origin: origin, detail: "Other sessions ended.")
  }

  /// Each app ends or hands over what its rules govern, then the account and everything that
  /// belongs to it go in one transaction.
  public func deleteAccount(
    _ user: User, password: String?, modules: [any AccountModule]
  ) async throws {
    guard try await checkPassword(password, of: user) else {
      throw APIErrorResponse(.invalid("password", "That is not your password."))
    }
    let owned: [ResourceRef] = try await database.rows(
      "SELECT app, kind, resource_id FROM shares WHERE owner_id = \(user.id)"
    ).map { ResourceRef(app: try $0["app"], kind: try $0["kind"], id: try $0["resource_id"]) }
    for module in modules { try await module.accountWillBeDeleted(user) }
    try await database.deleteUser(id: user.id, formerlyOwned: owned)
    env.callers.forget(userID: user.id)
  }

  /// A person ending one of their sessions from the account page or the API; noted in the
  /// security log with the session's device.
  public func revokeSession(id: String, caller: Caller, origin: RequestOrigin) async throws
    -> Bool
  {
    let label = try await database.session(id: id).map(\.label) ?? ""
    guard try await endSession(id: id, userID: caller.user.id) else { return false }
    try await note(.sessionRevoked, userID: caller.user.id, origin: origin, detail: label)
    return true
  }

  /// Ends one session; the store tells the person's open streams, which then check their own,
  /// and the other processes.
  @discardableResult
  public func endSession(id: String, userID: String) async throws -> Bool {
    guard try await database.revokeSession(id: id, userID: userID, at: env.now()) else {
      return false
    }
    env.callers.forget(userID: userID)
    return true
  }

  public func endSessions(userID: String, except kept: String? = nil) async throws {
    for session in try await database.sessions(userID: userID)
    where session.id != kept && session.isLive(at: env.now()) {
      try await endSession(id: session.id, userID: userID)
    }
  }

  package func announce(_ user: User) async throws {
    try await database.appendEvent(
      NewEvent(type: "account.updated", audience: .user(user.id)), at: env.now())
  }
}
