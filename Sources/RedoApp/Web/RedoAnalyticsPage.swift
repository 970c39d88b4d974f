import Foundation
import HearthCore
import HearthHTML
import HearthPlatform
import RedoCore

/// `/redo/analytics`: completions over time, what is overdue, and the load by priority.
public enum RedoAnalyticsPage {
  public static func render(
    _ context: PageContext, analytics: TaskAnalytics, insights: TaskInsights
  ) -> String {
    let peak = max(1, analytics.completionsByDay.map(\.completions).max() ?? 1)
    let busiest = max(1, analytics.byPriority.max() ?? 1)
    return RedoPage.render(
      context, title: "Redo analytics", tab: "/redo/analytics",
      .h1("Analytics"),
      .ul(
        [.class("redo-figures")],
        figure("Active", analytics.activeCount), figure("Overdue", analytics.overdueCount),
        figure("Done, last 7 days", analytics.completedLast7Days),
        figure("Done, all time", analytics.completedTodos),
        figure("Current streak (days)", analytics.currentStreak),
        figure("Best streak (days)", analytics.bestStreak),
        figure("Story points done", insights.points.completed),
        figure("Story points pending", insights.points.pending)),
      RedoInsightsSections.week(insights.week),
      RedoInsightsSections.forecast(insights.forecast),
      RedoInsightsSections.trend(insights.trend),
      RedoInsightsSections.timeOfDay(insights),
      completionsChart(analytics.completionsByDay, peak: peak),
      .section(
        [.class("redo-chart")],
        .h2("Active tasks by priority"),
        .table(
          .tbody(
            .fragment(
              (1...5).reversed().map { priority in
                let count = analytics.byPriority[priority - 1]
                return Node.tr(
                  .th([.scope("row")], .text(RedoPage.priorityName(priority))),
                  .td(
                    bar(Double(count) / Double(busiest), vertical: false),
                    .text(" \(count)")))
              })))))
  }

  /// One column per day, a bar only on days with completions, and a date under today and every
  /// seventh day before it.
  static func completionsChart(_ days: [TaskAnalytics.Day], peak: Int) -> Node {
    let months = [
      "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ]
    func name(_ day: LocalDay) -> String { "\(months[day.month - 1]) \(day.day)" }
    return .section(
      [.class("redo-chart")],
      .h2("Completions, last \(days.count) days"),
      .p([.class("hint")], .text("Tallest bar: \(peak) completed in a day.")),
      .ol(
        [.class("redo-bars"), .ariaLabel("Completions per day")],
        .fragment(
          days.enumerated().map { index, day in
            let label = "\(name(day.day)): \(day.completions) completed"
            return Node.li(
              [.title(label)],
              .span(
                [.class("redo-bar-box")],
                day.completions > 0
                  ? bar(Double(day.completions) / Double(peak), vertical: true) : .empty),
              .span([.class("visually-hidden")], .text(label)),
              (days.count - 1 - index) % 7 == 0
                ? .span([.class("redo-bar-date"), .aria("hidden", "true")], .text(name(day.day)))
                : .empty)
          })))
  }

  /// A bar of `fraction` (0...1) of its box, drawn in SVG so that no style is written inline.
  static func bar(_ fraction: Double, vertical: Bool) -> Node {
    let length = String(format: "%.1f", max(0, min(1, fraction)) * 100)
    let rect: Node =
      vertical
      ? .el(
        "rect", [.attr("x", "0"), .attr("y", "0"), .attr("width", "1"), .attr("height", length)])
      : .el(
        "rect", [.attr("x", "0"), .attr("y", "0"), .attr("width", length), .attr("height", "1")])
    return .el(
      "svg",
      [
        .class(vertical ? "redo-bar" : "hbar"),
        .attr("viewBox", vertical ? "0 0 1 100" : "0 0 100 1"),
        .attr("preserveAspectRatio", "none"), .attr("aria-hidden", "true"),
      ], [rect])
  }

  static func figure(_ label: String, _ value: Int) -> Node {
    .li(.strong(.text(String(value))), .span(.text(label)))
  }
}
