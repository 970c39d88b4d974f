import Foundation
import HearthCore
import HearthNotifications
import HearthPlatform
import HearthTesting
import Logging
import Testing

extension StoreConformanceTests {
  static let kind = NotificationKind("lists.changed", label: "A list changed", urgency: .low)

  static func environment(_ db: any HearthDatabase, now: Int = 100) -> HearthEnvironment {
    var config = HearthConfig.testing(databasePath: ":memory:")
    config.logLevel = "error"
    let ids = IDSequence()
    return HearthEnvironment(
      config: config, database: db, secret: String(repeating: "ab", count: 32),
      now: { at(now) }, newID: { ids.next() }, logger: Logger(label: "test"))
  }

  static func device(_ id: String, of userID: String, endpoint: String? = nil) -> PushSubscription {
    PushSubscription(
      id: id, userID: userID, endpoint: endpoint ?? "https://push.example/\(id)",
      p256dh: "key-\(id)", auth: "auth-\(id)", label: "Phone \(id)", createdAt: at(1))
  }

  static func draft(to recipients: [String], key: String = "list:groceries:1") -> NotificationDraft
  {
    NotificationDraft(
      kind: kind, to: recipients, title: "Groceries changed", body: "Milk was added.",
      url: "/lists/groceries", dedupeKey: key, occurredAt: at(50))
  }

  @Test(arguments: StoreFactory.all)
  func aNoticeIsStoredOncePerPersonWithOnePushJobPerDevice(_ factory: StoreFactory) async throws {
    try await factory.withDatabase { db in
      for id in ["p1", "p2"] { try await db.createUser(Self.user(id)) }
      let store = db.notificationStore
      _ = try await store.putSubscription(Self.device("d1", of: "p1"))
      _ = try await store.putSubscription(Self.device("d2", of: "p1"))
      let env = Self.environment(db)

      async let first = env.notifier.send(Self.draft(to: ["p1", "p2", "p1"]))
      async let second = env.notifier.send(Self.draft(to: ["p1"]))
      let sent = try await first + second
      #expect(sent.map(\.userID).sorted() == ["p1", "p2"])
      #expect(try await env.notifier.send(Self.draft(to: ["p1", "p2"])).isEmpty)

      let inbox = try await store.notifications(userID: "p1", before: nil, limit: 10)
      #expect(inbox.count == 1)
      #expect(inbox.first?.url == "/lists/groceries")
      #expect(inbox.first?.occurredAt == Self.at(50))
      #expect(try await store.unreadCount(userID: "p1") == 1)
      let jobs = try await db.claim(
        queues: [Notifier.pushQueue], limit: 10, token: "t", leaseUntil: Self.at(200),
        at: Self.at(100))
      #expect(jobs.count == 2)
      #expect(
        Set(jobs.compactMap(\.idempotencyKey)) == [
          "\(inbox[0].id):push:d1", "\(inbox[0].id):push:d2",
        ])
      let deliveries = try await store.deliveries(notificationID: inbox[0].id)
      #expect(deliveries.map(\.target) == ["d1", "d2"])
      #expect(deliveries.allSatisfy { $0.status == .pending })

      let events = try await db.events(after: 0, limit: 10).filter {
        $0.type == "notification.created"
      }
      #expect(events.map { Self.key($0.audience) }.sorted() == ["user:p1", "user:p2"])
      #expect(try events.map { try Self.payload($0)["unread"] as? Int } == [1, 1])
    }
  }

  @Test(arguments: StoreFactory.all)
  func aNoticeOnlyEverLeadsToAPathOnThisServer(_ factory: StoreFactory) async throws {
    try await factory.withDatabase { db in
      try await db.createUser(Self.user("p1"))
      let env = Self.environment(db)
      for (index, url) in ["https://evil.example/x", "//evil.example", "/\\evil", ""].enumerated() {
        var draft = Self.draft(to: ["p1"], key: "k\(index)")
        draft.url = url
        let sent = try await env.notifier.send(draft)
        #expect(sent.first?.url == "/notifications")
      }
    }
  }

  @Test(arguments: StoreFactory.all)
  func readingAnnouncesTheCountAndOnlyToItsOwner(_ factory: StoreFactory) async throws {
    try await factory.withDatabase { db in
      for id in ["p1", "p2"] { try await db.createUser(Self.user(id)) }
      let env = Self.environment(db)
      let store = db.notificationStore
      let one = try await env.notifier.send(Self.draft(to: ["p1"], key: "a"))[0]
      _ = try await env.notifier.send(Self.draft(to: ["p1"], key: "b"))
      #expect(try await store.markRead(id: one.id, userID: "p2", at: Self.at(101)) == false)
      #expect(try await store.unreadCount(userID: "p1") == 2)
      #expect(try await store.markRead(id: one.id, userID: "p1", at: Self.at(101)))
      #expect(try await store.unreadCount(userID: "p1") == 1)
      try await store.markAllRead(userID: "p1", at: Self.at(102))
      #expect(try await store.unreadCount(userID: "p1") == 0)
      let reads = try await db.events(after: 0, limit: 20).filter { $0.type == "notification.read" }
      #expect(try reads.map { try Self.payload($0)["unread"] as? Int } == [1, 0])
      #expect(reads.allSatisfy { Self.key($0.audience) == "user:p1" })
      let newest = try await store.notifications(userID: "p1", before: nil, limit: 1)
      #expect(newest.count == 1 && newest[0].readAt == Self.at(102))
    }
  }

  @Test(arguments: StoreFactory.all)
  func aSubscriptionBelongsToOneDeviceAndGoesWithItsAccount(_ factory: StoreFactory) async throws {
    try await factory.withDatabase { db in
      for id in ["p1", "p2"] { try await db.createUser(Self.user(id)) }
      let store = db.notificationStore
      let stored = try await store.putSubscription(Self.device("d1", of: "p1"))
      #expect(stored == Self.device("d1", of: "p1"))
      #expect(try await store.deleteSubscription(id: "d1", userID: "p2") == false)

      // The same browser signed in as p2: the endpoint moves, keeping its id.
      var again = Self.device("d9", of: "p2", endpoint: "https://push.example/d1")
      again.p256dh = "new-key"
      let moved = try await store.putSubscription(again)
      #expect(moved.id == "d1" && moved.userID == "p2" && moved.p256dh == "new-key")
      #expect(try await store.subscriptions(userID: "p1").isEmpty)

      try await store.recordPush(subscriptionID: "d1", arrived: false, at: Self.at(5))
      #expect(try await store.subscription(id: "d1")?.failures == 1)
      try await store.recordPush(subscriptionID: "d1", arrived: true, at: Self.at(6))
      let delivered = try await store.subscription(id: "d1")
      #expect(delivered?.failures == 0 && delivered?.lastSuccessAt == Self.at(6))

      var aboutP1 = Self.draft(to: ["p2"], key: "about-p1")
      aboutP1.about = "p1"
      _ = try await Self.environment(db).notifier.send(aboutP1)
      #expect(try await store.unreadCount(userID: "p2") == 1)
      try await db.deleteUser(id: "p1")
      #expect(try await store.notifications(userID: "p2", before: nil, limit: 10).isEmpty)

      _ = try await Self.environment(db).notifier.send(Self.draft(to: ["p2"]))
      try await db.deleteUser(id: "p2")
      #expect(try await store.subscription(id: "d1") == nil)
      #expect(try await store.notifications(userID: "p2", before: nil, limit: 10).isEmpty)
    }
  }
}

/// Ids in order, for tests that name what they create.
final class IDSequence: @unchecked Sendable {
  private var count = 0
  private let lock = NSLock()

  func next() -> String {
    lock.withLock {
      count += 1
      return "id-\(count)"
    }
  }
}
