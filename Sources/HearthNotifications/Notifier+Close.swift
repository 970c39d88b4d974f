import Crypto
import Foundation
import HearthCore
import HearthPlatform
import HearthSQL

extension Notifier {
  /// How long a device's push service keeps the quiet notice that replaces a closed one.
  static let replacementTimeToLive = 24 * 3600

  /// Closes every open notice about `topic`, for everyone who has one: what it asked for was
  /// done (by `closer`, when a person did it). Each is marked read, shows no buttons and says
  /// `body` instead; a device it was pushed to gets the closed notice in its place, quietly,
  /// under the same Topic and tag (one push per device, of its newest notice), except the
  /// closer's own devices, where it was tapped. Returns how many were closed.
  @discardableResult
  public func close(topic: String, body: String, by closer: String?) async throws -> Int {
    let now = env.now()
    let env = env
    let closed = try await env.database.transaction { tx -> Int in
      let open = try await tx.rows(
        """
        SELECT id, user_id, read_at FROM notifications
        WHERE topic = \(topic) AND closed_at IS NULL ORDER BY created_at DESC, id DESC
        """)
      var replaced: Set<String> = []
      for row in open {
        let (id, userID): (String, String) = (try row["id"], try row["user_id"])
        let readAt: Date? = try row["read_at"]
        try await tx.execute(
          """
          UPDATE notifications SET closed_at = \(now), read_at = \(readAt ?? now), body = \(body)
          WHERE id = \(id)
          """)
        if readAt == nil {
          try await NotificationSQLStore.announceUnread(userID: userID, in: tx, at: now)
        }
        guard userID != closer else { continue }
        for delivery in try await tx.rows(
          """
          SELECT target FROM notification_deliveries
          WHERE notification_id = \(id) AND channel = 'push' AND status = 'sent'
          """)
        {
          let subscriptionID: String = try delivery["target"]
          guard replaced.insert(subscriptionID).inserted else { continue }
          let payload = PushJob(
            notificationID: id, subscriptionID: subscriptionID,
            timeToLive: Self.replacementTimeToLive, urgency: PushUrgency.normal.rawValue,
            sendAt: now)
          try await tx.enqueue(
            NewJob(
              queue: Self.pushQueue, payload: StoreJSON.encode(payload), runAt: now,
              idempotencyKey: "\(id):close:\(subscriptionID)",
              maxAttempts: PushLimits.attemptsPerDelivery),
            id: env.newID(), at: now)
        }
      }
      return open.count
    }
    if closed > 0 { await env.jobWakeup.signal() }
    return closed
  }

  /// A topic as an RFC 8030 `Topic` header allows: at most 32 characters of base64url.
  static func topicHeader(_ topic: String) -> String {
    let digest = Data(SHA256.hash(data: Data(topic.utf8)))
    return String(
      digest.base64EncodedString().replacingOccurrences(of: "+", with: "-")
        .replacingOccurrences(of: "/", with: "_").prefix(32))
  }
}
