import Foundation
import HearthCore
import HearthTesting
import Logging
import Testing

@testable import HearthHost
@testable import HearthNotifications
@testable import HearthPlatform

/// The daily email digest on each database: notices wait for it instead of mailing one by one,
/// the digest reminder mails them together in the person's zone (Europe/Paris), and a change of
/// mode or time moves or ends its job. A test moves `now` and runs the due jobs itself.
@Suite(.serialized)
struct EmailDigestTests: StoreFixtures {
  static let kind = NotificationKind("lists.changed", label: "A list changed", urgency: .low)
  static let queues = [Reminders.queue, EmailDigest.flushQueue, Notifier.emailQueue]

  static func process(
    _ db: any HearthDatabase, now: ManualNow, outbox: AccountEmailTests.Outbox
  ) -> HearthApplication {
    var config = HearthConfig.testing(databasePath: ":memory:")
    config.logLevel = "error"
    var logger = Logger(label: "digest-tests")
    logger.logLevel = .error
    let ids = IDSequence()
    var env = HearthEnvironment(
      config: config, database: db, secret: String(repeating: "ab", count: 32),
      now: { now.date }, newID: { ids.next() }, logger: logger)
    env.mailer = { _ in outbox }
    return HearthApplication(env: env, modules: [])
  }

  @discardableResult
  static func runDue(_ worker: JobWorker) async throws -> Int {
    try await worker.runDue(queues)
  }

  /// Email on for the kind, in a digest at `time` ("HH:MM") or as it happens (nil).
  static func choose(_ time: String?, _ env: HearthEnvironment) async throws {
    let preferences = NotificationPreferences(
      choices: [kind.id: [.email: true]], digestTime: time.flatMap(QuietHours.minutes))
    try await env.database.notificationStore.savePreferences(
      preferences, userID: "p1", at: env.now())
    try await env.emailDigest.sync(userID: "p1")
  }

  static func notify(_ title: String, _ env: HearthEnvironment) async throws -> StoredNotification {
    let sent = try await env.notifier.send(
      NotificationDraft(
        kind: kind, to: ["p1"], title: title, body: "\(title), in detail.", url: "/lists/1",
        dedupeKey: title, occurredAt: env.now()))
    return try #require(sent.first)
  }

  static func digestReminder(_ env: HearthEnvironment) async throws -> [Reminder] {
    try await env.reminders.reminders(app: "hearth", resource: EmailDigest.resource("p1"))
  }

  static func emailJobs(_ db: any HearthDatabase) async throws -> Int {
    try await db.rows("SELECT id FROM jobs WHERE queue = \(Notifier.emailQueue)").count
  }

  @Test(arguments: StoreFactory.all)
  func theDigestMailsWaitingNoticesTogetherOnceADayAndNothingWhenNoneWait(
    _ factory: StoreFactory
  ) async throws {
    try await factory.withDatabase { db in
      // Given a digest at 07:30 Paris time, chosen the day before the spring change
      try await db.createUser(Self.user("p1"))
      let now = ManualNow("2026-03-27T12:00:00Z")
      let outbox = AccountEmailTests.Outbox()
      let app = Self.process(db, now: now, outbox: outbox)
      let worker = app.worker()
      try await Self.choose("07:30", app.env)
      let reminders = try await Self.digestReminder(app.env)
      #expect(reminders.count == 1)
      #expect(reminders.first?.nextAt == ReminderTests.instant("2026-03-28T06:30:00Z"))

      // When two notices come
      let first = try await Self.notify("Milk added", app.env)
      now.set("2026-03-27T15:00:00Z")
      let second = try await Self.notify("Bread added", app.env)

      // Then no email goes per notice: each waits for the digest
      #expect(try await Self.emailJobs(db) == 0)
      #expect(try await Self.runDue(worker) == 0)
      for notice in [first, second] {
        let deliveries = try await db.notificationStore.deliveries(notificationID: notice.id)
        #expect(deliveries.filter { $0.channel == "email" }.map(\.status) == [.pending])
      }
      #expect(try await app.env.emailDigest.pending(userID: "p1").count == 2)

      // When the digest time comes
      now.set("2026-03-28T06:30:00Z")
      #expect(try await Self.runDue(worker) == 1)

      // Then one mail lists both, with links to each and to the settings
      let mail = outbox.sent.withLockedValue { $0 }
      #expect(mail.count == 1)
      let message = try #require(mail.first)
      #expect(message.subject == "Your daily digest: 2 notifications")
      #expect(message.to.map(\.address) == ["p1@example.com"])
      for notice in [first, second] {
        #expect(message.text.contains(notice.title))
        #expect(message.text.contains("/notifications/\(notice.id)/open"))
      }
      #expect(
        message.text.range(of: "Milk")!.lowerBound < message.text.range(of: "Bread")!.lowerBound)
      #expect(message.headers.contains { $0.name == "List-Unsubscribe" })
      for notice in [first, second] {
        let deliveries = try await db.notificationStore.deliveries(notificationID: notice.id)
        #expect(deliveries.filter { $0.channel == "email" }.map(\.status) == [.sent])
      }

      // When the next digest comes (after the change to summer time) with nothing waiting
      let next = try #require(try await Self.digestReminder(app.env).first?.nextAt)
      #expect(next == ReminderTests.instant("2026-03-29T05:30:00Z"))
      now.set(next)
      #expect(try await Self.runDue(worker) == 1)

      // Then no mail goes, and a notice after it waits for the one after
      #expect(outbox.sent.withLockedValue { $0 }.count == 1)
      now.set("2026-03-29T09:00:00Z")
      let third = try await Self.notify("Eggs added", app.env)
      now.set("2026-03-30T05:30:00Z")
      #expect(try await Self.runDue(worker) == 1)
      let last = try #require(outbox.sent.withLockedValue { $0 }.last)
      #expect(outbox.sent.withLockedValue { $0 }.count == 2)
      #expect(last.subject == "Your daily digest: Eggs added")
      #expect(last.text.contains("/notifications/\(third.id)/open"))
      #expect(!last.text.contains("Milk"))
    }
  }

  @Test(arguments: StoreFactory.all)
  func goingBackToEmailAsItHappensEndsTheDigestAndSendsWhatWaited(_ factory: StoreFactory)
    async throws
  {
    try await factory.withDatabase { db in
      // Given a digest at 07:30 with one notice waiting
      try await db.createUser(Self.user("p1"))
      let now = ManualNow("2026-06-01T12:00:00Z")
      let outbox = AccountEmailTests.Outbox()
      let app = Self.process(db, now: now, outbox: outbox)
      let worker = app.worker()
      try await Self.choose("07:30", app.env)
      let jobID = try #require(try await Self.digestReminder(app.env).first?.nextJobID)
      let waiting = try await Self.notify("Milk added", app.env)

      // When the person goes back to email as it happens
      try await Self.choose(nil, app.env)

      // Then the digest and its job are gone, and what waited goes at once, in one mail
      #expect(try await Self.digestReminder(app.env).isEmpty)
      let status: String? = try await db.row("SELECT status FROM jobs WHERE id = \(jobID)")?[
        "status"]
      #expect(status == "cancelled")
      #expect(try await Self.runDue(worker) == 1)
      #expect(
        outbox.sent.withLockedValue { $0 }.map(\.subject) == ["Your daily digest: Milk added"])
      let deliveries = try await db.notificationStore.deliveries(notificationID: waiting.id)
      #expect(deliveries.filter { $0.channel == "email" }.map(\.status) == [.sent])

      // When another notice comes
      _ = try await Self.notify("Bread added", app.env)

      // Then it is mailed on its own, and no digest comes the next morning
      #expect(try await Self.emailJobs(db) == 1)
      #expect(try await Self.runDue(worker) == 1)
      now.set("2026-06-02T05:30:00Z")
      #expect(try await Self.runDue(worker) == 0)
      #expect(
        outbox.sent.withLockedValue { $0 }.map(\.subject) == [
          "Your daily digest: Milk added", "Bread added",
        ])
    }
  }

  @Test(arguments: StoreFactory.all)
  func aNewTimeMovesTheDigestAndDeletingTheAccountEndsIt(_ factory: StoreFactory) async throws {
    try await factory.withDatabase { db in
      // Given a digest at 07:30, then moved to 18:00, early in the morning in Paris
      try await db.createUser(Self.user("p1"))
      let now = ManualNow("2026-06-01T03:00:00Z")
      let outbox = AccountEmailTests.Outbox()
      let app = Self.process(db, now: now, outbox: outbox)
      let worker = app.worker()
      try await Self.choose("07:30", app.env)
      _ = try await Self.notify("Milk added", app.env)
      try await Self.choose("18:00", app.env)

      // Then one reminder remains, due at 18:00 Paris time today, and 07:30 sends nothing
      let reminders = try await Self.digestReminder(app.env)
      #expect(reminders.count == 1)
      #expect(reminders.first?.nextAt == ReminderTests.instant("2026-06-01T16:00:00Z"))
      now.set("2026-06-01T05:30:00Z")
      #expect(try await Self.runDue(worker) == 0)
      #expect(outbox.sent.withLockedValue { $0 }.isEmpty)
      now.set("2026-06-01T16:00:00Z")
      #expect(try await Self.runDue(worker) == 1)
      #expect(outbox.sent.withLockedValue { $0 }.count == 1)
      now.set("2026-06-02T05:30:00Z")
      #expect(try await Self.runDue(worker) == 0)

      // When the account is deleted
      try await db.deleteUser(id: "p1")

      // Then neither the reminder nor its pending job remains
      #expect(try await db.rows("SELECT id FROM reminders").isEmpty)
      #expect(
        try await db.rows("SELECT id FROM jobs WHERE status IN ('queued', 'running')").isEmpty)
    }
  }

  @Test func theAPIReadsAndSetsTheDigestNamesABadFieldAndFollowsTheZone() async throws {
    let server = try await TestServer()
    try await server.run { client in
      let ann = try await client.signup("ann@example.com", name: "Ann")
      let path = "/api/notifications/preferences"
      let initial = try await client.json(.get, path, token: ann.access)
      #expect((initial["emailDigest"] as? [String: Any])?["enabled"] as? Bool == false)

      let daily = try await client.json(
        .put, path, ["emailDigest": ["enabled": true, "time": "07:30"]], token: ann.access)
      #expect(daily.status == 200)
      let digest = daily["emailDigest"] as? [String: Any]
      #expect(digest?["enabled"] as? Bool == true && digest?["time"] as? String == "07:30")
      #expect(initial["kinds"] != nil && daily["kinds"] != nil)
      var reminders = try await Self.reminders(ann.id, server.env)
      #expect(reminders.map(\.rule.zone) == ["Europe/Paris"])

      let moved = try await client.json(
        .patch, "/api/me", ["timeZone": "America/New_York"], token: ann.access)
      #expect(moved.status == 200)
      reminders = try await Self.reminders(ann.id, server.env)
      #expect(reminders.map(\.rule.zone) == ["America/New_York"])
      #expect(reminders.map(\.rule.hour) == [7])

      let off = try await client.json(
        .put, path, ["emailDigest": ["enabled": false]], token: ann.access)
      #expect((off["emailDigest"] as? [String: Any])?["enabled"] as? Bool == false)
      #expect(try await Self.reminders(ann.id, server.env).isEmpty)
    }
    try await server.run(schemaChecked: false) { client in
      let bob = try await client.signup("bob@example.com", name: "Bob")
      let path = "/api/notifications/preferences"
      for bad: [String: Any] in [
        ["emailDigest": ["enabled": true]], ["emailDigest": ["enabled": true, "time": "7:30"]],
        ["emailDigest": ["enabled": true, "time": "24:00"]],
      ] {
        let reply = try await client.json(.put, path, bad, token: bob.access)
        #expect(reply.status == 400 && reply.errorField == "emailDigest.time", "\(bad)")
      }
      let missing = try await client.json(
        .put, path, ["emailDigest": ["time": "07:30"]], token: bob.access)
      #expect(missing.status == 400 && missing.errorField == "emailDigest.enabled")
      let wrong = try await client.json(
        .put, path, ["emailDigest": ["enabled": "yes"]], token: bob.access)
      #expect(wrong.status == 400 && wrong.errorField == "emailDigest.enabled")
      let kept = try await client.json(.get, path, token: bob.access)
      #expect((kept["emailDigest"] as? [String: Any])?["enabled"] as? Bool == false)
    }
  }

  static func reminders(_ userID: String, _ env: HearthEnvironment) async throws -> [Reminder] {
    try await env.reminders.reminders(app: "hearth", resource: EmailDigest.resource(userID))
  }
}
