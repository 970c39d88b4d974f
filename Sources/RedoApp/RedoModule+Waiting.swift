import Foundation
import HearthAccounts
import HearthCore
import HearthPlatform
import RedoCore

extension RedoModule {
  /// Open tasks due today or overdue, most overdue first.
  public func waiting(for user: User) async throws -> [WaitingItem] {
    let tasks = RedoTasks(env: env)
    let calendar = tasks.calendar(for: user)
    let now = tasks.now
    let today = calendar.day(of: Date(timeIntervalSince1970: now.secondsSince1970))
    let due = try await tasks.visible(to: user).compactMap { task -> (RedoTask, WallTime)? in
      guard !task.archived, let todo = task.currentTodo,
        calendar.day(of: Date(timeIntervalSince1970: todo.deadline.secondsSince1970)) <= today
      else { return nil }
      return (task, todo.deadline)
    }
    return due.sorted { ($0.1, $0.0.id) < ($1.1, $1.0.id) }.prefix(10).map { task, _ in
      WaitingItem(
        task.title, detail: DeadlineText.describe(task, now: now, calendar: calendar),
        href: "/redo/tasks/\(task.id)")
    }
  }
}
