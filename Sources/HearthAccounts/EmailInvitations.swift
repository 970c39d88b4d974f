import Foundation
import HearthCore
import HearthNotifications
import HearthPlatform
import HearthSQL
import Logging

/// Invitations to an address that has no account yet. The row is recorded at once; the mail job
/// makes the link's token and stores only its hash. Signing up from the link, or confirming the
/// address later, turns every pending invitation for it into a platform invitation. The owner
/// sees them on the share list and may cancel each; stopping sharing cancels them all.
public struct EmailInvitations: Sendable {
  public static let queue = "mail.invitation"
  /// Invitations by email one person may send an hour.
  static let perInviter = 20

  let env: HearthEnvironment

  public init(env: HearthEnvironment) {
    self.env = env
  }

  /// Records an invitation to `email` (lowercase) and enqueues its mail; an earlier pending one
  /// to the same address for the same resource is replaced. The resource must be shared by the
  /// time the mail goes. With `mail` false the invitation waits (listed, cancellable, counted
  /// against the limits) until `mailWaiting` sends it: an app may invite before it knows the
  /// invitation will stand.
  public func invite(
    email: String, resource: ResourceRef, permission: Permission, invitedBy: User,
    mail: Bool = true
  ) async throws {
    let limits = LoginLimits(database: env.database, newID: { UUID.random().uuidString })
    let now = env.now()
    if case .wait(let seconds) = try await limits.reserve(
      [.init(key: "invite-email|\(invitedBy.id)", limit: Self.perInviter, window: 3600)], now: now)
    {
      throw APIErrorResponse(
        .rateLimited(retryAfter: seconds), headers: [.retryAfter: "\(seconds)"])
    }
    try await MailBudget(env: env).require(address: email, accountID: invitedBy.id)
    let id = env.newID()
    try await env.database.transaction { tx in
      try await tx.execute(
        """
        DELETE FROM email_invitations
        WHERE email = \(email) AND resource_app = \(resource.app)
          AND resource_kind = \(resource.kind) AND resource_id = \(resource.id)
          AND accepted_at IS NULL AND cancelled_at IS NULL
        """)
      try await tx.execute(
        """
        INSERT INTO email_invitations (id, email, resource_app, resource_kind, resource_id,
          permission, invited_by, created_at, expires_at)
        VALUES (\(id), \(email), \(resource.app), \(resource.kind), \(resource.id),
          \(permission.rawValue), \(invitedBy.id), \(now), \(now + ShareInvitations.lifetime))
        """)
    }
    if mail { _ = try await env.enqueue(Self.mailJob(id, at: now)) }
  }

  /// Sends the live invitations to `resource` that `invite(mail: false)` kept back; each is
  /// mailed once, however often this is called.
  public func mailWaiting(_ resource: ResourceRef) async throws {
    let now = env.now()
    let rows = try await env.database.rows(
      """
      SELECT id FROM email_invitations
      WHERE resource_app = \(resource.app) AND resource_kind = \(resource.kind)
        AND resource_id = \(resource.id) AND token_hash IS NULL AND accepted_at IS NULL
        AND cancelled_at IS NULL AND expires_at > \(now)
      ORDER BY created_at, id
      """)
    for row in rows { _ = try await env.enqueue(Self.mailJob(try row["id"], at: now)) }
  }

  private static func mailJob(_ id: String, at now: Date) -> NewJob {
    var job = AccountMailJob(invitationID: id).job(queue, at: now)
    job.idempotencyKey = "\(queue):\(id)"
    return job
  }

  /// The address a live, pending invitation link is for; nil for anything else.
  public func email(token: String?) async throws -> String? {
    guard let token, !token.isEmpty,
      let row = try await env.database.row(
        """
        SELECT email FROM email_invitations
        WHERE token_hash = \(TokenService.hash(token)) AND accepted_at IS NULL
          AND cancelled_at IS NULL AND expires_at > \(env.now())
        """)
    else { return nil }
    return try row["email"] as String
  }

  /// Why an invitation link no longer works, in words for the person holding it.
  public func staleReason(token: String?) async throws -> String {
    guard let token, !token.isEmpty,
      let row = try await env.database.row(
        """
        SELECT accepted_at, cancelled_at, expires_at FROM email_invitations
        WHERE token_hash = \(TokenService.hash(token))
        """)
    else { return AccountService.staleInvitation }
    if try row["cancelled_at"] as Date? != nil {
      return
        "The person who sent this invitation cancelled it. You can still sign up, or ask them for a new one."
    }
    if try row["accepted_at"] as Date? != nil {
      return "This invitation link was used already. Log in with the account it made."
    }
    let expired: Date = try row["expires_at"]
    if expired <= env.now() {
      return "This invitation expired. You can still sign up, or ask for a new one."
    }
    return AccountService.staleInvitation
  }

  /// Turns every live, pending invitation to `user`'s address into a platform invitation, for
  /// shares that still exist. Returns how many.
  @discardableResult
  public func accept(for user: User) async throws -> Int {
    let now = env.now()
    let rows = try await env.database.rows(
      """
      SELECT id, resource_app, resource_kind, resource_id, permission, invited_by
      FROM email_invitations
      WHERE email = \(user.email) AND accepted_at IS NULL AND cancelled_at IS NULL
        AND expires_at > \(now)
      ORDER BY created_at
      """)
    var accepted = 0
    for row in rows {
      let resource = ResourceRef(
        app: try row["resource_app"], kind: try row["resource_kind"], id: try row["resource_id"])
      let id: String = try row["id"]
      if try await env.database.share(resource) != nil,
        try await env.database.participant(resource, userID: user.id) == nil
      {
        try await env.database.putParticipant(
          Participant(
            resource: resource, userID: user.id, status: .invited,
            permission: try row.decode(Permission.self, "permission"),
            invitedBy: try row["invited_by"], updatedAt: now))
        accepted += 1
      }
      try await env.database.transaction { tx in
        try await tx.execute(
          """
          UPDATE email_invitations SET accepted_user_id = \(user.id), accepted_at = \(now)
          WHERE id = \(id)
          """)
      }
    }
    return accepted
  }

  /// The addresses invited to `resource` whose invitation is still live or was answered: the
  /// others were cancelled or expired.
  public func standing(_ resource: ResourceRef) async throws -> Set<String> {
    Set(
      try await env.database.rows(
        """
        SELECT email FROM email_invitations
        WHERE resource_app = \(resource.app) AND resource_kind = \(resource.kind)
          AND resource_id = \(resource.id) AND cancelled_at IS NULL
          AND (accepted_at IS NOT NULL OR expires_at > \(env.now()))
        """
      ).map { try $0["email"] as String })
  }

  /// The invitations to `app`'s resources of `kind` that `user` signed up or confirmed from,
  /// with the address each was sent to: an app that seats people by address finds their seat.
  public func accepted(by user: User, app: String, kind: String, id: String? = nil)
    async throws -> [(resource: ResourceRef, email: String)]
  {
    let only: SQL = id.map { "AND resource_id = \($0)" } ?? ""
    return try await env.database.rows(
      """
      SELECT resource_id, email FROM email_invitations
      WHERE accepted_user_id = \(user.id) AND resource_app = \(app)
        AND resource_kind = \(kind) \(only)
      ORDER BY accepted_at, id
      """
    ).map { (ResourceRef(app: app, kind: kind, id: try $0["resource_id"]), try $0["email"]) }
  }

  package func handler(_ context: JobContext) async throws {
    guard let id = try AccountMailJob.decode(context.job).invitationID,
      let row = try await env.database.row(
        """
        SELECT email, resource_app, resource_kind, resource_id, invited_by
        FROM email_invitations
        WHERE id = \(id) AND accepted_at IS NULL AND cancelled_at IS NULL
          AND expires_at > \(env.now())
        """),
      let inviter = try await env.database.user(id: try row["invited_by"]),
      let share = try await env.database.share(
        ResourceRef(
          app: try row["resource_app"], kind: try row["resource_kind"],
          id: try row["resource_id"]))
    else { return }
    let token = TokenService.randomToken()
    try await env.database.transaction { tx in
      try await tx.execute(
        "UPDATE email_invitations SET token_hash = \(TokenService.hash(token)) WHERE id = \(id)")
    }
    let message = AccountMail.invitation(
      from: env.config.mailFrom, to: try MailAddress(try row["email"]),
      inviter: inviter.displayName, title: share.title,
      link: env.link("/signup", token: token))
    try await env.sendAccountMail(message, logger: context.logger)
  }
}

extension AccountService {
  static let staleInvitation =
    "This invitation link was used already or has expired. You can still sign up, or ask for a new one."

  /// Signs up, from an invitation link when the input names one; otherwise a confirmation mail
  /// goes out when verification is on. True when the account came from an invitation.
  public func signupWithInvitation(_ input: SignupInput, origin: RequestOrigin?) async throws
    -> (user: User, invited: Bool)
  {
    let invitations = EmailInvitations(env: env)
    let token = input.invitation ?? ""
    let invitedEmail = try await invitations.email(token: token)
    if !token.isEmpty, invitedEmail == nil {
      throw APIErrorResponse(
        .invalid("invitation", try await invitations.staleReason(token: token)))
    }
    var input = input
    input.email = invitedEmail ?? input.email
    let user = try await signup(input, origin: origin)
    guard invitedEmail != nil else {
      try await EmailVerification(env: env).send(to: user)
      return (user, false)
    }
    try await EmailVerification(env: env).markVerified(userID: user.id)
    try await invitations.accept(for: user)
    return (user, true)
  }

  /// Who an app's invitation by email or phone goes to.
  public enum Invitee: Sendable {
    /// The address or number has an account: the app invites it as before.
    case user(User)
    /// No account has this email: an invitation was recorded and a sign-up link mailed. Signing
    /// up from it makes the person an invited participant of `resource`.
    case emailed
  }

  /// Resolves `raw` (an email or a phone) like `resolve`, except that an email with no account
  /// gets an invitation by mail to `resource`, which must already be shared. A phone with no
  /// account is still a 400 naming `field`.
  public func resolveOrInviteByEmail(
    _ raw: String?, field: String = "email", resource: ResourceRef, permission: Permission,
    invitedBy: User
  ) async throws -> Invitee {
    guard let raw else { throw APIErrorResponse(.missing(field)) }
    if case .email(let email) = try Identity.parse(raw, field: field),
      try await database.user(email: email) == nil
    {
      try await EmailInvitations(env: env).invite(
        email: email, resource: resource, permission: permission, invitedBy: invitedBy)
      return .emailed
    }
    return .user(try await resolve([raw], field: field)[0])
  }
}
