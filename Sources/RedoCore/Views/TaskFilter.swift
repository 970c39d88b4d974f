import Foundation
import HearthCore

/// Which tasks a list shows and in what order; the five built-in presets are the reference app's.
public struct TaskFilter: Equatable, Sendable {
  public enum Sort: String, CaseIterable, Sendable {
    case rank, priority, dueDate, createdDate, title

    public var label: String {
      switch self {
      case .rank: "Most urgent first"
      case .priority: "Priority"
      case .dueDate: "Due date"
      case .createdDate: "Created date"
      case .title: "Title"
      }
    }
  }

  public var showArchived = false
  /// Archived tasks and the others alike (the CLI's `--all`).
  public var includeArchived = false
  public var overdueOnly = false
  public var activeOnly = true
  public var priorities: Set<Int> = []
  public var search = ""
  /// Due within these calendar days from today (0 = today); nil for any.
  public var dueWithinDays: ClosedRange<Int>?
  public var sort = Sort.rank

  public init() {}

  public struct Preset: Equatable, Sendable {
    public var slug: String
    public var name: String
    public var filter: TaskFilter
  }

  public static let presets: [Preset] = {
    var today = TaskFilter()
    today.dueWithinDays = 0...0
    var urgent = TaskFilter()
    urgent.overdueOnly = true
    urgent.priorities = [4, 5]
    urgent.sort = .dueDate
    var high = TaskFilter()
    high.priorities = [4, 5]
    high.sort = .priority
    var week = TaskFilter()
    week.dueWithinDays = 0...7
    week.sort = .dueDate
    return [
      Preset(slug: "all", name: "All Tasks", filter: TaskFilter()),
      Preset(slug: "today", name: "Today", filter: today),
      Preset(slug: "urgent", name: "Urgent", filter: urgent),
      Preset(slug: "high", name: "High Priority", filter: high),
      Preset(slug: "week", name: "This Week", filter: week),
    ]
  }()

  /// Reads `preset`, `q`, `sort`, `archived`, `overdue`, `all` and `priority` (repeatable).
  public init(query: [(String, String)]) {
    self.init()
    let values = Dictionary(query, uniquingKeysWith: { first, _ in first })
    if let slug = values["preset"], let preset = Self.presets.first(where: { $0.slug == slug }) {
      self = preset.filter
    }
    if let text = values["q"] { search = String(text.prefix(200)) }
    if let sort = values["sort"].flatMap(Sort.init(rawValue:)) { self.sort = sort }
    if values["archived"] == "1" {
      showArchived = true
      activeOnly = false
    }
    if values["overdue"] == "1" { overdueOnly = true }
    if values["all"] == "1" { activeOnly = false }
    let chosen = query.filter { $0.0 == "priority" }.compactMap { Int($0.1) }.filter {
      (1...5).contains($0)
    }
    if !chosen.isEmpty { priorities = Set(chosen) }
  }

  public func apply(
    _ tasks: some Sequence<RedoTask>, now: WallTime, calendar: DayCalendar,
    ranking: Ranking = .standard
  ) -> [RedoTask] {
    let today = calendar.day(of: Date(timeIntervalSince1970: now.secondsSince1970))
    let needle = search.lowercased()
    let kept = tasks.filter { task in
      if !includeArchived && showArchived != task.archived { return false }
      if activeOnly && !showArchived && !task.isActive { return false }
      if overdueOnly && !task.isOverdue(at: now) { return false }
      if !priorities.isEmpty && !priorities.contains(task.priority) { return false }
      if !needle.isEmpty
        && !(task.title.lowercased().contains(needle)
          || task.description.lowercased().contains(needle))
      {
        return false
      }
      if let range = dueWithinDays {
        guard let deadline = task.currentTodo?.deadline else { return false }
        let day = calendar.day(of: Date(timeIntervalSince1970: deadline.secondsSince1970))
        let offset = calendar.days(from: today, to: day)
        // Overdue work is due "today or earlier" for these views.
        if offset > range.upperBound || (offset < range.lowerBound && offset >= 0) { return false }
      }
      return true
    }
    let ranked = ranking.ranked(kept, at: now)
    switch sort {
    case .rank: return ranked
    case .priority:
      // Stable: within a priority, the ranked order stays.
      return ranked.enumerated().sorted { lhs, rhs in
        lhs.element.priority != rhs.element.priority
          ? lhs.element.priority > rhs.element.priority : lhs.offset < rhs.offset
      }.map(\.element)
    case .dueDate:
      return ranked.sorted {
        ($0.currentTodo?.deadline.milliseconds ?? .max)
          < ($1.currentTodo?.deadline.milliseconds ?? .max)
      }
    case .createdDate: return ranked.sorted { $0.created > $1.created }
    case .title:
      return ranked.sorted {
        $0.title.localizedCaseInsensitiveCompare($1.title) == .orderedAscending
      }
    }
  }
}
