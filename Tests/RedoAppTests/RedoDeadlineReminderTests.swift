import CanonicalJSON
import Foundation
import HearthCore
import HearthPlatform
import HearthTesting
import RedoCore
import Testing

@testable import HearthHost
@testable import HearthNotifications
@testable import RedoApp

/// A person's reminder of a task's deadline on each database: one notice at the deadline less
/// the chosen minutes, following the current todo as nodes arrive through sync. A test moves
/// `now` and runs the due reminder jobs. Everyone is in Europe/Paris (UTC+1 in December).
@Suite(.serialized)
struct RedoDeadlineReminderTests: StoreFixtures {
  /// Ann's device, whose uploads go through the server's sync as the browser's do.
  struct Setup {
    let app: HearthApplication
    let worker: JobWorker
    let device = RedoAPITests.Device()
    var nodes: [RedoNode] = []
    var todoId = UUID().uuidString.lowercased()

    var env: HearthEnvironment { app.env }
    var service: RedoDeadlineReminders { RedoDeadlineReminders(env: env) }

    func user(_ id: String) async throws -> User {
      try #require(try await env.database.user(id: id))
    }

    /// Signs a node on the latest one and uploads it as Ann; it must be accepted.
    mutating func upload(_ action: NodeAction, _ payload: [String: JSON], wall: String)
      async throws
    {
      let parent = nodes.last
      let node = device.key.sign(
        NodeDraft(
          taskId: device.taskId, parents: parent.map { [$0.id] } ?? [],
          lamport: (parent?.lamport ?? 0) + 1, action: action, payload: payload),
        deviceId: "device", wall: wall)
      let verdicts = try await RedoSync(env: env).upload([node.json], by: try await user("ann"))
      #expect(verdicts.map(\.status) == [.accepted], "\(verdicts)")
      nodes.append(node)
    }

    /// Runs the reminder jobs due now; how many ran.
    func runDue() async throws -> Int { try await worker.runDue([RedoDeadlineReminders.queue]) }

    /// The person's deadline reminders (Bob also hears of Ann's changes to the shared task).
    func inbox(_ userID: String) async throws -> [StoredNotification] {
      try await env.database.notificationStore.notifications(userID: userID, before: nil, limit: 50)
        .filter { $0.kind == RedoDeadlineReminders.kind.id }.sorted {
          $0.occurredAt < $1.occurredAt
        }
    }
  }

  static func setup(_ db: any HearthDatabase, now: ManualNow) async throws -> Setup {
    for id in ["ann", "bob"] { try await db.createUser(Self.user(id)) }
    let app = RedoDueTodayTests.process(db, now: now)
    var setup = Setup(app: app, worker: app.worker())
    try await db.redoStore.registerRedoKey(
      RedoDeviceKey(
        publicKey: setup.device.key.publicKeyHex, userID: "ann", label: "laptop",
        createdAt: Self.at(0)))
    // A task due Dec 1 at 14:00 in Paris
    try await setup.upload(.create, ["title": "Pay the rent"], wall: "2026-11-30T10:00:00.000Z")
    try await setup.upload(
      .createTodo,
      ["todoTaskId": .string(setup.todoId), "deadline": "2026-12-01T13:00:00.000Z"],
      wall: "2026-11-30T10:00:00.001Z")
    return setup
  }

  @Test(arguments: StoreFactory.all)
  func aReminderComesOnceAtTheChosenTimeAndFollowsASnooze(_ factory: StoreFactory) async throws {
    try await factory.withDatabase { db in
      let now = ManualNow("2026-11-30T12:00:00Z")
      var setup = try await Self.setup(db, now: now)
      let ann = try await setup.user("ann")

      // When Ann asks to be reminded 10 minutes before
      let saved = try await setup.service.save(before: 10, taskId: setup.device.taskId, for: ann)
      #expect(saved.before == 10)
      #expect(saved.nextAt == ManualNow.instant("2026-12-01T12:50:00Z"))

      // and snoozes the task a day before then
      try await setup.upload(
        .snooze, ["todoTaskId": .string(setup.todoId), "daysToExtend": 1],
        wall: "2026-11-30T12:00:00.000Z")
      let moved = try await setup.service.setting(taskId: setup.device.taskId, for: ann)
      #expect(moved.nextAt == ManualNow.instant("2026-12-02T12:50:00Z"))

      // Then the old time sends nothing
      now.set("2026-12-01T12:50:00Z")
      #expect(try await setup.runDue() == 1)
      #expect(try await setup.inbox("ann").isEmpty)

      // and the new one sends one notice, in her time, once
      now.set("2026-12-02T12:49:59Z")
      #expect(try await setup.runDue() == 0)
      now.set("2026-12-02T12:50:00Z")
      #expect(try await setup.runDue() == 1)
      _ = try await setup.service.save(before: 10, taskId: setup.device.taskId, for: ann)
      #expect(try await setup.runDue() == 0)
      let inbox = try await setup.inbox("ann")
      #expect(inbox.map(\.title) == ["“Pay the rent” is due at 14:00"])
      #expect(inbox.first?.kind == "redo.deadline")
      #expect(inbox.first?.url == "/redo/tasks/\(setup.device.taskId)")
      #expect(inbox.first?.occurredAt == ManualNow.instant("2026-12-02T12:50:00Z"))
      #expect(try await setup.inbox("bob").isEmpty)

      // And a day before the next deadline is worded with its day
      try await setup.upload(
        .snooze, ["todoTaskId": .string(setup.todoId), "newDeadline": "2026-12-05T08:30:00.000Z"],
        wall: "2026-12-02T12:51:00.000Z")
      let dayBefore = try await setup.service.save(
        before: 1440, taskId: setup.device.taskId, for: ann)
      #expect(dayBefore.nextAt == ManualNow.instant("2026-12-04T08:30:00Z"))
      now.set("2026-12-04T08:30:00Z")
      #expect(try await setup.runDue() == 1)
      #expect(try await setup.inbox("ann").last?.title == "“Pay the rent” is due tomorrow at 09:30")
    }
  }

  @Test(arguments: StoreFactory.all)
  func completingTurningOffOrLosingTheTaskSendsNothing(_ factory: StoreFactory) async throws {
    try await factory.withDatabase { db in
      let now = ManualNow("2026-11-30T12:00:00Z")
      var setup = try await Self.setup(db, now: now)
      let taskId = setup.device.taskId
      let ann = try await setup.user("ann")
      let bob = try await setup.user("bob")

      // Bob, who cannot see the task, cannot ask for a reminder of it
      await #expect(throws: APIError.notFound("task")) {
        try await setup.service.save(before: 0, taskId: taskId, for: bob)
      }

      // Bob, once it is shared with him, asks for one at the deadline; Ann an hour before
      try await db.putParticipant(
        Participant(
          resource: RedoEvents.resource(taskId: taskId), userID: "bob", status: .accepted,
          permission: .readOnly, invitedBy: "ann", updatedAt: Self.at(2)))
      #expect(
        try await setup.service.save(before: 0, taskId: taskId, for: bob).nextAt
          == ManualNow.instant("2026-12-01T13:00:00Z"))
      _ = try await setup.service.save(before: 60, taskId: taskId, for: ann)

      // When Ann completes the todo, and the task is no longer shared with Bob
      try await setup.upload(
        .completeTodo,
        ["todoTaskId": .string(setup.todoId), "completed": "2026-11-30T13:00:00.000Z"],
        wall: "2026-11-30T13:00:00.000Z")
      let done = try await setup.service.setting(taskId: taskId, for: ann)
      #expect(done.before == 60 && done.next == .none(.done))

      // Then their jobs run and send nothing
      now.set("2026-12-01T13:00:00Z")
      #expect(try await setup.runDue() == 2)
      #expect(try await setup.inbox("ann").isEmpty)
      #expect(try await setup.inbox("bob").isEmpty)

      // When a new todo is due, each hears of it at their own time
      let next = UUID().uuidString.lowercased()
      try await setup.upload(
        .createTodo, ["todoTaskId": .string(next), "deadline": "2026-12-03T13:00:00.000Z"],
        wall: "2026-12-01T13:00:00.000Z")
      now.set("2026-12-03T12:00:00Z")
      #expect(try await setup.runDue() == 1)
      now.set("2026-12-03T13:00:00Z")
      #expect(try await setup.runDue() == 1)
      #expect(try await setup.inbox("ann").map(\.title) == ["“Pay the rent” is due at 14:00"])
      #expect(try await setup.inbox("bob").map(\.title) == ["“Pay the rent” is due at 14:00"])

      // When the todo is snoozed a day, the task no longer shared with Bob, Ann's reminder
      // turned off and then on again, and the task archived: nothing more comes
      try await setup.upload(
        .snooze, ["todoTaskId": .string(next), "daysToExtend": 1], wall: "2026-12-03T13:01:00.000Z")
      try await db.putParticipant(
        Participant(
          resource: RedoEvents.resource(taskId: taskId), userID: "bob", status: .removed,
          permission: .readOnly, invitedBy: "ann", updatedAt: Self.at(3)))
      let off = try await setup.service.save(before: nil, taskId: taskId, for: ann)
      #expect(off.before == nil && off.next == .none(.off))
      now.set("2026-12-04T12:00:00Z")
      #expect(try await setup.runDue() == 1)
      _ = try await setup.service.save(before: 10, taskId: taskId, for: ann)
      try await setup.upload(.archive, [:], wall: "2026-12-04T12:01:00.000Z")
      now.set("2026-12-04T13:00:00Z")
      #expect(try await setup.runDue() == 2)
      #expect(try await setup.inbox("ann").count == 1)
      #expect(try await setup.inbox("bob").count == 1)
    }
  }
}
