import Foundation
import HearthCore
import HearthPlatform
import HearthSQL

/// A notice an app wants people to have.
public struct NotificationDraft: Sendable {
  public var kind: NotificationKind
  public var recipients: [String]
  public var title: String
  public var body: String
  /// A path on this server, where opening the notice leads.
  public var url: String
  /// The same key for the same person makes one notice, however often it is sent: name the
  /// occurrence ("room:R:turn:12"), not the moment of sending.
  public var dedupeKey: String
  public var occurredAt: Date
  /// The person whose doing the notice tells of, when it names them: deleting their account
  /// deletes the notice from every inbox.
  public var about: String?
  /// Buttons on the notice; the kind's app answers them (`notificationActionHandlers`), and the
  /// platform answers `NotificationAction.snooze`.
  public var actions: [NotificationAction]
  /// JSON the app's action handler reads: what the actions act on.
  public var data: String
  /// What the notice is about for everyone it goes to ("this dose on this day"): its pushes
  /// carry it as their RFC 8030 Topic and device tag, so that `Notifier.close` replaces them.
  public var topic: String?

  public init(
    kind: NotificationKind, to recipients: [String], title: String, body: String, url: String,
    dedupeKey: String, occurredAt: Date, about: String? = nil,
    actions: [NotificationAction] = [], data: String = "{}", topic: String? = nil
  ) {
    self.topic = topic
    self.actions = actions
    self.data = data
    self.kind = kind
    self.recipients = recipients
    self.title = title
    self.body = body
    self.url = url
    self.dedupeKey = dedupeKey
    self.occurredAt = occurredAt
    self.about = about
  }
}

/// Puts a notice in each recipient's inbox and sends it on to their devices. For each person,
/// the inbox row, its deliveries, the push jobs and the announcement to open pages commit
/// together; a notice whose dedupe key the person already has is not sent again. Email waits
/// for the daily digest when the person chose one.
public struct Notifier: Sendable {
  let env: HearthEnvironment

  public static let pushQueue = "notify.push"
  public static let emailQueue = "notify.email"

  /// The notices created, one per recipient who did not have it yet.
  @discardableResult
  public func send(_ draft: NotificationDraft) async throws -> [StoredNotification] {
    var created: [StoredNotification] = []
    for userID in Set(draft.recipients).sorted() {
      let now = env.now()
      let notice = StoredNotification(
        id: env.newID(), userID: userID, kind: draft.kind.id, title: draft.title,
        body: draft.body, url: Self.localPath(draft.url), dedupeKey: draft.dedupeKey,
        occurredAt: draft.occurredAt, createdAt: now, actions: draft.actions, data: draft.data,
        topic: draft.topic)
      let env = env
      let stored = try await env.database.transaction { tx -> Bool in
        let preferences = try await NotificationSQLStore.preferences(userID: userID, in: tx.rows)
        let inbox = preferences.isOn(.inbox, for: draft.kind)
        try await tx.execute(
          """
          INSERT INTO notifications (id, user_id, kind, title, body, url, dedupe_key,
            occurred_at, created_at, hidden, about_user_id, actions, data, topic)
          VALUES (\(notice.id), \(userID), \(notice.kind), \(notice.title), \(notice.body),
            \(notice.url), \(notice.dedupeKey), \(notice.occurredAt), \(now), \(!inbox),
            \(draft.about), \(StoreJSON.encode(draft.actions)), \(draft.data), \(draft.topic))
          ON CONFLICT (user_id, dedupe_key) DO NOTHING
          """)
        let row = try await tx.row(
          """
          SELECT id FROM notifications
          WHERE user_id = \(userID) AND dedupe_key = \(notice.dedupeKey)
          """)
        guard try row?["id"] == notice.id else { return false }
        if preferences.isOn(.push, for: draft.kind) {
          let sendAt = try await Self.pushTime(now, userID: userID, preferences, in: tx)
          let limited = try await Self.pushedTooMany(userID: userID, at: now, in: tx)
          for device in try await tx.rows(
            "SELECT id FROM push_subscriptions WHERE user_id = \(userID) ORDER BY created_at, id")
          {
            let subscriptionID: String = try device["id"]
            if limited {
              try await NotificationSQLStore.setDelivery(
                notificationID: notice.id, channel: "push", target: subscriptionID,
                status: .limited, detail: Self.limitedDetail, at: now, in: tx)
              continue
            }
            try await NotificationSQLStore.setDelivery(
              notificationID: notice.id, channel: "push", target: subscriptionID,
              status: .pending, detail: sendAt > now ? "after quiet hours" : "", at: now, in: tx)
            let payload = PushJob(
              notificationID: notice.id, subscriptionID: subscriptionID,
              timeToLive: draft.kind.timeToLive, urgency: draft.kind.urgency.rawValue,
              sendAt: sendAt)
            try await tx.enqueue(
              NewJob(
                queue: Self.pushQueue, payload: StoreJSON.encode(payload), runAt: sendAt,
                idempotencyKey: "\(notice.id):push:\(subscriptionID)",
                maxAttempts: PushLimits.attemptsPerDelivery),
              id: env.newID(), at: now)
          }
        }
        if preferences.isOn(.email, for: draft.kind), preferences.digestTime != nil {
          try await NotificationSQLStore.setDelivery(
            notificationID: notice.id, channel: "email", target: userID, status: .pending,
            detail: EmailDigest.pendingDetail, at: now, in: tx)
        } else if preferences.isOn(.email, for: draft.kind) {
          let sendAt = try await Self.pushTime(now, userID: userID, preferences, in: tx)
          try await NotificationSQLStore.setDelivery(
            notificationID: notice.id, channel: "email", target: userID, status: .pending,
            detail: sendAt > now ? "after quiet hours" : "", at: now, in: tx)
          try await tx.enqueue(
            NewJob(
              queue: Self.emailQueue,
              payload: StoreJSON.encode(EmailJob(notificationID: notice.id)),
              runAt: sendAt, idempotencyKey: "\(notice.id):email", maxAttempts: 8),
            id: env.newID(), at: now)
        }
        if inbox {
          try await NotificationSQLStore.announceUnread(
            userID: userID, in: tx, at: now, created: notice)
        }
        return true
      }
      if stored { created.append(notice) }
    }
    if !created.isEmpty { await env.jobWakeup.signal() }
    return created
  }

  /// Now, or when the person's quiet hours end in their own zone: when pushes and emails go.
  static func pushTime(
    _ now: Date, userID: String, _ preferences: NotificationPreferences,
    in tx: any SQLTransaction
  ) async throws -> Date {
    guard let quiet = preferences.quietHours else { return now }
    let zoneName: String? = try await tx.row("SELECT time_zone FROM users WHERE id = \(userID)")?[
      "time_zone"]
    let zone = zoneName.flatMap(TimeZone.init(identifier:)) ?? TimeZone(identifier: "UTC")!
    return quiet.nextAllowed(after: now, in: zone)
  }

  static let limitedDetail =
    "not pushed: more than \(PushLimits.noticesPerHour) notifications in the last hour; "
    + "it is in the inbox"

  /// Whether the person was pushed `PushLimits.noticesPerHour` notices within the last hour.
  /// On PostgreSQL their notices are counted one transaction at a time.
  static func pushedTooMany(userID: String, at now: Date, in tx: any SQLTransaction)
    async throws -> Bool
  {
    if tx.dialect == .postgres {
      try await tx.execute(
        "SELECT pg_advisory_xact_lock(hashtextextended(\("push-hour|" + userID), 0))")
    }
    let row = try await tx.row(
      """
      SELECT COUNT(DISTINCT n.id) AS pushed FROM notifications n
      JOIN notification_deliveries d ON d.notification_id = n.id
      WHERE n.user_id = \(userID) AND n.created_at > \(now.addingTimeInterval(-3600))
        AND d.channel = 'push' AND d.status <> 'limited'
      """)
    let pushed = try row.map { Int(try $0["pushed"] as Int64) } ?? 0
    return pushed >= PushLimits.noticesPerHour
  }

  /// A notice only ever leads somewhere on this server.
  static func localPath(_ url: String) -> String {
    url.hasPrefix("/") && !url.hasPrefix("//") && !url.contains("\\") ? url : "/notifications"
  }
}

/// The payload of a `notify.push` job: one notice to one device.
struct PushJob: Codable {
  var notificationID: String
  var subscriptionID: String
  var timeToLive: Int
  var urgency: String
  /// When it was first due to go out: now, or the end of quiet hours. Its time to live counts
  /// from then.
  var sendAt: Date?
}

/// The payload of a `notify.email` job: one notice to its person's address.
struct EmailJob: Codable {
  var notificationID: String
}
