import Foundation
import HearthCore
import HearthTesting
import Hummingbird
import HummingbirdTesting
import Logging
import NIOConcurrencyHelpers
import Testing

@testable import HearthAccounts
@testable import HearthNotifications
@testable import HearthPlatform

/// What keeps push from being turned inwards or into a flood: the check just before
/// connecting, the hourly limit of pushed notices and the device cap.
@Suite struct PushGuardTests: StoreFixtures {
  /// Gives names the addresses a scenario needs; any other name does not resolve.
  struct TestResolver: OutboundResolver {
    var names: [String: [IPAddress]]

    func addresses(of host: String) async throws -> [IPAddress] {
      guard let addresses = names[host] else {
        throw ResolveFailure(host: host, reason: "unknown to the test")
      }
      return addresses
    }
  }

  static let loopback = IPAddress.v4(0x7f00_0001)
  static let publicV4 = IPAddress(literal: "93.184.215.14")!
  /// The production rule, but over plain http, so a listener on loopback would answer any
  /// request the guard let through.
  static let publicOnlyOverHTTP = OutboundAddressRule(
    schemes: ["https", "http"], allowsNonPublic: false)
  /// RFC 8291's example subscription keys.
  static let p256dh =
    "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4"
  static let auth = "BTBZMqHH6r4Tts7J_aSIgg"
  static let kind = NotificationKind("lists.changed", label: "A list changed", urgency: .low)

  static func device(_ id: String, endpoint: String) -> PushSubscription {
    PushSubscription(
      id: id, userID: "p1", endpoint: endpoint, p256dh: p256dh, auth: auth, label: "Phone \(id)",
      createdAt: at(1))
  }

  static func draft(_ key: String) -> NotificationDraft {
    NotificationDraft(
      kind: kind, to: ["p1"], title: "Groceries changed", body: "Milk was added.",
      url: "/lists/groceries", dedupeKey: key, occurredAt: at(50))
  }

  /// A push service on loopback that counts what reaches it and accepts everything.
  static func listener(_ received: NIOLockedValueBox<Int>) -> some ApplicationProtocol {
    let router = Router()
    router.post("/push/:id") { _, _ -> Response in
      received.withLockedValue { $0 += 1 }
      return Response(status: .created)
    }
    return Application(
      router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)))
  }

  /// Sends one notice to p1's only device and runs its push job with `outbound`.
  static func deliverOne(
    _ env: HearthEnvironment, endpoint: String, key: String, outbound: OutboundGuard
  ) async throws -> PushSubscription? {
    let db = env.database
    var env = env
    for old in try await db.notificationStore.subscriptions(userID: "p1") {
      _ = try await db.notificationStore.deleteSubscription(id: old.id, userID: "p1")
    }
    _ = try await db.notificationStore.putSubscription(device("d-\(key)", endpoint: endpoint))
    env.outbound = outbound
    _ = try await env.notifier.send(draft(key))
    let jobs = try await db.claim(
      queues: [Notifier.pushQueue], limit: 10, token: key, leaseUntil: at(200), at: at(100))
    try #require(jobs.count == 1)
    try await PushSender(env: env).deliver(JobContext(job: jobs[0], logger: Logger(label: "test")))
    return try await db.notificationStore.subscription(id: "d-\(key)")
  }

  @Test func aNameResolvingToLoopbackIsRefusedAtConnectTimeAndNothingIsPosted() async throws {
    // Given a push service on loopback, and a name the resolver maps to 127.0.0.1
    let received = NIOLockedValueBox(0)
    try await Self.listener(received).test(.live) { listener in
      let port = try #require(listener.port)
      let endpoint = "http://push.example.com:\(port)/push/"
      let resolver = TestResolver(names: ["push.example.com": [Self.loopback]])
      try await StoreFactory.all[0].withDatabase { db in
        try await db.createUser(Self.user("p1"))
        let env = StoreConformanceTests.environment(db)

        // When the public-only guard delivers to it
        let refused = try await Self.deliverOne(
          env, endpoint: endpoint + "1", key: "a",
          outbound: OutboundGuard(rule: Self.publicOnlyOverHTTP, resolver: resolver))

        // Then nothing reached the listener, and the device shows why in words
        #expect(received.withLockedValue { $0 } == 0)
        #expect(
          refused?.problem
            == "the push service's address is refused: 127.0.0.1 (push.example.com) is a "
            + "loopback address (this machine); not sent")
        #expect(refused?.failures == 1)

        // And the same name delivers when loopback is allowed, through the pinned address
        let delivered = try await Self.deliverOne(
          env, endpoint: endpoint + "2", key: "b",
          outbound: OutboundGuard(rule: .anywhere, resolver: resolver))
        #expect(received.withLockedValue { $0 } == 1)
        #expect(delivered?.lastSuccessAt != nil && delivered?.problem == nil)
      }
    }
  }

  @Test func aPublicAddressIsPinnedAndEveryAddressIsChecked() async throws {
    // Given a name with a public IPv6 and IPv4 address, and one that also has a private one
    let v6 = try #require(IPAddress(literal: "2606:2800:21f:cb07:6820:80da:af6b:8b2c"))
    let resolver = TestResolver(names: [
      "fcm.googleapis.com": [v6, Self.publicV4],
      "rebound.example.com": [Self.publicV4, IPAddress(literal: "10.0.0.7")!],
    ])
    let outbound = OutboundGuard(rule: .publicOnly, resolver: resolver)

    // When each is pinned
    let target = try await outbound.pin("https://fcm.googleapis.com/fcm/send/abc")

    // Then the public one goes to its IPv4 address, still named for TLS
    #expect(target.address == Self.publicV4)
    #expect(target.dnsOverride == ["fcm.googleapis.com": "93.184.215.14"])
    #expect(target.url.port == 443)
    let literal = try await outbound.pin("https://[2606:4700:4700::1111]/x")
    #expect(literal.dnsOverride == ["[2606:4700:4700::1111]": "2606:4700:4700:0:0:0:0:1111"])
    // And one private address among public ones refuses the name
    await #expect(
      throws: OutboundRefusal("10.0.0.7 (rebound.example.com) is a private network address")
    ) {
      try await outbound.pin("https://rebound.example.com/push")
    }
  }

  @Test(arguments: StoreFactory.all)
  func noticesPastTheHourlyLimitStayInTheInboxAndTheirPushIsRecordedAsLimited(
    _ factory: StoreFactory
  ) async throws {
    try await factory.withDatabase { db in
      // Given a person with one device who was pushed the hour's limit of notices
      try await db.createUser(Self.user("p1"))
      let store = db.notificationStore
      _ = try await store.putSubscription(Self.device("d1", endpoint: "https://push.example.com/1"))
      let env = StoreConformanceTests.environment(db)
      for index in 0..<PushLimits.noticesPerHour {
        _ = try await env.notifier.send(Self.draft("n\(index)"))
      }

      // When one more notice comes
      let over = try await env.notifier.send(Self.draft("over"))[0]

      // Then it is in the inbox, its push is recorded as limited and no job was made for it
      #expect(try await store.unreadCount(userID: "p1") == PushLimits.noticesPerHour + 1)
      #expect(try await store.deliveries(notificationID: over.id).map(\.status) == [.limited])
      let jobs = try await db.claim(
        queues: [Notifier.pushQueue], limit: 100, token: "t", leaseUntil: Self.at(200),
        at: Self.at(100))
      #expect(jobs.count == PushLimits.noticesPerHour)
      #expect(try await store.subscription(id: "d1")?.problem == Notifier.limitedDetail)
    }
  }

  @Test(arguments: StoreFactory.all)
  func theDeviceCapRefusesANewDeviceButNotAKnownOne(_ factory: StoreFactory) async throws {
    try await factory.withDatabase { db in
      // Given a person with as many devices as allowed
      try await db.createUser(Self.user("p1"))
      let store = db.notificationStore
      let cap = PushLimits.devicesPerAccount
      for index in 0..<cap {
        _ = try await store.putSubscription(
          Self.device("d\(index)", endpoint: "https://push.example.com/\(index)"),
          devicesAtMost: cap)
      }

      // When a new device subscribes, then it is refused
      await #expect(throws: DeviceLimitReached.self) {
        try await store.putSubscription(
          Self.device("new", endpoint: "https://push.example.com/new"), devicesAtMost: cap)
      }
      // And a known endpoint subscribing again keeps its place
      var again = Self.device("other-id", endpoint: "https://push.example.com/3")
      again.label = "Renewed"
      let renewed = try await store.putSubscription(again, devicesAtMost: cap)
      #expect(renewed.id == "d3" && renewed.label == "Renewed")
      #expect(try await store.subscriptions(userID: "p1").count == cap)
    }
  }

  @Test func theAccountPageShowsWhyADeviceWasNotReached() {
    // Given a device whose latest push was refused
    var device = Self.device("d1", endpoint: "https://push.example.com/1")
    device.problem = "10.0.0.7 (push.example.com) is a private network address; not sent"

    // When its row is shown, then the reason is there, marked as an error
    let html = DevicesSection.row(device, timeZone: .gmt, csrf: "c").render()
    #expect(
      html.contains(
        "<p class=\"field-error\">Last push: 10.0.0.7 (push.example.com) is a private network "
          + "address; not sent</p>"))
    #expect(
      !DevicesSection.row(
        Self.device("d2", endpoint: "https://push.example.com/2"), timeZone: .gmt, csrf: "c"
      ).render().contains("field-error"))
  }
}
