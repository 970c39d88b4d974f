import ArgumentParser
import CanonicalJSON
import Foundation
import HearthCore
import RedoCore

struct Stats: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "stats",
    abstract:
      "How it is going: counts, streaks, story points, the week, when you work best, a forecast.")

  @Flag(help: "The figures as JSON.") var json = false

  func run() throws {
    let workspace = try Workspace.open()
    let tasks = try workspace.store.tasks()
    let basics = TaskAnalytics(tasks: tasks, now: workspace.now, calendar: workspace.calendar)
    let insights = TaskInsights(tasks: tasks, now: workspace.now, calendar: workspace.calendar)
    if json { return try printJSON(StatsReport(basics, insights).json) }
    print(StatsReport(basics, insights).text)
  }
}

/// `redo stats` as text or JSON, from the same figures as the web's analytics page.
struct StatsReport {
  let basics: TaskAnalytics
  let insights: TaskInsights

  init(_ basics: TaskAnalytics, _ insights: TaskInsights) {
    self.basics = basics
    self.insights = insights
  }

  static func days(_ count: Int) -> String { count == 1 ? "1 day" : "\(count) days" }

  static func hours(_ value: Double?) -> String {
    guard let value else { return "—" }
    return value < 48 ? String(format: "%.1f h", value) : String(format: "%.1f days", value / 24)
  }

  var text: String {
    let points = insights.points
    let week = insights.week
    let forecast = insights.forecast
    let peak = insights.peakTimeOfDay.map(\.rawValue) ?? "no completions yet"
    let trend = insights.trend.map { "\($0.completions)" }.joined(separator: " ")
    let average =
      Double(insights.trend.reduce(0) { $0 + $1.completions })
      / Double(max(1, insights.trend.count))
    let margin = forecast.daysToTarget - forecast.estimatedDays
    let forecastText =
      forecast.waiting.map(\.words)
      ?? "\(forecast.remaining) tasks at \(String(format: "%.2f", forecast.velocity)) a day: about \(forecast.estimatedDays) days; \(forecast.onTrack ? "on track, \(margin) days ahead of" : "\(-margin) days behind") the end of the month (\(forecast.target)); confidence \(Int((forecast.confidence * 100).rounded()))%"
    return """
      Tasks        \(basics.activeCount) active, \(basics.overdueCount) overdue, \(basics.archivedCount) archived
      Done         \(basics.completedLast7Days) in 7 days, \(basics.completedTodos) in all
      Streak       \(Self.days(basics.currentStreak)) now, \(Self.days(basics.bestStreak)) at best
      Points       \(points.completed) of \(points.total) done (\(Int((points.completionRate * 100).rounded()))%), \(points.pending) pending
      Last 7 days  \(trend)  (avg \(String(format: "%.1f", average)) a day)
      This week    \(week.completed) done, \(week.created) added, \(week.points) points, \(week.activeDays) / 7 active days, \(Self.hours(week.averageHours)) to complete on average
      Best time    \(peak)
      Forecast     \(forecastText)
      """
  }

  var json: JSON {
    let points = insights.points
    let week = insights.week
    let forecast = insights.forecast
    func optional(_ value: Double?) -> JSON {
      value.map { .number(($0 * 10).rounded() / 10) } ?? .null
    }
    return [
      "active": .number(Double(basics.activeCount)),
      "overdue": .number(Double(basics.overdueCount)),
      "archived": .number(Double(basics.archivedCount)),
      "completed": [
        "last7Days": .number(Double(basics.completedLast7Days)),
        "allTime": .number(Double(basics.completedTodos)),
      ],
      "streak": [
        "current": .number(Double(basics.currentStreak)),
        "best": .number(Double(basics.bestStreak)),
      ],
      "storyPoints": [
        "total": .number(Double(points.total)), "completed": .number(Double(points.completed)),
        "pending": .number(Double(points.pending)),
        "completionRate": .number((points.completionRate * 1000).rounded() / 1000),
      ],
      "trend": .array(
        insights.trend.map { day in
          [
            "day": .string(day.day.description), "completions": .number(Double(day.completions)),
            "points": .number(Double(day.points)), "averageHours": optional(day.averageHours),
          ]
        }),
      "timeOfDay": .object(
        Dictionary(
          uniqueKeysWithValues: TaskInsights.TimeOfDay.allCases.map {
            ($0.rawValue, JSON.number(Double(insights.completionsByTimeOfDay[$0] ?? 0)))
          })),
      "peakTimeOfDay": insights.peakTimeOfDay.map { .string($0.rawValue) } ?? .null,
      "week": [
        "start": .string(week.start.description), "completed": .number(Double(week.completed)),
        "created": .number(Double(week.created)), "points": .number(Double(week.points)),
        "activeDays": .number(Double(week.activeDays)), "averageHours": optional(week.averageHours),
        "busiestDay": week.busiestDay.map { .string($0.description) } ?? .null,
      ],
      "forecast": [
        "velocity": .number((forecast.velocity * 1000).rounded() / 1000),
        "remaining": .number(Double(forecast.remaining)),
        "estimatedDays": .number(Double(forecast.estimatedDays)),
        "target": .string(forecast.target.description),
        "daysToTarget": .number(Double(forecast.daysToTarget)),
        "onTrack": .bool(forecast.onTrack),
        "confidence": .number((forecast.confidence * 1000).rounded() / 1000),
        "ready": .bool(forecast.waiting == nil),
      ],
    ]
  }
}
