import Foundation
import HearthCore
import HearthPlatform
import HearthSQL

/// Push subscriptions, the inbox and the record of deliveries, on either database.
public protocol NotificationStore: Sendable {
  /// Stores the subscription; an endpoint already stored moves to this person with the new
  /// keys (the browser reused it), keeping its id. Returns the stored subscription. Throws
  /// `DeviceLimitReached` when the person already has `devicesAtMost` other subscriptions.
  func putSubscription(_ subscription: PushSubscription, devicesAtMost: Int) async throws
    -> PushSubscription
  func subscriptions(userID: String) async throws -> [PushSubscription]
  func subscription(id: String) async throws -> PushSubscription?
  /// False when there was no such subscription of this person.
  func deleteSubscription(id: String, userID: String) async throws -> Bool
  func recordPush(subscriptionID: String, arrived: Bool, at: Date) async throws

  /// Newest first, those created before `before` when it is given.
  func notifications(userID: String, before: Date?, limit: Int) async throws
    -> [StoredNotification]
  func notification(id: String) async throws -> StoredNotification?
  func unreadCount(userID: String) async throws -> Int
  /// Marks the notice read and announces the new count; false when it is not this person's.
  func markRead(id: String, userID: String, at: Date) async throws -> Bool
  func markAllRead(userID: String, at: Date) async throws
  func setDelivery(
    notificationID: String, channel: String, target: String, status: DeliveryStatus,
    detail: String, at: Date) async throws
  func deliveries(notificationID: String) async throws
    -> [(channel: String, target: String, status: DeliveryStatus)]

  func preferences(userID: String) async throws -> NotificationPreferences
  /// Replaces the person's choices, quiet hours and digest time.
  func savePreferences(_ preferences: NotificationPreferences, userID: String, at: Date)
    async throws
}

extension NotificationStore {
  public func putSubscription(_ subscription: PushSubscription) async throws -> PushSubscription {
    try await putSubscription(subscription, devicesAtMost: .max)
  }
}

/// The person has as many devices as they may; they can remove one.
public struct DeviceLimitReached: Error {}

extension HearthDatabase {
  public var notificationStore: any NotificationStore { NotificationSQLStore(database: self) }
}

struct NotificationSQLStore: NotificationStore {
  let database: any SQLDatabase

  static let subscriptionColumns: SQL =
    "id, user_id, endpoint, p256dh, auth, label, created_at, last_success_at, failures"
  static let notificationColumns: SQL =
    """
    id, user_id, kind, title, body, url, dedupe_key, occurred_at, created_at, read_at, actions,
    data, topic, closed_at
    """

  /// What is read of a subscription: its columns and its latest problem, a delivery that did
  /// not go after its last success.
  static let subscriptionReadColumns: SQL =
    """
    id, user_id, endpoint, p256dh, auth, label, created_at, last_success_at, failures,
    (SELECT detail FROM notification_deliveries d
      WHERE d.channel = 'push' AND d.target = push_subscriptions.id
        AND d.status IN ('failed', 'limited')
        AND (push_subscriptions.last_success_at IS NULL
          OR d.updated_at > push_subscriptions.last_success_at)
      ORDER BY d.updated_at DESC LIMIT 1) AS problem
    """

  func putSubscription(_ subscription: PushSubscription, devicesAtMost: Int) async throws
    -> PushSubscription
  {
    try await database.transaction { tx in
      let s = subscription
      if tx.dialect == .postgres {
        try await tx.execute(
          "SELECT pg_advisory_xact_lock(hashtextextended(\("push-devices|" + s.userID), 0))")
      }
      let others = try await tx.row(
        """
        SELECT COUNT(*) AS devices FROM push_subscriptions
        WHERE user_id = \(s.userID) AND endpoint <> \(s.endpoint)
        """)
      if try others.map({ Int(try $0["devices"] as Int64) }) ?? 0 >= devicesAtMost {
        throw DeviceLimitReached()
      }
      try await tx.execute(
        """
        INSERT INTO push_subscriptions (\(Self.subscriptionColumns))
        VALUES (\(s.id), \(s.userID), \(s.endpoint), \(s.p256dh), \(s.auth), \(s.label),
          \(s.createdAt), NULL, 0)
        ON CONFLICT (endpoint) DO UPDATE SET user_id = excluded.user_id,
          p256dh = excluded.p256dh, auth = excluded.auth, label = excluded.label, failures = 0
        """)
      guard
        let row = try await tx.row(
          """
          SELECT \(Self.subscriptionReadColumns) FROM push_subscriptions
          WHERE endpoint = \(s.endpoint)
          """)
      else { throw StoreError.notFound }
      return try Self.subscription(row)
    }
  }

  func subscriptions(userID: String) async throws -> [PushSubscription] {
    try await database.rows(
      """
      SELECT \(Self.subscriptionReadColumns) FROM push_subscriptions WHERE user_id = \(userID)
      ORDER BY created_at, id
      """
    ).map(Self.subscription)
  }

  func subscription(id: String) async throws -> PushSubscription? {
    try await database.row(
      "SELECT \(Self.subscriptionReadColumns) FROM push_subscriptions WHERE id = \(id)"
    ).map(Self.subscription)
  }

  func deleteSubscription(id: String, userID: String) async throws -> Bool {
    try await database.transaction { tx in
      guard
        try await tx.row(
          "SELECT id FROM push_subscriptions WHERE id = \(id) AND user_id = \(userID)") != nil
      else { return false }
      try await tx.execute("DELETE FROM push_subscriptions WHERE id = \(id)")
      return true
    }
  }

  func recordPush(subscriptionID: String, arrived: Bool, at: Date) async throws {
    try await database.transaction { tx in
      try await tx.execute(
        arrived
          ? "UPDATE push_subscriptions SET last_success_at = \(at), failures = 0 WHERE id = \(subscriptionID)"
          : "UPDATE push_subscriptions SET failures = failures + 1 WHERE id = \(subscriptionID)")
    }
  }

  func notifications(userID: String, before: Date?, limit: Int) async throws
    -> [StoredNotification]
  {
    let older: SQL = before.map { "AND created_at < \($0)" } ?? ""
    return try await database.rows(
      """
      SELECT \(Self.notificationColumns) FROM notifications
      WHERE user_id = \(userID) AND NOT hidden \(older)
      ORDER BY created_at DESC, id DESC LIMIT \(limit)
      """
    ).map(Self.notification)
  }

  func notification(id: String) async throws -> StoredNotification? {
    try await database.row("SELECT \(Self.notificationColumns) FROM notifications WHERE id = \(id)")
      .map(Self.notification)
  }

  func unreadCount(userID: String) async throws -> Int {
    try await Self.unreadCount(userID: userID, in: database.rows)
  }

  static func unreadCount(userID: String, in rows: (SQL) async throws -> [SQLRow]) async throws
    -> Int
  {
    let row = try await rows(
      """
      SELECT COUNT(*) AS unread FROM notifications
      WHERE user_id = \(userID) AND read_at IS NULL AND NOT hidden
      """
    ).first
    return try row.map { Int(try $0["unread"] as Int64) } ?? 0
  }

  func markRead(id: String, userID: String, at: Date) async throws -> Bool {
    try await database.transaction { tx in
      guard
        let row = try await tx.row(
          """
          SELECT read_at FROM notifications WHERE id = \(id) AND user_id = \(userID) AND NOT hidden
          """)
      else { return false }
      let readAt: Date? = try row["read_at"]
      if readAt == nil {
        try await tx.execute("UPDATE notifications SET read_at = \(at) WHERE id = \(id)")
        try await Self.announceUnread(userID: userID, in: tx, at: at)
      }
      return true
    }
  }

  func markAllRead(userID: String, at: Date) async throws {
    try await database.transaction { tx in
      try await tx.execute(
        "UPDATE notifications SET read_at = \(at) WHERE user_id = \(userID) AND read_at IS NULL")
      try await Self.announceUnread(userID: userID, in: tx, at: at)
    }
  }

  /// Tells the person's open pages the new unread count, with the change that made it.
  static func announceUnread(
    userID: String, in tx: any SQLTransaction, at: Date, created: StoredNotification? = nil
  ) async throws {
    let unread = try await unreadCount(userID: userID, in: tx.rows)
    let payload = NotificationEvent(unread: unread, id: created?.id)
    try await tx.appendEvent(
      NewEvent(
        type: created == nil ? "notification.read" : "notification.created",
        audience: .user(userID), payload: StoreJSON.encode(payload)), at: at)
  }

  /// Only the count and the id: events outlive notices, and a title may name someone.
  struct NotificationEvent: Encodable {
    var unread: Int
    var id: String?
  }

  func setDelivery(
    notificationID: String, channel: String, target: String, status: DeliveryStatus,
    detail: String, at: Date
  ) async throws {
    try await database.transaction { tx in
      try await Self.setDelivery(
        notificationID: notificationID, channel: channel, target: target, status: status,
        detail: detail, at: at, in: tx)
    }
  }

  static func setDelivery(
    notificationID: String, channel: String, target: String, status: DeliveryStatus,
    detail: String, at: Date, in tx: any SQLTransaction
  ) async throws {
    try await tx.execute(
      """
      INSERT INTO notification_deliveries (notification_id, channel, target, status, detail,
        updated_at)
      VALUES (\(notificationID), \(channel), \(target), \(status.rawValue), \(detail), \(at))
      ON CONFLICT (notification_id, channel, target) DO UPDATE SET status = excluded.status,
        detail = excluded.detail, updated_at = excluded.updated_at
      """)
  }

  func deliveries(notificationID: String) async throws
    -> [(channel: String, target: String, status: DeliveryStatus)]
  {
    try await database.rows(
      """
      SELECT channel, target, status FROM notification_deliveries
      WHERE notification_id = \(notificationID) ORDER BY channel, target
      """
    ).map { row in
      (try row["channel"], try row["target"], try row.decode(DeliveryStatus.self, "status"))
    }
  }

  func preferences(userID: String) async throws -> NotificationPreferences {
    try await Self.preferences(userID: userID, in: database.rows)
  }

  static func preferences(userID: String, in rows: (SQL) async throws -> [SQLRow]) async throws
    -> NotificationPreferences
  {
    var preferences = NotificationPreferences()
    for row in try await rows(
      "SELECT kind, channel, enabled FROM notification_preferences WHERE user_id = \(userID)")
    {
      guard let channel = NotificationChannel(rawValue: try row["channel"]) else { continue }
      preferences.choices[try row["kind"], default: [:]][channel] = try row["enabled"] as Bool
    }
    if let row = try await rows(
      """
      SELECT quiet_start, quiet_end, digest_time FROM notification_settings
      WHERE user_id = \(userID)
      """
    ).first {
      if let start: Int = try row["quiet_start"], let end: Int = try row["quiet_end"] {
        preferences.quietHours = QuietHours(start: start, end: end)
      }
      preferences.digestTime = try row["digest_time"]
    }
    return preferences
  }

  func savePreferences(_ preferences: NotificationPreferences, userID: String, at: Date)
    async throws
  {
    try await database.transaction { tx in
      try await tx.execute("DELETE FROM notification_preferences WHERE user_id = \(userID)")
      for (kind, channels) in preferences.choices.sorted(by: { $0.key < $1.key }) {
        for (channel, enabled) in channels.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
          try await tx.execute(
            """
            INSERT INTO notification_preferences (user_id, kind, channel, enabled)
            VALUES (\(userID), \(kind), \(channel.rawValue), \(enabled))
            """)
        }
      }
      try await tx.execute(
        """
        INSERT INTO notification_settings (user_id, quiet_start, quiet_end, digest_time,
          updated_at)
        VALUES (\(userID), \(preferences.quietHours?.start), \(preferences.quietHours?.end),
          \(preferences.digestTime), \(at))
        ON CONFLICT (user_id) DO UPDATE SET quiet_start = excluded.quiet_start,
          quiet_end = excluded.quiet_end, digest_time = excluded.digest_time,
          updated_at = excluded.updated_at
        """)
    }
  }

  static func subscription(_ row: SQLRow) throws -> PushSubscription {
    PushSubscription(
      id: try row["id"], userID: try row["user_id"], endpoint: try row["endpoint"],
      p256dh: try row["p256dh"], auth: try row["auth"], label: try row["label"],
      createdAt: try row["created_at"], lastSuccessAt: try row["last_success_at"],
      failures: Int(try row["failures"] as Int64), problem: try row["problem"])
  }

  static func notification(_ row: SQLRow) throws -> StoredNotification {
    let actions: String = try row["actions"]
    return StoredNotification(
      id: try row["id"], userID: try row["user_id"], kind: try row["kind"],
      title: try row["title"], body: try row["body"], url: try row["url"],
      dedupeKey: try row["dedupe_key"], occurredAt: try row["occurred_at"],
      createdAt: try row["created_at"], readAt: try row["read_at"],
      actions: (try? StoreJSON.decode([NotificationAction].self, actions)) ?? [],
      data: try row["data"], topic: try row["topic"], closedAt: try row["closed_at"])
  }
}
