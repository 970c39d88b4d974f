import Foundation
import HearthCore
import HearthHTML
import HearthMail
import HearthPlatform
import HearthSQL

/// The daily email digest: for a person who chose one, `Notifier` leaves each email delivery
/// pending, and a reminder in their zone sends everything pending in one mail at the chosen
/// time. The reminder chain makes it once a day across restarts and workers, DST included.
public struct EmailDigest: Sendable {
  let env: HearthEnvironment

  /// The kind of the platform's reminder that sends a person's digest.
  public static let reminderKind = "hearth.email-digest"
  /// Sends what is pending at once, when the person goes back to email as it happens.
  public static let flushQueue = "notify.email-digest"
  /// The detail of an email delivery that waits for the digest.
  public static let pendingDetail = "in the daily digest"
  /// The most notices one mail lists; the rest are counted, and all are in the inbox.
  static let listed = 50

  static func resource(_ userID: String) -> ResourceRef {
    ResourceRef(app: "hearth", kind: "account", id: userID)
  }

  /// Makes the person's digest reminder match their settings and zone: none when email comes
  /// as it happens (then what was waiting goes at once), else one at the digest time.
  public func sync(userID: String) async throws {
    guard let user = try await env.database.user(id: userID) else { return }
    let preferences = try await env.database.notificationStore.preferences(userID: userID)
    let zone = TimeZone(identifier: user.timeZone) == nil ? "UTC" : user.timeZone
    let rule = preferences.digestRule(zone: zone)
    try await env.reminders.keep(
      rule.map { ["{}": $0] } ?? [:], app: "hearth", kind: Self.reminderKind, owner: userID,
      resource: Self.resource(userID))
    if rule == nil, try await !pending(userID: userID).isEmpty {
      _ = try await env.enqueue(
        NewJob(
          queue: Self.flushQueue, payload: StoreJSON.encode(FlushJob(userID: userID)),
          runAt: env.now(),
          idempotencyKey: "\(userID):flush:\(Reminders.iso(env.now()))", maxAttempts: 8))
    }
  }

  /// The reminder handler: the mail is the digest, so it returns no notices.
  package var reminderHandler: ReminderHandler {
    { firing in
      try await send(userID: firing.reminder.ownerUserID)
      return []
    }
  }

  package var flushHandler: JobHandler {
    { context in
      try await send(userID: StoreJSON.decode(FlushJob.self, context.job.payload).userID)
    }
  }

  /// Mails every notice whose email waits for the digest, oldest first, and marks them sent;
  /// sends nothing when none waits.
  func send(userID: String) async throws {
    let notices = try await pending(userID: userID)
    guard !notices.isEmpty, let user = try await env.database.user(id: userID) else { return }
    let message = try Self.message(
      notices, to: try MailAddress(user.email, name: user.displayName),
      from: env.config.mailFrom, base: env.config.linkBase)
    var status = DeliveryStatus.sent
    var detail = Self.pendingDetail
    do {
      if let wait = try await MailBudget(env: env).spend(address: user.email, accountID: user.id) {
        status = .failed
        detail = NotificationMailer.overBudget(retryAfter: wait)
      } else {
        try await env.mailer(env.logger).send(message)
      }
    } catch let error as SMTPError where !error.isTransient {
      env.logger.error(
        "Digest email refused", metadata: ["user": "\(userID)", "error": "\(error)"])
      status = .failed
      detail = error.message
    }
    let now = env.now()
    let outcome = (status, detail)
    try await env.database.transaction { tx in
      for notice in notices {
        try await NotificationSQLStore.setDelivery(
          notificationID: notice.id, channel: "email", target: userID, status: outcome.0,
          detail: outcome.1, at: now, in: tx)
      }
    }
  }

  func pending(userID: String) async throws -> [StoredNotification] {
    try await env.database.rows(
      """
      SELECT \(NotificationSQLStore.notificationColumns) FROM notifications
      WHERE user_id = \(userID) AND id IN (
        SELECT notification_id FROM notification_deliveries
        WHERE channel = 'email' AND target = \(userID) AND status = 'pending'
          AND detail = \(Self.pendingDetail))
      ORDER BY created_at, id
      """
    ).map(NotificationSQLStore.notification)
  }

  static func message(
    _ notices: [StoredNotification], to recipient: MailAddress, from sender: MailAddress,
    base: String
  ) throws -> MailMessage {
    let settings = base + "/account/notifications"
    let shown = notices.prefix(listed)
    let more = notices.count - shown.count
    let subject =
      notices.count == 1
      ? "Your daily digest: \(notices[0].title)"
      : "Your daily digest: \(notices.count) notifications"
    let link = { (notice: StoredNotification) in base + "/notifications/\(notice.id)/open" }
    var text = shown.map { "\($0.title)\n\($0.body)\nOpen it: \(link($0))\n" }
    if more > 0 { text.append("And \(more) more in your inbox: \(base)/notifications\n") }
    text.append(
      "You get this once a day because you chose a daily digest for email: \(settings)")
    let html = Node.fragment([
      .ul(
        .fragment(
          shown.map { notice in
            .li(
              .strong(.text(notice.title)), .text(" "), .text(notice.body), .text(" "),
              .a([.href(link(notice))], "Open it in Hearth"))
          })),
      more > 0
        ? .p(.a([.href(base + "/notifications")], .text("And \(more) more in your inbox")))
        : .empty,
      .p(
        .small(
          "You get this once a day because you chose a daily digest for email. ",
          .a([.href(settings)], "Change your notification settings"), ".")),
    ]).render()
    return MailMessage(
      from: sender, to: [recipient], subject: subject, text: text.joined(separator: "\n"),
      html: html, headers: [MailHeader("List-Unsubscribe", "<\(settings)>")])
  }

  struct FlushJob: Codable {
    var userID: String
  }
}

extension HearthEnvironment {
  /// Keeps each person's daily email digest; see `EmailDigest`.
  public var emailDigest: EmailDigest { EmailDigest(env: self) }
}
