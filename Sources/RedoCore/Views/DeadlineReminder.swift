import Foundation
import HearthCore

/// A reminder of a task's deadline: when it is due for the task as it stands, and the notice's
/// words. The person chooses how long before the current todo's deadline; it follows that todo
/// through snoozes, completions and edits, since it is worked out again from the task each time.
public enum DeadlineReminder {
  /// The choices offered, in minutes before the deadline, with their words.
  public static let choices: [(minutes: Int, label: String)] = [
    (0, "At the deadline"), (10, "10 minutes before"), (60, "1 hour before"),
    (1440, "1 day before"),
  ]

  public static func isChoice(_ minutes: Int) -> Bool {
    choices.contains { $0.minutes == minutes }
  }

  /// The reminder a task calls for now, or why there is none.
  public enum Next: Equatable, Sendable {
    case at(WallTime, todoId: String, deadline: WallTime)
    case none(Reason)
  }

  public enum Reason: String, Equatable, Sendable {
    /// The person wants none.
    case off
    /// The task has no todo yet, so no deadline.
    case draft
    /// Every todo is done.
    case done
    case archived
    /// The time to remind has gone by for the current deadline.
    case passed

    /// Words for the task page: why no reminder will come.
    public var text: String {
      switch self {
      case .off: "You will not be reminded of this task."
      case .draft: "No reminder: the task has no deadline yet."
      case .done: "No reminder: the task is done."
      case .archived: "No reminder: the task is archived."
      case .passed: "No reminder: its time for this deadline has gone by."
      }
    }
  }

  /// `minutesBefore` the current todo's deadline, while the task is open and that is after `now`.
  public static func next(_ task: RedoTask, minutesBefore: Int?, now: WallTime) -> Next {
    guard let minutesBefore else { return .none(.off) }
    if task.archived { return .none(.archived) }
    guard let todo = task.currentTodo else { return .none(task.isDraft ? .draft : .done) }
    let at = WallTime(milliseconds: todo.deadline.milliseconds - Int64(minutesBefore) * 60_000)
    guard now < at else { return .none(.passed) }
    return .at(at, todoId: todo.id, deadline: todo.deadline)
  }

  /// "“Title” is due at 14:00", with "tomorrow" or the day when the deadline falls on another
  /// local day than the reminder.
  public static func title(_ title: String, deadline: WallTime, at: WallTime, zone: TimeZone)
    -> String
  {
    let calendar = DayCalendar(timeZone: zone)
    let due = Date(timeIntervalSince1970: deadline.secondsSince1970)
    let time = format(due, "HH:mm", zone)
    let days = calendar.days(
      from: calendar.day(of: Date(timeIntervalSince1970: at.secondsSince1970)),
      to: calendar.day(of: due))
    let shown = DueToday.shortened(title)
    switch days {
    case 0: return "“\(shown)” is due at \(time)"
    case 1: return "“\(shown)” is due tomorrow at \(time)"
    default: return "“\(shown)” is due \(format(due, "EEE d MMM", zone)) at \(time)"
    }
  }

  /// "Tue 1 Dec, 13:50", in `zone`.
  public static func text(_ instant: WallTime, zone: TimeZone) -> String {
    format(Date(timeIntervalSince1970: instant.secondsSince1970), "EEE d MMM, HH:mm", zone)
  }

  static func format(_ date: Date, _ pattern: String, _ zone: TimeZone) -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = zone
    formatter.dateFormat = pattern
    return formatter.string(from: date)
  }
}
