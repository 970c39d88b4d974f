import AuralystCore
import Foundation
import HearthHTML
import HearthPlatform

/// Server-drawn SVG charts. Each is a figure whose caption says in words what the chart shows,
/// so a screen reader (or a printout in black and white) loses nothing. Each is drawn twice,
/// wide and narrow, and the stylesheet shows the one that fits its box, so its text renders at
/// 12 px or more on a phone as on paper.
package enum AuralystCharts {
  package static func number(_ value: Double) -> String { String(format: "%.1f", value) }

  /// "2026-11-19" as "Thursday 19 November", or "19 Nov" for an axis.
  package static func dayWords(_ day: String, short: Bool = false) -> String {
    guard let date = CalendarDay(day) else { return day }
    let month = AuralystView.months[date.month - 1]
    return short
      ? "\(date.day) \(month.prefix(3))"
      : "\(Wording.weekday(date.weekday)) \(date.day) \(month)"
  }

  /// A drawing's size in user units, which render near 1:1 where it is shown: wide from 640
  /// px of room (a desktop, or paper), narrow below (a phone).
  package struct Frame {
    var name: String
    var width: Int
    var font: Int

    static let wide = Frame(name: "wide", width: 640, font: 12)
    static let narrow = Frame(name: "narrow", width: 340, font: 14)
    static let both = [wide, narrow]

    /// About how wide `text` is, at 0.6 em a character.
    func textWidth(_ text: String) -> Int { (text.count * font * 3 + 4) / 5 }

    /// `text` cut to fit `room`, with an ellipsis.
    func fitting(_ text: String, _ room: Int) -> String {
      let most = max(1, room * 5 / (font * 3))
      return text.count <= most ? text : String(text.prefix(most - 1)) + "…"
    }
  }

  package struct Drawing {
    var frame: Frame
    var height: Int
    var body: [Node]
  }

  package static func figure(_ id: String, title: String, summary: String, _ drawings: [Drawing])
    -> Node
  {
    let svgs: [Node] = drawings.map { drawing in
      let (width, height) = (drawing.frame.width, drawing.height)
      let titleID = "\(id)-title-\(drawing.frame.name)"
      return .el(
        "svg",
        [
          .attr("viewBox", "0 0 \(width) \(height)"), .attr("width", String(width)),
          .attr("height", String(height)), .class("chart-\(drawing.frame.name)"), .role("img"),
          .attr("aria-labelledby", titleID), .attr("aria-describedby", "\(id)-summary"),
          .attr("preserveAspectRatio", "xMinYMin meet"),
        ],
        [.el("title", [.id(titleID)], [.text(title)])] + drawing.body)
    }
    return .el(
      "figure", [.class("auralyst-chart")],
      svgs + [.el("figcaption", [.id("\(id)-summary")], [.text(summary)])])
  }

  package static func text(
    _ frame: Frame, _ x: Int, _ y: Int, _ value: String, anchor: String = "start"
  )
    -> Node
  {
    .el(
      "text",
      [
        .attr("x", String(x)), .attr("y", String(y)), .attr("text-anchor", anchor),
        .attr("font-size", String(frame.font)), .class("chart-label"),
      ], [.text(value)])
  }

  package static func line(_ x1: Int, _ y1: Int, _ x2: Int, _ y2: Int, _ style: String) -> Node {
    .el(
      "line",
      [
        .attr("x1", String(x1)), .attr("x2", String(x2)), .attr("y1", String(y1)),
        .attr("y2", String(y2)), .class(style),
      ], [])
  }

  /// Each day's average as a line over 0-10, its most severe entry as a mark above it, and the
  /// 7-day rolling mean as a second, dashed line.
  package static func severity(_ days: [Insights.DailySeverity]) -> Node {
    guard let first = days.first.flatMap({ CalendarDay($0.day) })?.daysSince1970,
      let last = days.last.flatMap({ CalendarDay($0.day) })?.daysSince1970
    else { return .p([.class("hint")], "Log a few days to unlock trends.") }
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
      summary: summary,
      Frame.both.map { severity(days, first: first, span: max(1, last - first), in: $0) })
  }

  private static func severity(
    _ days: [Insights.DailySeverity], first: Int, span: Int, in frame: Frame
  ) -> Drawing {
    let width = frame.width
    let left = frame.textWidth("10") + 10
    let (legendNodes, legendBottom) = legend(frame, left: left)
    let top = legendBottom + frame.font
    let plot = (width: width - left - 8, height: 160)
    let height = top + plot.height + frame.font + 14
    func x(_ day: String) -> Int {
      let offset = (CalendarDay(day)?.daysSince1970 ?? first) - first
      return left + (days.count == 1 ? plot.width / 2 : offset * plot.width / span)
    }
    func y(_ value: Double) -> Int { top + Int(Double(plot.height) * (1 - value / 10)) }
    func polyline(_ value: (Insights.DailySeverity) -> Double, _ style: String) -> Node {
      .el(
        "polyline",
        [
          .attr("points", days.map { "\(x($0.day)),\(y(value($0)))" }.joined(separator: " ")),
          .class(style),
        ], [])
    }
    var nodes: [Node] = [0, 5, 10].flatMap { level -> [Node] in
      [
        line(left, y(Double(level)), width - 8, y(Double(level)), "chart-grid"),
        text(frame, left - 6, y(Double(level)) + frame.font / 3, String(level), anchor: "end"),
      ]
    }
    nodes += legendNodes
    nodes.append(polyline(\.rollingAverage, "chart-rolling"))
    nodes.append(polyline(\.average, "chart-line"))
    nodes += days.map { day in
      .el(
        "g", [],
        [
          line(x(day.day) - 4, y(day.maximum), x(day.day) + 4, y(day.maximum), "chart-max"),
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
    nodes.append(text(frame, left, height - 6, dayWords(days.first!.day, short: true)))
    nodes.append(
      text(frame, width - 8, height - 6, dayWords(days.last!.day, short: true), anchor: "end"))
    return Drawing(frame: frame, height: height, body: nodes)
  }

  /// What each mark of the severity chart is, each with its mark as the chart draws it, on as
  /// many rows as the frame needs; and where the last row ends.
  package static func legend(_ frame: Frame, left: Int) -> ([Node], Int) {
    let items = [
      ("chart-line", "Daily average"), ("chart-max", "Highest"), ("chart-rolling", "7-day mean"),
    ]
    var nodes: [Node] = []
    var x = left
    var y = frame.font
    for (style, label) in items {
      let room = 24 + frame.textWidth(label)
      if x > left, x + room > frame.width - 4 {
        x = left
        y += frame.font + 8
      }
      let middle = y - frame.font / 3
      var mark = [line(x, middle, x + 18, middle, style)]
      if style == "chart-line" {
        mark.append(
          .el(
            "circle",
            [
              .attr("cx", String(x + 9)), .attr("cy", String(middle)), .attr("r", "3"),
              .class("chart-dot"),
            ],
            []))
      }
      nodes.append(
        .el("g", [.class("chart-legend-item")], mark + [text(frame, x + 24, y, label)]))
      x += room + 16
    }
    return (nodes, y)
  }
}
