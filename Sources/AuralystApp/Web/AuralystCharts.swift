import AuralystCore
import Foundation
import HearthHTML
import HearthPlatform

/// Server-drawn SVG charts. Each is a figure whose caption says in words what the chart shows,
/// so a screen reader (or a printout in black and white) loses nothing.
enum AuralystCharts {
  static func number(_ value: Double) -> String { String(format: "%.1f", value) }

  /// "2026-11-19" as "Thursday 19 November", or "19 Nov" for an axis.
  static func dayWords(_ day: String, short: Bool = false) -> String {
    guard let date = CalendarDay(day) else { return day }
    let month = AuralystView.months[date.month - 1]
    return short
      ? "\(date.day) \(month.prefix(3))"
      : "\(Wording.weekday(date.weekday)) \(date.day) \(month)"
  }

  static func figure(
    _ id: String, title: String, summary: String, width: Int, height: Int, _ body: [Node]
  )
    -> Node
  {
    .el(
      "figure", [.class("auralyst-chart")],
      [
        .el(
          "svg",
          [
            .attr("viewBox", "0 0 \(width) \(height)"), .attr("width", String(width)),
            .attr("height", String(height)), .role("img"), .attr("aria-labelledby", "\(id)-title"),
            .attr("aria-describedby", "\(id)-summary"),
            .attr("preserveAspectRatio", "xMinYMin meet"),
          ],
          [.el("title", [.id("\(id)-title")], [.text(title)])] + body),
        .el("figcaption", [.id("\(id)-summary")], [.text(summary)]),
      ])
  }

  static func text(_ x: Int, _ y: Int, _ value: String, anchor: String = "start", size: Int = 11)
    -> Node
  {
    .el(
      "text",
      [
        .attr("x", String(x)), .attr("y", String(y)), .attr("text-anchor", anchor),
        .attr("font-size", String(size)), .class("chart-label"),
      ], [.text(value)])
  }

  /// Each day's average as a line over 0-10, its most severe entry as a mark above it, and the
  /// 7-day rolling mean as a second, dashed line.
  static func severity(_ days: [Insights.DailySeverity]) -> Node {
    let width = 640
    let height = 220
    let left = 28
    let plot = (width: width - left - 8, height: height - 56)
    guard let first = days.first.flatMap({ CalendarDay($0.day) })?.daysSince1970,
      let last = days.last.flatMap({ CalendarDay($0.day) })?.daysSince1970
    else { return .p([.class("hint")], "Log a few days to unlock trends.") }
    let span = max(1, last - first)
    func x(_ day: String) -> Int {
      let offset = (CalendarDay(day)?.daysSince1970 ?? first) - first
      return left + (days.count == 1 ? plot.width / 2 : offset * plot.width / span)
    }
    func y(_ value: Double) -> Int { 28 + Int(Double(plot.height) * (1 - value / 10)) }
    func line(_ value: (Insights.DailySeverity) -> Double, _ style: String) -> Node {
      .el(
        "polyline",
        [
          .attr("points", days.map { "\(x($0.day)),\(y(value($0)))" }.joined(separator: " ")),
          .class(style),
        ], [])
    }
    var nodes: [Node] = [0, 5, 10].flatMap { level -> [Node] in
      [
        .el(
          "line",
          [
            .attr("x1", String(left)), .attr("x2", String(width - 8)),
            .attr("y1", String(y(Double(level)))), .attr("y2", String(y(Double(level)))),
            .class("chart-grid"),
          ], []),
        text(left - 6, y(Double(level)) + 4, String(level), anchor: "end"),
      ]
    }
    nodes += legend(left: left)
    nodes.append(line(\.rollingAverage, "chart-rolling"))
    nodes.append(line(\.average, "chart-line"))
    nodes += days.map { day in
      .el(
        "g", [],
        [
          .el(
            "line",
            [
              .attr("x1", String(x(day.day) - 4)), .attr("x2", String(x(day.day) + 4)),
              .attr("y1", String(y(day.maximum))), .attr("y2", String(y(day.maximum))),
              .class("chart-max"),
            ], []),
          .el(
            "circle",
            [
              .attr("cx", String(x(day.day))), .attr("cy", String(y(day.average))),
              .attr("r", "3"), .class("chart-dot"),
            ], []),
          .el(
            "title", [],
            [
              .text(
                "\(dayWords(day.day)): average \(number(day.average)) from "
                  + "\(Wording.count(day.entries, "entry", "entries")), highest "
                  + "\(number(day.maximum)); 7-day mean \(number(day.rollingAverage)) over "
                  + Wording.count(day.rollingDays, "day", "days"))
            ]),
        ])
    }
    nodes.append(text(left, height - 6, dayWords(days.first!.day, short: true)))
    nodes.append(text(width - 8, height - 6, dayWords(days.last!.day, short: true), anchor: "end"))
    let highest = days.max { $0.maximum < $1.maximum }!
    let lowest = days.min { $0.average < $1.average }!
    let mean = days.map(\.average).reduce(0, +) / Double(days.count)
    let summary =
      "\(Wording.count(days.count, "day", "days")) with entries; "
      + "\(days.count == 1 ? "it" : "the days") averaged \(number(mean)) out of 10. "
      + "Most severe entry \(number(highest.maximum)) on \(dayWords(highest.day)); "
      + "lowest day \(number(lowest.average)) on \(dayWords(lowest.day)). "
      + "The 7-day mean (of the days with entries among each day and the six before it) "
      + "ends at \(number(days.last!.rollingAverage))."
    return figure(
      "chart-severity", title: "Severity per day: average, highest and 7-day mean",
      summary: summary, width: width, height: height, nodes)
  }

  /// What each mark of the severity chart is.
  static func legend(left: Int) -> [Node] {
    let items = [
      ("chart-line", "Daily average"), ("chart-max", "Highest"), ("chart-rolling", "7-day mean"),
    ]
    return items.enumerated().flatMap { index, item -> [Node] in
      let x = left + index * 150
      return [
        .el(
          "line",
          [
            .attr("x1", String(x)), .attr("x2", String(x + 18)), .attr("y1", "10"),
            .attr("y2", "10"), .class(item.0),
          ], []),
        text(x + 24, 14, item.1),
      ]
    }
  }

  static let weekdayNames = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]

  /// Weekday rows by hour columns, shaded by mean severity.
  static func heatmap(_ cells: [Insights.HeatmapCell]) -> Node {
    guard !cells.isEmpty else {
      return .p([.class("hint")], "Need more timestamps to surface hourly patterns.")
    }
    let cell = 24
    let left = 34
    let width = left + 24 * cell + 4
    let height = 7 * cell + 20
    var nodes: [Node] = (0..<7).map { row in
      text(left - 4, row * cell + 16, weekdayNames[row], anchor: "end")
    }
    for hour in stride(from: 0, to: 24, by: 3) {
      nodes.append(text(left + hour * cell + 2, height - 4, String(format: "%02d", hour)))
    }
    for item in cells {
      let opacity = 0.15 + 0.85 * item.average / 10
      nodes.append(
        .el(
          "rect",
          [
            .attr("x", String(left + item.hour * cell)),
            .attr("y", String((item.weekday - 1) * cell)),
            .attr("width", String(cell - 2)), .attr("height", String(cell - 2)),
            .attr("fill-opacity", String(format: "%.2f", opacity)), .class("chart-cell"),
          ],
          [
            .el(
              "title", [],
              [
                .text(
                  "\(Wording.weekday(item.weekday)) \(String(format: "%02d:00", item.hour)): "
                    + "\(number(item.average)) from "
                    + Wording.count(item.entries, "entry", "entries")
                )
              ])
          ]))
    }
    let worst = cells.max { ($0.average, $1.entries) < ($1.average, $0.entries) }!
    let summary =
      "\(Wording.count(cells.reduce(0) { $0 + $1.entries }, "entry", "entries")) over "
      + "\(Wording.count(cells.count, "weekday hour", "weekday hours")). "
      + "The highest average, \(number(worst.average)), is on "
      + "\(Wording.weekday(worst.weekday, plural: true)) "
      + "around \(String(format: "%02d:00", worst.hour))."
    return figure(
      "chart-heatmap", title: "Severity by weekday and hour", summary: summary, width: width,
      height: height, nodes)
  }

  /// Horizontal bars; values may be negative (drawn left of a zero rule).
  static func bars(
    _ id: String, title: String, summary: String,
    _ rows: [(label: String, value: Double, text: String)],
    range: ClosedRange<Double>
  ) -> Node {
    let rowHeight = 26
    let left = 150
    let width = 640
    let plot = width - left - 70
    let height = rows.count * rowHeight + 8
    let span = range.upperBound - range.lowerBound
    func x(_ value: Double) -> Int { left + Int(Double(plot) * (value - range.lowerBound) / span) }
    var nodes: [Node] = []
    if range.lowerBound < 0 {
      nodes.append(
        .el(
          "line",
          [
            .attr("x1", String(x(0))), .attr("x2", String(x(0))), .attr("y1", "0"),
            .attr("y2", String(height)), .class("chart-zero"),
          ], []))
    }
    for (index, row) in rows.enumerated() {
      let y = index * rowHeight + 4
      let from = x(min(0, row.value))
      let to = x(max(0, row.value))
      nodes.append(text(left - 8, y + 15, String(row.label.prefix(24)), anchor: "end"))
      nodes.append(
        .el(
          "rect",
          [
            .attr("x", String(from)), .attr("y", String(y)),
            .attr("width", String(max(1, to - from))),
            .attr("height", String(rowHeight - 8)),
            .class(row.value >= 0 ? "chart-bar" : "chart-bar negative"),
          ], [.el("title", [], [.text("\(row.label): \(row.text)")])]))
      nodes.append(text(max(to, x(0)) + 6, y + 15, row.text))
    }
    return figure(id, title: title, summary: summary, width: width, height: height, nodes)
  }
}
