import Foundation
import HearthHTML
import HearthPlatform
import RedoCore

/// The analytics page's deeper sections: the week, the month's forecast, the last seven days and
/// the time of day work gets done.
enum RedoInsightsSections {
  static func hours(_ value: Double?) -> String {
    guard let value else { return "—" }
    return value < 48
      ? String(format: "%.1f hours", value) : String(format: "%.1f days", value / 24)
  }

  static func week(_ week: TaskInsights.WeeklyReport) -> Node {
    .section(
      [.class("redo-chart redo-week")],
      .h2("This week"),
      .dl(
        [.class("redo-summary")],
        .dt("Completed"), .dd(.text(String(week.completed))),
        .dt("Added"), .dd(.text(String(week.created))),
        .dt("Story points"), .dd(.text(String(week.points))),
        .dt("Active days"), .dd(.text("\(week.activeDays) / 7")),
        .dt("Time to complete"), .dd(.text(hours(week.averageHours))),
        .dt("Busiest day"), .dd(.text(week.busiestDay.map(RedoPage.dayText) ?? "—"))))
  }

  /// No numbers until the history is long enough to mean something (TaskInsights.Forecast.waiting).
  static func forecast(_ forecast: TaskInsights.Forecast) -> Node {
    if forecast.remaining > 0, let waiting = forecast.waiting {
      return .section(
        [.class("redo-chart redo-forecast")],
        .h2("Completion forecast"),
        .p(.text(waiting.words)))
    }
    let margin = forecast.daysToTarget - forecast.estimatedDays
    let verdict =
      forecast.remaining == 0
      ? "Nothing left to do."
      : forecast.onTrack
        ? "On track: about \(forecast.estimatedDays) days of work, \(margin) days before \(RedoPage.dayText(forecast.target))."
        : "Behind: about \(forecast.estimatedDays) days of work, \(-margin) days past \(RedoPage.dayText(forecast.target))."
    return .section(
      [.class("redo-chart redo-forecast")],
      .h2("Completion forecast"),
      .p(.text(verdict)),
      .p(
        [.class("hint")],
        .text(
          "\(forecast.remaining) active tasks at \(String(format: "%.2f", forecast.velocity)) completions a day (the last 30 days); confidence \(Int((forecast.confidence * 100).rounded()))%."
        )))
  }

  static func trend(_ days: [TaskInsights.TrendDay]) -> Node {
    let average = Double(days.reduce(0) { $0 + $1.completions }) / Double(max(1, days.count))
    return .section(
      [.class("redo-chart redo-trend")],
      .h2("Last \(days.count) days"),
      .p([.class("hint")], .text(String(format: "Average: %.1f a day", average))),
      .table(
        .thead(
          .tr(
            .th([.scope("col")], "Day"), .th([.scope("col")], "Completed"),
            .th([.scope("col")], "Points"), .th([.scope("col")], "Time to complete"))),
        .tbody(
          .fragment(
            days.map { day in
              Node.tr(
                .th([.scope("row")], .text(RedoPage.dayText(day.day))),
                .td(.text(String(day.completions))), .td(.text(String(day.points))),
                .td(.text(hours(day.averageHours))))
            }))))
  }

  static func timeOfDay(_ insights: TaskInsights) -> Node {
    let names: [(TaskInsights.TimeOfDay, String)] = [
      (.morning, "Morning (6–12)"), (.afternoon, "Afternoon (12–18)"),
      (.evening, "Evening (18–24)"), (.night, "Night (0–6)"),
    ]
    let most = max(1, insights.completionsByTimeOfDay.values.max() ?? 1)
    return .section(
      [.class("redo-chart redo-time-of-day")],
      .h2("When you get things done"),
      .p(
        .text(
          insights.peakTimeOfDay.map { peak in
            "Peak: " + (names.first { $0.0 == peak }?.1 ?? peak.rawValue)
          } ?? "No completions yet.")),
      .table(
        .tbody(
          .fragment(
            names.map { bucket, name in
              let count = insights.completionsByTimeOfDay[bucket] ?? 0
              return Node.tr(
                .th([.scope("row")], .text(name)),
                .td(
                  RedoAnalyticsPage.bar(Double(count) / Double(most), vertical: false),
                  .text(" \(count)")))
            }))))
  }
}
