import Foundation
import HearthCore
import HearthHost
import HearthNotifications
import HearthPlatform
import HearthSQL
import HearthTesting
import Logging
import Testing

/// The `notify.reminder` chain on each database, driven by claiming and running due jobs while
/// a test moves `now` from occurrence to occurrence. Expected instants come from Python's
/// zoneinfo (see RecurrenceRuleTests).
@Suite(.serialized)
struct ReminderTests: StoreFixtures {
  static let kind = NotificationKind("chores.water", label: "Water the plants", urgency: .high)

  /// A test app whose `chores.water` reminders send their owner one notice.
  struct ChoresModule: HearthAppModule {
    static let app = HearthApp(slug: "chores", name: "Chores", summary: "Reminders to test.")
    static let schema = AppSchema(namespace: "chores", sqlite: [], postgres: [])

    init(env: HearthEnvironment) {}
    func register(_ routes: AppRoutes) {}

    var reminderHandlers: [String: ReminderHandler] {
      [
        ReminderTests.kind.id: { firing in
          [
            NotificationDraft(
              kind: ReminderTests.kind, to: [firing.reminder.ownerUserID],
              title: "Water the plants", body: "Due \(firing.occurrence.day)", url: "/chores",
              dedupeKey: firing.dedupeKey, occurredAt: firing.occurrence.instant)
          ]
        }
      ]
    }
  }

  static func instant(_ iso: String) -> Date { ManualNow.instant(iso) }

  /// One process of the server: an environment on `db` and the application's job worker.
  static func process(_ db: any HearthDatabase, now: ManualNow, ids: IDSequence)
    -> HearthApplication
  {
    var config = HearthConfig.testing(databasePath: ":memory:")
    config.logLevel = "error"
    var logger = Logger(label: "reminder-tests")
    logger.logLevel = .error
    let env = HearthEnvironment(
      config: config, database: db, secret: String(repeating: "ab", count: 32),
      now: { now.date }, newID: { ids.next() }, logger: logger)
    return HearthApplication(env: env, modules: [ChoresModule.self])
  }

  /// Runs every reminder job due now, round after round, until none is due; returns how many ran.
  @discardableResult
  static func runDue(_ worker: JobWorker) async throws -> Int {
    try await worker.runDue([Reminders.queue])
  }

  static func schedule(_ app: HearthApplication, _ rule: RecurrenceRule) async throws -> Reminder {
    try await app.env.reminders.schedule(
      app: "chores", kind: kind.id, owner: "p1",
      resource: ResourceRef(app: "chores", kind: "plant", id: "fern"), rule: rule)
  }

  /// The owner's notices, oldest occurrence first.
  static func inbox(_ db: any HearthDatabase) async throws -> [StoredNotification] {
    try await db.notificationStore.notifications(userID: "p1", before: nil, limit: 100)
      .sorted { $0.occurredAt < $1.occurredAt }
  }

  struct Crossing: Sendable, CustomTestStringConvertible {
    var name: String
    var rule: RecurrenceRule
    var start: String
    var occurrences: [String]
    /// Instants between occurrences where nothing is due: the second pass of a repeated hour.
    var quiet: [String] = []

    var testDescription: String { name }
  }

  static let crossings = [
    Crossing(
      name: "New York 02:30, spring forward",
      rule: RecurrenceRule(zone: "America/New_York", hour: 2, minute: 30),
      start: "2026-03-07T00:00:00Z",
      occurrences: ["2026-03-07T07:30:00Z", "2026-03-08T07:30:00Z", "2026-03-09T06:30:00Z"]),
    Crossing(
      name: "New York 01:30, fall back",
      rule: RecurrenceRule(zone: "America/New_York", hour: 1, minute: 30),
      start: "2026-10-31T00:00:00Z",
      occurrences: ["2026-10-31T05:30:00Z", "2026-11-01T05:30:00Z", "2026-11-02T06:30:00Z"],
      quiet: ["2026-11-01T06:30:00Z"]),
    Crossing(
      name: "Berlin 02:30, spring forward",
      rule: RecurrenceRule(zone: "Europe/Berlin", hour: 2, minute: 30),
      start: "2026-03-28T00:00:00Z",
      occurrences: ["2026-03-28T01:30:00Z", "2026-03-29T01:30:00Z", "2026-03-30T00:30:00Z"]),
    Crossing(
      name: "Berlin 02:30, fall back",
      rule: RecurrenceRule(zone: "Europe/Berlin", hour: 2, minute: 30),
      start: "2026-10-24T00:00:00Z",
      occurrences: ["2026-10-24T00:30:00Z", "2026-10-25T00:30:00Z", "2026-10-26T01:30:00Z"],
      quiet: ["2026-10-25T01:30:00Z"]),
  ]

  @Test(arguments: StoreFactory.all, crossings)
  func aDailyReminderFiresOncePerOccurrenceAcrossDSTChanges(
    _ factory: StoreFactory, _ crossing: Crossing
  ) async throws {
    try await factory.withDatabase { db in
      // Given a daily reminder scheduled before a DST change
      try await db.createUser(Self.user("p1"))
      let now = ManualNow(crossing.start)
      let app = Self.process(db, now: now, ids: IDSequence())
      let worker = app.worker()
      let reminder = try await Self.schedule(app, crossing.rule)
      #expect(reminder.nextAt == Self.instant(crossing.occurrences[0]))

      // When time moves to a second before each occurrence, then to it
      for (index, occurrence) in crossing.occurrences.enumerated() {
        let due = Self.instant(occurrence)
        now.set(due - 1)
        #expect(try await Self.runDue(worker) == 0)
        now.set(occurrence)
        #expect(try await Self.runDue(worker) == 1)
        #expect(try await Self.inbox(db).count == index + 1)
        let following = crossing.occurrences.dropFirst(index + 1).first.map(Self.instant)
        for quiet in crossing.quiet.map(Self.instant)
        where quiet > due && quiet < following ?? .distantFuture {
          now.set(quiet)
          #expect(try await Self.runDue(worker) == 0, "nothing is due at \(quiet)")
        }
      }

      // Then each occurrence made exactly one notice, at its own instant
      let inbox = try await Self.inbox(db)
      #expect(inbox.map(\.occurredAt) == crossing.occurrences.map(Self.instant))
      #expect(Set(inbox.map(\.dedupeKey)).count == crossing.occurrences.count)
      #expect(inbox.first?.dedupeKey == "chores.water:\(reminder.id):\(crossing.occurrences[0])")
      let next = try await app.env.reminders.reminder(id: reminder.id)
      #expect(next?.nextAt == crossing.rule.nextOccurrence(after: inbox.last!.occurredAt)?.instant)
    }
  }

  @Test(arguments: StoreFactory.all)
  func aRestartSendsALateOccurrenceOnceAndSkipsOneTooLate(_ factory: StoreFactory) async throws {
    try await factory.withDatabase { db in
      // Given a reminder at 08:00 New York time that fired once
      try await db.createUser(Self.user("p1"))
      let now = ManualNow("2026-03-06T00:00:00Z")
      let ids = IDSequence()
      let first = Self.process(db, now: now, ids: ids)
      let reminder = try await Self.schedule(
        first, RecurrenceRule(zone: "America/New_York", hour: 8, minute: 0))
      now.set("2026-03-06T13:00:00Z")
      #expect(try await Self.runDue(first.worker()) == 1)

      // When the server is down over the next occurrence and a new one starts 30 min after it
      now.set("2026-03-07T13:30:00Z")
      let second = Self.process(db, now: now, ids: ids)
      #expect(try await Self.runDue(second.worker()) == 1)

      // Then it is sent once, with its own time
      var inbox = try await Self.inbox(db)
      #expect(inbox.count == 2)
      #expect(inbox.last?.occurredAt == Self.instant("2026-03-07T13:00:00Z"))
      #expect(inbox.last?.createdAt == Self.instant("2026-03-07T13:30:00Z"))
      #expect(try await Self.runDue(second.worker()) == 0)

      // When the next one (12:00Z, after the change to EDT) is 2 h late
      now.set("2026-03-08T14:00:00Z")
      let third = Self.process(db, now: now, ids: ids)
      #expect(try await Self.runDue(third.worker()) == 1)

      // Then it is skipped and the next day's is scheduled
      inbox = try await Self.inbox(db)
      #expect(inbox.count == 2)
      var stored = try await third.env.reminders.reminder(id: reminder.id)
      #expect(stored?.nextAt == Self.instant("2026-03-09T12:00:00Z"))

      // When the server was down for three days and comes back 30 min after an occurrence
      now.set("2026-03-12T12:30:00Z")
      let fourth = Self.process(db, now: now, ids: ids)
      #expect(try await Self.runDue(fourth.worker()) == 2)

      // Then only that occurrence is sent, not a burst of the missed ones
      inbox = try await Self.inbox(db)
      #expect(inbox.map(\.occurredAt).suffix(1) == [Self.instant("2026-03-12T12:00:00Z")])
      #expect(inbox.count == 3)
      stored = try await fourth.env.reminders.reminder(id: reminder.id)
      #expect(stored?.nextAt == Self.instant("2026-03-13T12:00:00Z"))
    }
  }
}
