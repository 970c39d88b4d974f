import Foundation
import HearthCore

/// The morning digest of one local day: the open tasks whose current todo falls due that day,
/// and the notice that lists them.
public struct DueToday: Equatable, Sendable {
  public var day: LocalDay
  /// Soonest deadline first, then by title.
  public var tasks: [RedoTask]

  /// How many titles the notice names before "and n more".
  public static let listed = 3

  /// Active tasks only: archived ones, drafts and tasks whose todos are all done are not due.
  /// Overdue work from earlier days is left out: the digest is about what falls due today.
  public init(_ tasks: some Sequence<RedoTask>, on day: LocalDay, calendar: DayCalendar) {
    self.day = day
    self.tasks = tasks.compactMap { task -> (RedoTask, WallTime)? in
      guard task.isActive, let deadline = task.currentTodo?.deadline,
        calendar.day(of: Date(timeIntervalSince1970: deadline.secondsSince1970)) == day
      else { return nil }
      return (task, deadline)
    }
    .sorted { lhs, rhs in
      lhs.1 != rhs.1
        ? lhs.1 < rhs.1
        : lhs.0.title.localizedCaseInsensitiveCompare(rhs.0.title) == .orderedAscending
    }
    .map(\.0)
  }

  /// "1 task due today", "3 tasks due today"; nil when nothing is due.
  public var title: String? {
    switch tasks.count {
    case 0: nil
    case 1: "1 task due today"
    case let count: "\(count) tasks due today"
    }
  }

  /// The first few titles, one a line, then how many more there are.
  public var body: String {
    var lines = tasks.prefix(Self.listed).map { Self.shortened($0.title) }
    if tasks.count > Self.listed { lines.append("and \(tasks.count - Self.listed) more") }
    return lines.joined(separator: "\n")
  }

  static func shortened(_ title: String) -> String {
    let line = title.split(whereSeparator: \.isNewline).joined(separator: " ")
    return line.count > 80 ? String(line.prefix(79)) + "…" : line
  }
}
