import CanonicalJSON
import Foundation
import HearthAccounts
import HearthCore
import HearthPlatform
import Hummingbird
import NIOCore
import RedoCore

/// The Redo web app: pages rendered from replayed state (the browser then draws the list and the
/// calendar from its own log), and drafts for clients that sign but do not plan.
struct RedoWebController: Sendable {
  let pages: WebPages
  var env: HearthEnvironment { pages.env }
  var tasks: RedoTasks { RedoTasks(env: env) }

  func register(_ router: Router<AppRequestContext>, _ api: APIRouteTable) {
    let redo = router.group("/redo").add(middleware: SignedInPages())
    redo.get("", use: listPage)
    redo.get("/analytics", use: analyticsPage)
    redo.get("/calendar", use: calendarPage)
    redo.get("/tasks/_offline", use: offlineTaskPage)
    redo.get("/tasks/:taskId", use: taskPage)
    redo.get("/settings", use: settingsPage)
    router.post("/redo/settings", use: saveSettings)
    router.post("/redo/tasks/:taskId/reminder", use: saveReminder)
    RedoDraftsAPI(env: env, tasks: tasks).register(api)
  }

  @Sendable func listPage(_ request: Request, _ context: AppRequestContext) async throws
    -> Response
  {
    let user = try context.requireCaller().user
    let all = try await tasks.visible(to: user)
    let filter = TaskFilter(
      query: request.uri.queryParameters.map { (String($0.key), String($0.value)) })
    let calendar = tasks.calendar(for: user)
    let now = tasks.now
    let writable = try await writableTaskIDs(all, user: user)
    let rows = filter.apply(all, now: now, calendar: calendar).map { task in
      RedoListPage.Row(
        task: task, due: DeadlineText.describe(task, now: now, calendar: calendar),
        rank: Ranking.standard.rank(task, at: now), isOverdue: task.isOverdue(at: now),
        canWrite: writable.contains(task.id))
    }
    let page = try await pages.pageContext(request, context)
    return pages.html(
      RedoListPage.render(
        page, rows: rows, filter: filter, totalTasks: all.count,
        readOnly: Set(all.map(\.id)).subtracting(writable)), keptOffline: true)
  }

  /// What the service worker shows for a task page it holds no copy of while offline: redo.mjs
  /// draws the task from this browser's log.
  @Sendable func offlineTaskPage(_ request: Request, _ context: AppRequestContext) async throws
    -> Response
  {
    pages.html(
      RedoOfflineTaskPage.render(try await pages.pageContext(request, context)), keptOffline: true)
  }

  @Sendable func analyticsPage(_ request: Request, _ context: AppRequestContext) async throws
    -> Response
  {
    let user = try context.requireCaller().user
    let all = try await tasks.visible(to: user)
    let calendar = tasks.calendar(for: user)
    return pages.html(
      RedoAnalyticsPage.render(
        try await pages.pageContext(request, context),
        analytics: TaskAnalytics(tasks: all, now: tasks.now, calendar: calendar),
        insights: TaskInsights(tasks: all, now: tasks.now, calendar: calendar)), keptOffline: true)
  }

  @Sendable func calendarPage(_ request: Request, _ context: AppRequestContext) async throws
    -> Response
  {
    pages.html(
      RedoCalendarPage.render(try await pages.pageContext(request, context)), keptOffline: true)
  }

  @Sendable func settingsPage(_ request: Request, _ context: AppRequestContext) async throws
    -> Response
  {
    let user = try context.requireCaller().user
    return pages.html(
      RedoSettingsPage.render(
        try await pages.pageContext(request, context),
        setting: try await RedoDueToday(env: env).setting(for: user)))
  }

  /// `dueToday` is present when ticked; `dueTodayTime` is HH:MM. Signed-out people go to the
  /// log-in page, as the platform's own forms do.
  @Sendable func saveSettings(_ request: Request, _ context: AppRequestContext) async throws
    -> Response
  {
    guard let caller = context.caller else { return pages.redirect("/login") }
    let form = try await pages.form(request)
    let service = RedoDueToday(env: env)
    var setting = try await service.setting(for: caller.user)
    let on = form["dueToday"] != nil
    let time = form["dueTodayTime"]?.trimmingCharacters(in: .whitespaces) ?? ""
    // Turning the digest off needs no time: the saved one is kept for next time.
    var minute = setting.minute
    if on || !time.isEmpty {
      guard let chosen = QuietHours.minutes(time) else {
        setting.on = on
        return pages.html(
          RedoSettingsPage.render(
            try await pages.pageContext(request, context), setting: setting, time: time,
            error: "Enter a time like 08:00."), status: .badRequest)
      }
      minute = chosen
    }
    _ = try await service.save(on: on, minute: minute, for: caller.user)
    let message =
      on ? "You will get the tasks due today at \(QuietHours.text(minute))." : "Digest turned off."
    return pages.redirect("/redo/settings", flash: Flash(kind: .success, message: message))
  }

  @Sendable func taskPage(_ request: Request, _ context: AppRequestContext) async throws
    -> Response
  {
    let user = try context.requireCaller().user
    let taskId = context.parameters.get("taskId") ?? ""
    do {
      return pages.html(
        try await renderTask(taskId, for: user, request, context), keptOffline: true)
    } catch let error as APIError where error.status == 404 && UUID(uuidString: taskId) != nil {
      // A task this browser made may not have reached the server yet: the page draws it from
      // the browser's own log and reloads once it has synced.
      return pages.html(
        RedoOfflineTaskPage.render(try await pages.pageContext(request, context), missing: true),
        status: .notFound)
    }
  }

  /// `before` is empty for never, or minutes before the deadline. Signed-out people go to the
  /// log-in page, as the platform's own forms do.
  @Sendable func saveReminder(_ request: Request, _ context: AppRequestContext) async throws
    -> Response
  {
    guard let caller = context.caller else { return pages.redirect("/login") }
    let taskId = context.parameters.get("taskId") ?? ""
    let service = RedoDeadlineReminders(env: env)
    _ = try await service.setting(taskId: taskId, for: caller.user)
    let text = try await pages.form(request)["before"] ?? ""
    let before = Int(text)
    guard text.isEmpty || before.map(DeadlineReminder.isChoice) == true else {
      return pages.html(
        try await renderTask(
          taskId, for: caller.user, request, context,
          reminderError: "Choose when to be reminded from the list."), status: .badRequest)
    }
    let saved = try await service.save(before: before, taskId: taskId, for: caller.user)
    let label = DeadlineReminder.choices.first { $0.minutes == before }?.label.lowercased()
    let message = label.map { "You will be reminded \($0)." } ?? "You will not be reminded."
    let path = "/redo/tasks/\(taskId)"
    guard case .none(let reason) = saved.next, reason != .off else {
      return pages.redirect(path, flash: Flash(kind: .success, message: message))
    }
    return pages.redirect(path, flash: Flash(kind: .success, message: "\(message) \(reason.text)"))
  }

  private func renderTask(
    _ taskId: String, for user: User, _ request: Request, _ context: AppRequestContext,
    reminderError: String? = nil
  ) async throws -> String {
    let (task, nodes, access) = try await tasks.task(taskId, for: user, needing: .read)
    let reminder = try await RedoDeadlineReminders(env: env).setting(taskId: taskId, for: user)
    let calendar = tasks.calendar(for: user)
    var people: [SharedPerson] = []
    let participants = try await env.database.participants(RedoEvents.resource(taskId: taskId))
    for participant in participants
    where participant.status == .invited || participant.status == .accepted {
      let person = try await env.database.user(id: participant.userID)
      people.append(
        SharedPerson(
          userID: participant.userID, name: person?.displayName ?? "",
          status: participant.status.rawValue, permission: participant.permission.rawValue,
          email: access == .owner ? person?.email : nil))
    }
    if access == .owner {
      let resource = RedoEvents.resource(taskId: taskId)
      for invitation in try await ShareInvitations(env: env).emailed(resource) {
        people.append(
          SharedPerson(
            userID: "", name: invitation.email, status: "invited by email",
            permission: invitation.permission, email: nil,
            cancelPath: ShareInvitations.path(resource, invitation: invitation.id)))
      }
    }
    return RedoTaskPage.render(
      try await pages.pageContext(request, context), task: task,
      due: DeadlineText.describe(task, now: tasks.now, calendar: calendar), nodes: nodes,
      canWrite: access >= .write, isOwner: access == .owner, people: people, viewerID: user.id,
      authors: try await authors(of: participants, viewer: user),
      reminder: RedoTaskPage.Reminder(
        before: reminder.before, next: reminder.next, error: reminderError))
  }

  /// Who signs with which key: the viewer ("You"), the task's owner and the people it is shared
  /// with, by their names.
  private func authors(of participants: [Participant], viewer: User) async throws -> [String:
    String]
  {
    var names: [String: String] = [:]
    for userID in Set(participants.flatMap { [$0.userID, $0.invitedBy] }) where userID != viewer.id
    {
      guard let person = try await env.database.user(id: userID) else { continue }
      for key in try await env.database.redoStore.redoKeys(userID: userID) {
        names[key.publicKey] = person.displayName
      }
    }
    for key in try await env.database.redoStore.redoKeys(userID: viewer.id) {
      names[key.publicKey] = "You"
    }
    return names
  }

  private func writableTaskIDs(_ all: [RedoTask], user: User) async throws -> Set<String> {
    var writable = Set<String>()
    for task in all
    where try await env.database.access(RedoEvents.resource(taskId: task.id), userID: user.id)
      >= .write
    {
      writable.insert(task.id)
    }
    return writable
  }
}

extension DeadlineText {
  /// A task's status in a few words: its current todo's deadline, or why it has none.
  static func describe(_ task: RedoTask, now: WallTime, calendar: DayCalendar) -> String {
    if task.archived { return "Archived" }
    guard let todo = task.currentTodo else { return task.isDraft ? "Draft" : "Done" }
    return describe(deadline: todo.deadline, now: now, calendar: calendar)
  }
}
