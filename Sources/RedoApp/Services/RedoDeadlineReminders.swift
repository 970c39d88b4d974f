import Foundation
import HearthCore
import HearthNotifications
import HearthPlatform
import HearthSQL
import RedoCore

/// Each person's reminder of a task's deadline: their setting (how long before), a job at the
/// moment it comes to for the task's current todo, and the notice. A job is planned when the
/// setting is saved and again whenever nodes of the task are stored; a job whose todo, deadline
/// or setting changed since, or whose task is done, archived, deleted or no longer shared with
/// the person, sends nothing. Jobs of a deadline that moved are left to find that out.
struct RedoDeadlineReminders {
  let env: HearthEnvironment

  static let kind = NotificationKind("redo.deadline", label: "A task's deadline", urgency: .high)
  static let queue = "redo.deadline"
  /// How late a reminder may still be sent; a later one is skipped (the server was down).
  static let lateLimit: TimeInterval = 3600

  struct Setting: Equatable {
    /// Minutes before the deadline; nil for never.
    var before: Int?
    var next: DeadlineReminder.Next

    var nextAt: Date? {
      guard case .at(let at, _, _) = next else { return nil }
      return Date(timeIntervalSince1970: at.secondsSince1970)
    }
  }

  /// The person's setting for a task they can see; 404 for one they cannot.
  func setting(taskId: String, for user: User) async throws -> Setting {
    let task = try await RedoTasks(env: env).task(taskId, for: user, needing: .read).task
    let stored = try await env.database.redoStore.redoTaskReminder(userID: user.id, taskId: taskId)
    return Setting(
      before: stored?.minutesBefore,
      next: DeadlineReminder.next(task, minutesBefore: stored?.minutesBefore, now: now))
  }

  /// Saves the setting (nil deletes it) and plans its reminder.
  func save(before: Int?, taskId: String, for user: User) async throws -> Setting {
    _ = try await setting(taskId: taskId, for: user)
    let store = env.database.redoStore
    if let before {
      try await store.putRedoTaskReminder(
        RedoTaskReminder(
          userID: user.id, taskId: taskId, minutesBefore: before, updatedAt: env.now()))
    } else {
      _ = try await store.deleteRedoTaskReminder(userID: user.id, taskId: taskId)
    }
    let setting = try await setting(taskId: taskId, for: user)
    try await plan(setting.next, userID: user.id, taskId: taskId, before: before)
    return setting
  }

  /// After nodes of the task were stored: the reminder of everyone who still sees the task
  /// follows its current todo.
  func replan(taskId: String) async throws {
    let reminders = try await env.database.redoStore.redoTaskReminders(taskId: taskId)
    guard !reminders.isEmpty, let task = try await task(taskId) else { return }
    for reminder in reminders
    where try await env.database.access(
      RedoEvents.resource(taskId: taskId), userID: reminder.userID)
      >= .read
    {
      let next = DeadlineReminder.next(task, minutesBefore: reminder.minutesBefore, now: now)
      try await plan(
        next, userID: reminder.userID, taskId: taskId, before: reminder.minutesBefore)
    }
  }

  /// What a job fires for: the person, the task, and the todo and deadline it was planned for.
  struct Payload: Codable, Equatable {
    var userID: String
    var taskId: String
    var todoId: String
    /// Milliseconds since 1970, as the todo's deadline.
    var deadline: Int64
    var before: Int

    /// The moment it was planned for; a retried job keeps it.
    var at: WallTime { WallTime(milliseconds: deadline - Int64(before) * 60_000) }
  }

  /// One job per person, todo, deadline and setting: planning again changes nothing.
  private func plan(_ next: DeadlineReminder.Next, userID: String, taskId: String, before: Int?)
    async throws
  {
    guard case .at(let at, let todoId, let deadline) = next, let before else { return }
    let payload = Payload(
      userID: userID, taskId: taskId, todoId: todoId, deadline: deadline.milliseconds,
      before: before)
    _ = try await env.enqueue(
      NewJob(
        queue: Self.queue, payload: StoreJSON.encode(payload),
        runAt: Date(timeIntervalSince1970: at.secondsSince1970),
        idempotencyKey: [userID, taskId, todoId, String(deadline.milliseconds), String(before)]
          .joined(separator: ":"),
        maxAttempts: 10))
  }

  var handlers: [String: JobHandler] {
    let service = self
    return [Self.queue: { context in try await service.fire(context) }]
  }

  func fire(_ context: JobContext) async throws {
    let payload = try StoreJSON.decode(Payload.self, context.job.payload)
    guard let draft = try await notice(for: payload) else {
      context.logger.debug(
        "Redo deadline reminder sends nothing: its setting, task or access changed, or it is late",
        metadata: ["task": "\(payload.taskId)", "user": "\(payload.userID)"])
      return
    }
    try await env.notifier.send(draft)
  }

  /// The notice, while the setting, the person's access and the task's current todo are still
  /// those the job was planned for and it is not over an hour late.
  func notice(for payload: Payload) async throws -> NotificationDraft? {
    let store = env.database.redoStore
    guard
      try await store.redoTaskReminder(userID: payload.userID, taskId: payload.taskId)?
        .minutesBefore == payload.before,
      let user = try await env.database.user(id: payload.userID),
      try await env.database.access(
        RedoEvents.resource(taskId: payload.taskId), userID: user.id) >= .read,
      let task = try await task(payload.taskId), !task.archived,
      let todo = task.currentTodo, todo.id == payload.todoId,
      todo.deadline.milliseconds == payload.deadline,
      env.now().timeIntervalSince1970 - payload.at.secondsSince1970 <= Self.lateLimit
    else { return nil }
    let zone = TimeZone(identifier: user.timeZone) ?? TimeZone(identifier: "UTC")!
    return NotificationDraft(
      kind: Self.kind, to: [user.id],
      title: DeadlineReminder.title(
        task.title, deadline: todo.deadline, at: payload.at, zone: zone),
      body: "Open it in Redo to complete or snooze it.", url: "/redo/tasks/\(task.id)",
      dedupeKey: "redo:deadline:\(task.id):\(todo.id):\(todo.deadline.description)",
      occurredAt: Date(timeIntervalSince1970: payload.at.secondsSince1970))
  }

  /// The task as its stored nodes replay; nil when it is deleted or has none.
  private func task(_ taskId: String) async throws -> RedoTask? {
    let tasks = RedoTasks(env: env)
    let replay = TaskReplay.replayTask(
      tasks.read(try await env.database.redoStore.redoNodes(taskId: taskId)))
    tasks.warn(replay.rejections)
    return replay.task
  }

  private var now: WallTime { RedoTasks(env: env).now }
}
