import Foundation
import HearthCore

/// Figures for the analytics page, counted in the person's own calendar days.
public struct TaskAnalytics: Equatable, Sendable {
  public struct Day: Equatable, Sendable {
    public var day: LocalDay
    public var completions: Int
  }

  public var activeCount = 0
  public var overdueCount = 0
  public var archivedCount = 0
  public var completedTodos = 0
  public var completedLast7Days = 0
  /// Active tasks by priority, 1 to 5.
  public var byPriority: [Int] = Array(repeating: 0, count: 5)
  /// One entry per day, oldest first, ending today.
  public var completionsByDay: [Day] = []
  public var currentStreak = 0
  public var bestStreak = 0

  public init(tasks: [RedoTask], now: WallTime, calendar: DayCalendar, days: Int = 30) {
    let today = calendar.day(of: Date(timeIntervalSince1970: now.secondsSince1970))
    var perDay: [LocalDay: Int] = [:]
    for task in tasks {
      if task.archived { archivedCount += 1 }
      if task.isActive {
        activeCount += 1
        byPriority[min(max(task.priority, 1), 5) - 1] += 1
      }
      if task.isOverdue(at: now) { overdueCount += 1 }
      for todo in task.todos {
        guard let completed = todo.completed else { continue }
        completedTodos += 1
        perDay[
          calendar.day(of: Date(timeIntervalSince1970: completed.secondsSince1970)), default: 0] +=
          1
      }
    }
    completionsByDay = (0..<days).reversed().map { back in
      let day = calendar.adding(-back, to: today)
      return Day(day: day, completions: perDay[day] ?? 0)
    }
    completedLast7Days = completionsByDay.suffix(7).reduce(0) { $0 + $1.completions }
    var streak = 0
    var day = today
    if perDay[day] == nil { day = calendar.adding(-1, to: day) }
    while perDay[day] != nil {
      streak += 1
      day = calendar.adding(-1, to: day)
    }
    currentStreak = streak
    var best = 0
    var run = 0
    var previous: LocalDay?
    for completedDay in perDay.keys.sorted() {
      run = previous.map { calendar.days(from: $0, to: completedDay) == 1 } == true ? run + 1 : 1
      best = max(best, run)
      previous = completedDay
    }
    bestStreak = best
  }
}
