import CanonicalJSON
import Foundation
import HearthCore
import HearthPlatform
import HearthTesting
import Logging
import RedoCore
import Synchronization
import Testing

@testable import HearthHost
@testable import HearthNotifications
@testable import RedoApp

/// The morning digest on each database: a person's setting schedules a daily reminder in their
/// zone, and each occurrence lists the tasks due that local day. A test moves `now` from
/// occurrence to occurrence and runs the due reminder jobs. Every person is in Europe/Paris
/// (UTC+1 in December).
@Suite(.serialized)
struct RedoDueTodayTests: StoreFixtures {
  final class Counter: Sendable {
    private let value = Mutex(0)
    func next() -> String {
      value.withLock {
        $0 += 1
        return "id-\($0)"
      }
    }
  }

  static func instant(_ iso: String) -> Date { ManualNow.instant(iso) }

  static func process(_ db: any HearthDatabase, now: ManualNow) -> HearthApplication {
    var config = HearthConfig.testing(databasePath: ":memory:")
    config.logLevel = "error"
    var logger = Logger(label: "redo-due-today-tests")
    logger.logLevel = .error
    let ids = Counter()
    let env = HearthEnvironment(
      config: config, database: db, secret: String(repeating: "ab", count: 32),
      now: { now.date }, newID: { ids.next() }, logger: logger)
    return HearthApplication(env: env, modules: [RedoModule.self])
  }

  /// Runs every reminder job due now; returns how many ran.
  @discardableResult
  static func runDue(_ worker: JobWorker) async throws -> Int {
    try await worker.runDue([Reminders.queue])
  }

  /// A one-time task `owner` uploads, due at `deadline`; `done` completes its todo.
  static func task(
    _ title: String, due deadline: String, owner: String, done: Bool = false,
    in db: any HearthDatabase
  ) async throws -> String {
    let key = RedoKey.generate()
    let taskId = UUID().uuidString.lowercased()
    let todoId = UUID().uuidString.lowercased()
    let create = key.sign(
      NodeDraft(
        taskId: taskId, parents: [], lamport: 1, action: .create,
        payload: ["title": .string(title)]),
      deviceId: "device", wall: "2026-11-20T10:00:00.000Z")
    var nodes = [create]
    nodes.append(
      key.sign(
        NodeDraft(
          taskId: taskId, parents: [create.id], lamport: 2, action: .createTodo,
          payload: ["todoTaskId": .string(todoId), "deadline": .string(deadline)]),
        deviceId: "device", wall: "2026-11-20T10:00:00.001Z"))
    if done {
      nodes.append(
        key.sign(
          NodeDraft(
            taskId: taskId, parents: [nodes[1].id], lamport: 3, action: .completeTodo,
            payload: ["todoTaskId": .string(todoId), "completed": "2026-11-21T10:00:00.000Z"]),
          deviceId: "device", wall: "2026-11-21T10:00:00.000Z"))
    }
    let stored = try nodes.map { NewRedoNode(id: $0.id, json: try $0.json.canonicalString()) }
    _ = try await db.redoStore.appendRedoNodes(
      taskId: taskId, uploaderID: owner, title: title, at: Self.at(1)
    ) { _, _ in stored }
    return taskId
  }

  static func inbox(_ userID: String, _ db: any HearthDatabase) async throws
    -> [StoredNotification]
  {
    try await db.notificationStore.notifications(userID: userID, before: nil, limit: 100)
      .sorted { $0.occurredAt < $1.occurredAt }
  }

  @Test(arguments: StoreFactory.all)
  func theDigestListsTodaysTasksAtTheChosenTimeAndFollowsTheSetting(_ factory: StoreFactory)
    async throws
  {
    try await factory.withDatabase { db in
      for id in ["ann", "bob", "cy"] { try await db.createUser(Self.user(id)) }
      let now = ManualNow("2026-11-30T12:00:00Z")
      let app = Self.process(db, now: now)
      let worker = app.worker()
      let service = RedoDueToday(env: app.env)
      let ann = try #require(try await db.user(id: "ann"))
      let cy = try #require(try await db.user(id: "cy"))

      // Given Ann's tasks: two due on Dec 1 in Paris (one of them Bob's, shared with her),
      // one due the next day, one due Dec 1 but done; and Cy's only task, due on Dec 2
      _ = try await Self.task(
        "Water the plants", due: "2026-12-01T09:00:00.000Z", owner: "ann", in: db)
      let rent = try await Self.task(
        "Pay the rent", due: "2026-12-01T22:59:59.999Z", owner: "bob", in: db)
      try await db.putParticipant(
        Participant(
          resource: RedoEvents.resource(taskId: rent), userID: "ann", status: .accepted,
          permission: .readWrite, invitedBy: "bob", updatedAt: Self.at(2)))
      _ = try await Self.task(
        "Call the bank", due: "2026-12-01T23:00:00.000Z", owner: "ann", in: db)
      _ = try await Self.task(
        "Return the books", due: "2026-12-01T10:00:00.000Z", owner: "ann", done: true, in: db)
      _ = try await Self.task(
        "Book the dentist", due: "2026-12-02T10:00:00.000Z", owner: "cy", in: db)

      // When Ann and Cy turn the digest on at 07:30 their time
      let saved = try await service.save(on: true, minute: 450, for: ann)
      #expect(
        saved
          == .init(
            on: true, minute: 450, timeZone: "Europe/Paris",
            nextAt: Self.instant("2026-12-01T06:30:00Z")))
      _ = try await service.save(on: true, minute: 450, for: cy)

      // Then nothing is sent before 07:30, and at 07:30 Ann gets one notice listing the two
      // tasks due that day, soonest first, and Cy, with nothing due, gets none
      now.set("2026-12-01T06:29:59Z")
      #expect(try await Self.runDue(worker) == 0)
      now.set("2026-12-01T06:30:00Z")
      #expect(try await Self.runDue(worker) == 2)
      let first = try await Self.inbox("ann", db)
      #expect(first.map(\.title) == ["2 tasks due today"])
      #expect(first.first?.body == "Water the plants\nPay the rent")
      #expect(first.first?.url == "/redo?preset=today")
      #expect(first.first?.kind == "redo.due-today")
      #expect(first.first?.occurredAt == Self.instant("2026-12-01T06:30:00Z"))
      #expect(try await Self.inbox("cy", db).isEmpty)
      #expect(try await Self.inbox("bob", db).isEmpty)

      // When Ann moves it to 09:00: the 07:30 job is cancelled; 09:00 that same day sends
      // nothing more, as she has had the day's digest; the next day 09:00 sends
      let moved = try await service.save(on: true, minute: 540, for: ann)
      #expect(moved.nextAt == Self.instant("2026-12-01T08:00:00Z"))
      #expect(
        try await app.env.reminders.reminders(
          app: "redo", resource: RedoDueToday.resource(userID: "ann")
        ).count == 1)
      now.set("2026-12-01T08:00:00Z")
      #expect(try await Self.runDue(worker) == 1)
      #expect(try await Self.inbox("ann", db).count == 1)
      now.set("2026-12-02T06:30:00Z")
      #expect(try await Self.runDue(worker) == 1)  // Cy's, who now has one task due
      #expect(try await Self.inbox("ann", db).count == 1)
      #expect(try await Self.inbox("cy", db).map(\.title) == ["1 task due today"])
      now.set("2026-12-02T08:00:00Z")
      #expect(try await Self.runDue(worker) == 1)
      let second = try await Self.inbox("ann", db)
      #expect(second.map(\.title) == ["2 tasks due today", "1 task due today"])
      #expect(second.last?.body == "Call the bank")

      // When she turns it off: no reminder is left and nothing more comes; the time is kept
      let off = try await service.save(on: false, minute: 540, for: ann)
      #expect(off == .init(on: false, minute: 540, timeZone: "Europe/Paris", nextAt: nil))
      #expect(
        try await app.env.reminders.reminders(
          app: "redo", resource: RedoDueToday.resource(userID: "ann")
        ).isEmpty)
      now.set("2026-12-03T08:00:00Z")
      #expect(try await Self.runDue(worker) == 1)  // Cy's 07:30, with nothing due
      #expect(try await Self.inbox("ann", db).count == 2)
      #expect(try await Self.inbox("cy", db).count == 1)
    }
  }

  @Test(arguments: StoreFactory.all)
  func someoneWhoMovesZoneGetsTheNextDigestAtTheirTimeThere(_ factory: StoreFactory)
    async throws
  {
    try await factory.withDatabase { db in
      try await db.createUser(Self.user("ann"))
      let now = ManualNow("2026-11-30T12:00:00Z")
      let app = Self.process(db, now: now)
      let ann = try #require(try await db.user(id: "ann"))
      _ = try await Self.task("Pack", due: "2026-12-01T12:00:00.000Z", owner: "ann", in: db)
      _ = try await RedoDueToday(env: app.env).save(on: true, minute: 480, for: ann)

      // When Ann moves to New York before 08:00 in Paris: that digest still comes, and the
      // next one is at 08:00 in New York (13:00 UTC)
      var moved = ann
      moved.timeZone = "America/New_York"
      try await db.updateUser(moved, from: ann)
      now.set("2026-12-01T07:00:00Z")
      #expect(try await Self.runDue(app.worker()) == 1)
      #expect(try await Self.inbox("ann", db).map(\.title) == ["1 task due today"])
      let reminder = try #require(
        try await app.env.reminders.reminders(
          app: "redo", resource: RedoDueToday.resource(userID: "ann")
        ).first)
      #expect(reminder.rule == RecurrenceRule(zone: "America/New_York", hour: 8, minute: 0))
      #expect(reminder.nextAt == Self.instant("2026-12-01T13:00:00Z"))
      // which, still Dec 1 in New York, adds nothing to the digest she had that day
      now.set("2026-12-01T13:00:00Z")
      #expect(try await Self.runDue(app.worker()) == 1)
      #expect(try await Self.inbox("ann", db).count == 1)
    }
  }

  @Test(arguments: StoreFactory.all)
  func deletingTheAccountTakesTheSettingAndTheReminder(_ factory: StoreFactory) async throws {
    try await factory.withDatabase { db in
      try await db.createUser(Self.user("ann"))
      let now = ManualNow("2026-11-30T12:00:00Z")
      let app = Self.process(db, now: now)
      let ann = try #require(try await db.user(id: "ann"))
      _ = try await RedoDueToday(env: app.env).save(on: true, minute: 480, for: ann)
      try await db.deleteUser(id: "ann")
      #expect(try await db.redoStore.redoSettings(userID: "ann") == nil)
      #expect(
        try await app.env.reminders.reminders(
          app: "redo", resource: RedoDueToday.resource(userID: "ann")
        ).isEmpty)
      // The pending job went with the account: nothing runs at the next morning's time
      now.set("2026-12-01T07:00:00Z")
      #expect(try await Self.runDue(app.worker()) == 0)
      #expect(try await Self.inbox("ann", db).isEmpty)
    }
  }
}
