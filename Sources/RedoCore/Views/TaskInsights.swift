import Foundation
import HearthCore

/// The reference app's deeper analytics: story points, the last days' trend, when in the day
/// work gets done, this week's report and a forecast for the month. Counted in the person's
/// calendar; a completion belongs to the local day and hour it happened in.
public struct TaskInsights: Equatable, Sendable {
  public struct Points: Equatable, Sendable {
    public var total = 0
    /// Points of tasks with no pending todo.
    public var completed = 0
    public var pending = 0
    /// completed ÷ total, 0 when there are no points.
    public var completionRate = 0.0
  }

  public struct TrendDay: Equatable, Sendable {
    public var day: LocalDay
    public var completions: Int
    /// Story points of the tasks completed that day, each task counted once.
    public var points: Int
    /// From a todo's creation to its completion, on average; nil without completions.
    public var averageHours: Double?
  }

  public enum TimeOfDay: String, CaseIterable, Sendable {
    case morning, afternoon, evening, night

    /// Morning 6–12, afternoon 12–18, evening 18–24, night 0–6.
    init(hour: Int) {
      switch hour {
      case 6..<12: self = .morning
      case 12..<18: self = .afternoon
      case 18..<24: self = .evening
      default: self = .night
      }
    }
  }

  public struct WeeklyReport: Equatable, Sendable {
    /// Monday of the current week.
    public var start: LocalDay
    public var completed = 0
    public var created = 0
    public var points = 0
    public var averageHours: Double?
    public var busiestDay: LocalDay?
    /// Days of the week with at least one completion, out of 7.
    public var activeDays = 0
  }

  public struct Forecast: Equatable, Sendable {
    /// Why there is no forecast yet: its numbers mean nothing on a few days of completions.
    public enum Waiting: Equatable, Sendable {
      /// Fewer than `minimumDays` days since the first completion (or none yet).
      case tooNew
      /// Fewer than `minimumCompletions` completions in the last 30 days.
      case tooFew

      /// What the page and the CLI say in place of the forecast.
      public var words: String {
        switch self {
        case .tooNew:
          "The forecast needs two weeks of completed tasks; it appears once you have them."
        case .tooFew:
          "The forecast needs at least \(Forecast.minimumCompletions) tasks completed in the last 30 days; it appears once you have them."
        }
      }
    }

    /// The history a forecast needs: two weeks since the first completion, and a few recent ones.
    public static let minimumDays = 14
    public static let minimumCompletions = 5

    /// Completions per day over the last 30 days.
    public var velocity: Double
    /// Active tasks: not archived, with a pending todo.
    public var remaining: Int
    public var estimatedDays: Int
    /// The end of the current month.
    public var target: LocalDay
    public var daysToTarget: Int
    /// 0 to 0.8, growing with the number of recent completions.
    public var confidence: Double
    /// Set while the history is too short for the numbers above to be shown.
    public var waiting: Waiting?
    public var onTrack: Bool { estimatedDays <= daysToTarget }
  }

  public var points = Points()
  public var trend: [TrendDay] = []
  public var completionsByTimeOfDay: [TimeOfDay: Int] = [:]
  public var week: WeeklyReport
  public var forecast: Forecast

  /// The bucket with the most completions; nil before the first one.
  public var peakTimeOfDay: TimeOfDay? {
    TimeOfDay.allCases.filter { (completionsByTimeOfDay[$0] ?? 0) > 0 }
      .max { (completionsByTimeOfDay[$0] ?? 0) < (completionsByTimeOfDay[$1] ?? 0) }
  }

  private struct Completion {
    var day: LocalDay
    var hours: Double
    var taskId: String
    var points: Int
  }

  public init(tasks: [RedoTask], now: WallTime, calendar: DayCalendar, trendDays: Int = 7) {
    let today = calendar.day(of: Self.date(now))
    var completions: [Completion] = []
    for task in tasks {
      points.total += task.storyPoints
      if task.currentTodo == nil {
        points.completed += task.storyPoints
      } else {
        points.pending += task.storyPoints
      }
      for todo in task.todos {
        guard let completed = todo.completed else { continue }
        let made = WallTime(wall: todo.wall) ?? completed
        completions.append(
          Completion(
            day: calendar.day(of: Self.date(completed)),
            hours: max(0, Double(completed.milliseconds - made.milliseconds) / 3_600_000),
            taskId: task.id, points: task.storyPoints))
        let zone = calendar.timeZone
        let local =
          completed.secondsSince1970 + Double(zone.secondsFromGMT(for: Self.date(completed)))
        let hour = Int((local / 3600).rounded(.down)) % 24
        completionsByTimeOfDay[TimeOfDay(hour: (hour + 24) % 24), default: 0] += 1
      }
    }
    points.completionRate = points.total > 0 ? Double(points.completed) / Double(points.total) : 0

    func summary(_ done: [Completion]) -> (points: Int, averageHours: Double?) {
      var seen = Set<String>()
      let points = done.reduce(0) { $0 + (seen.insert($1.taskId).inserted ? $1.points : 0) }
      let average = done.isEmpty ? nil : done.reduce(0) { $0 + $1.hours } / Double(done.count)
      return (points, average)
    }
    let byDay = Dictionary(grouping: completions, by: \.day)
    trend = (0..<trendDays).reversed().map { back in
      let day = calendar.adding(-back, to: today)
      let done = byDay[day] ?? []
      let (points, average) = summary(done)
      return TrendDay(day: day, completions: done.count, points: points, averageHours: average)
    }

    // Weeks start on Monday; 1970-01-05 was one.
    let weekday =
      ((calendar.days(from: LocalDay(year: 1970, month: 1, day: 5), to: today) % 7) + 7) % 7
    let monday = calendar.adding(-weekday, to: today)
    var week = WeeklyReport(start: monday)
    let thisWeek = completions.filter { $0.day >= monday && $0.day <= today }
    (week.points, week.averageHours) = summary(thisWeek)
    week.completed = thisWeek.count
    week.created = tasks.filter { calendar.day(of: Self.date($0.created)) >= monday }.count
    let perDay = Dictionary(grouping: thisWeek, by: \.day)
    week.activeDays = perDay.count
    week.busiestDay = perDay.max { ($0.value.count, $1.key) < ($1.value.count, $0.key) }?.key
    self.week = week

    let recent = completions.filter { calendar.days(from: $0.day, to: today) < 30 }.count
    let velocity = Double(recent) / 30
    let remaining = tasks.filter(\.isActive).count
    let firstOfNext = LocalDay(
      year: today.month == 12 ? today.year + 1 : today.year, month: today.month % 12 + 1, day: 1)
    let target = calendar.adding(-1, to: firstOfNext)
    let since = completions.map(\.day).min().map { calendar.days(from: $0, to: today) } ?? 0
    forecast = Forecast(
      velocity: velocity, remaining: remaining,
      estimatedDays: velocity > 0
        ? Int((Double(remaining) / velocity).rounded(.up)) : remaining * 7,
      target: target, daysToTarget: calendar.days(from: today, to: target),
      confidence: min(1, Double(recent) / 100) * 0.8,
      waiting: since < Forecast.minimumDays
        ? .tooNew : recent < Forecast.minimumCompletions ? .tooFew : nil)
  }

  private static func date(_ wall: WallTime) -> Date {
    Date(timeIntervalSince1970: wall.secondsSince1970)
  }
}
