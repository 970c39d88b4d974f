import Foundation
import HearthCore

/// A column of `users` as an update writes it.
package enum UserColumnValue: Sendable {
  case text(String?)
  case flag(Bool)
}

extension User {
  /// The columns whose values differ from `original`, in a fixed order.
  package func changedColumns(from original: User) -> [(column: String, value: UserColumnValue)] {
    var changed: [(String, UserColumnValue)] = []
    if email != original.email { changed.append(("email", .text(email))) }
    if displayName != original.displayName { changed.append(("display_name", .text(displayName))) }
    if phone != original.phone { changed.append(("phone", .text(phone))) }
    if passwordHash != original.passwordHash {
      changed.append(("password_hash", .text(passwordHash)))
    }
    if timeZone != original.timeZone { changed.append(("time_zone", .text(timeZone))) }
    if isAdmin != original.isAdmin { changed.append(("is_admin", .flag(isAdmin))) }
    if disabled != original.disabled { changed.append(("disabled", .flag(disabled))) }
    return changed
  }
}

public struct User: Equatable, Sendable, Codable {
  public var id: String
  public var email: String
  public var displayName: String
  public var phone: String?
  public var passwordHash: String
  public var timeZone: String
  public var isAdmin: Bool
  public var disabled: Bool
  public var createdAt: Date
  /// When the account confirmed its email; nil while it has not. Read with the account, so
  /// that a request learns it from the caller cache.
  public var emailVerifiedAt: Date?

  public init(
    id: String, email: String, displayName: String, phone: String?, passwordHash: String,
    timeZone: String, isAdmin: Bool = false, disabled: Bool = false, createdAt: Date,
    emailVerifiedAt: Date? = nil
  ) {
    self.id = id
    self.email = email
    self.displayName = displayName
    self.phone = phone
    self.passwordHash = passwordHash
    self.timeZone = timeZone
    self.isAdmin = isAdmin
    self.disabled = disabled
    self.createdAt = createdAt
    self.emailVerifiedAt = emailVerifiedAt
  }
}

public enum SessionKind: String, Codable, Sendable {
  /// A browser session, carried in a cookie, with a CSRF token.
  case web
  /// A CLI's refresh token; access tokens are minted from it.
  case refresh
  /// A one-hour password reset link.
  case passwordReset = "password-reset"
  /// A right password awaiting its second factor: five minutes to enter the code.
  case signInChallenge = "sign-in-challenge"
  /// A 48-hour link that confirms the account's email.
  case emailVerification = "email-verification"

  /// A browser or a CLI signed in, as the account page lists them.
  public var isSignIn: Bool { self == .web || self == .refresh }
}

public struct Session: Equatable, Sendable, Codable {
  public var id: String
  public var userID: String
  public var kind: SessionKind
  /// SHA-256 of the secret the client holds; the secret itself is never stored.
  public var tokenHash: String
  public var csrfToken: String
  public var label: String
  public var createdAt: Date
  public var lastSeenAt: Date
  public var expiresAt: Date
  public var revokedAt: Date?

  public init(
    id: String, userID: String, kind: SessionKind, tokenHash: String, csrfToken: String,
    label: String, createdAt: Date, lastSeenAt: Date, expiresAt: Date, revokedAt: Date? = nil
  ) {
    self.id = id
    self.userID = userID
    self.kind = kind
    self.tokenHash = tokenHash
    self.csrfToken = csrfToken
    self.label = label
    self.createdAt = createdAt
    self.lastSeenAt = lastSeenAt
    self.expiresAt = expiresAt
    self.revokedAt = revokedAt
  }

  public func isLive(at now: Date) -> Bool { revokedAt == nil && expiresAt > now }
}

public struct ResourceRef: Hashable, Sendable, Codable {
  public var app: String
  public var kind: String
  public var id: String

  public init(app: String, kind: String, id: String) {
    self.app = app
    self.kind = kind
    self.id = id
  }
}

public struct Share: Equatable, Sendable, Codable {
  public var resource: ResourceRef
  public var ownerID: String
  public var title: String
  public var createdAt: Date

  public init(resource: ResourceRef, ownerID: String, title: String, createdAt: Date) {
    self.resource = resource
    self.ownerID = ownerID
    self.title = title
    self.createdAt = createdAt
  }
}

public struct Participant: Equatable, Sendable, Codable {
  public var resource: ResourceRef
  public var userID: String
  public var status: ParticipantStatus
  public var permission: Permission
  public var invitedBy: String
  public var updatedAt: Date

  public init(
    resource: ResourceRef, userID: String, status: ParticipantStatus, permission: Permission,
    invitedBy: String, updatedAt: Date
  ) {
    self.resource = resource
    self.userID = userID
    self.status = status
    self.permission = permission
    self.invitedBy = invitedBy
    self.updatedAt = updatedAt
  }
}

/// A pending invitation, joined with what a person needs to decide on it.
public struct Invitation: Equatable, Sendable, Codable {
  public var share: Share
  public var participant: Participant
  public var ownerName: String

  public init(share: Share, participant: Participant, ownerName: String) {
    self.share = share
    self.participant = participant
    self.ownerName = ownerName
  }
}

/// Who may receive an event: one person, or whoever may see a shared resource.
public enum Audience: Equatable, Sendable {
  case user(String)
  case resource(ResourceRef)
}

public struct NewEvent: Equatable, Sendable {
  public var type: String
  public var audience: Audience
  /// A JSON object, already encoded.
  public var payload: String

  public init(type: String, audience: Audience, payload: String = "{}") {
    self.type = type
    self.audience = audience
    self.payload = payload
  }
}

public struct Event: Equatable, Sendable {
  public var sequence: Int64
  public var type: String
  public var audience: Audience
  public var payload: String
  public var createdAt: Date

  public init(sequence: Int64, type: String, audience: Audience, payload: String, createdAt: Date) {
    self.sequence = sequence
    self.type = type
    self.audience = audience
    self.payload = payload
    self.createdAt = createdAt
  }
}

public struct NewJob: Equatable, Sendable {
  public var queue: String
  public var payload: String
  public var runAt: Date
  public var idempotencyKey: String?
  public var maxAttempts: Int

  public init(
    queue: String, payload: String = "{}", runAt: Date, idempotencyKey: String? = nil,
    maxAttempts: Int = 5
  ) {
    self.queue = queue
    self.payload = payload
    self.runAt = runAt
    self.idempotencyKey = idempotencyKey
    self.maxAttempts = maxAttempts
  }
}

public struct Job: Equatable, Sendable {
  public var id: String
  public var queue: String
  public var payload: String
  public var status: JobStatus
  public var attempts: Int
  public var maxAttempts: Int
  public var runAt: Date
  public var leaseUntil: Date?
  /// Changes at every claim; only the holder of the current token may finish the job.
  public var completionToken: String?
  public var lastError: String?
  public var idempotencyKey: String?
  public var createdAt: Date
  public var updatedAt: Date

  public init(
    id: String, queue: String, payload: String, status: JobStatus, attempts: Int,
    maxAttempts: Int, runAt: Date, leaseUntil: Date?, completionToken: String?,
    lastError: String?, idempotencyKey: String?, createdAt: Date, updatedAt: Date
  ) {
    self.id = id
    self.queue = queue
    self.payload = payload
    self.status = status
    self.attempts = attempts
    self.maxAttempts = maxAttempts
    self.runAt = runAt
    self.leaseUntil = leaseUntil
    self.completionToken = completionToken
    self.lastError = lastError
    self.idempotencyKey = idempotencyKey
    self.createdAt = createdAt
    self.updatedAt = updatedAt
  }
}

extension Job {
  /// The order a queue runs its due jobs in.
  public static func claimOrder(_ a: Job, _ b: Job) -> Bool {
    (a.runAt, a.createdAt, a.id) < (b.runAt, b.createdAt, b.id)
  }
}
