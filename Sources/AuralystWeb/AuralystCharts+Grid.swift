import AuralystCore
import Foundation
import HearthHTML
import HearthPlatform

/// The heatmap and the bar charts.
extension AuralystCharts {
  package static let weekdayNames = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]

  /// Weekday rows by hour columns, shaded by mean severity.
  package static func heatmap(_ cells: [Insights.HeatmapCell]) -> Node {
    guard !cells.isEmpty else {
      return .p([.class("hint")], "Need more timestamps to surface hourly patterns.")
    }
    let worst = cells.max { ($0.average, $1.entries) < ($1.average, $0.entries) }!
    let summary =
      "\(Wording.count(cells.reduce(0) { $0 + $1.entries }, "entry", "entries")) over "
      + "\(Wording.count(cells.count, "weekday hour", "weekday hours")). "
      + "The highest average, \(number(worst.average)), is on "
      + "\(Wording.weekday(worst.weekday, plural: true)) "
      + "around \(String(format: "%02d:00", worst.hour))."
    return figure(
      "chart-heatmap", title: "Severity by weekday and hour", summary: summary,
      Frame.both.map { heatmap(cells, in: $0) })
  }

  private static func heatmap(_ cells: [Insights.HeatmapCell], in frame: Frame) -> Drawing {
    // "Wed" is wider than three average letters.
    let left = frame.textWidth("Wedn") + 6
    let cell = (frame.width - left - 4) / 24
    // Rows no lower than their weekday's label.
    let row = max(cell, frame.font + 4)
    let height = 7 * row + frame.font + 10
    var nodes: [Node] = (0..<7).map { index in
      text(
        frame, left - 4, index * row + row / 2 + frame.font / 3, weekdayNames[index],
        anchor: "end")
    }
    // As many hour labels as fit side by side.
    let every = frame.textWidth("00") + 8 > cell * 3 ? 6 : 3
    for hour in stride(from: 0, to: 24, by: every) {
      nodes.append(text(frame, left + hour * cell, height - 4, String(format: "%02d", hour)))
    }
    for item in cells {
      let opacity = 0.15 + 0.85 * item.average / 10
      nodes.append(
        .el(
          "rect",
          [
            .attr("x", String(left + item.hour * cell)),
            .attr("y", String((item.weekday - 1) * row)),
            .attr("width", String(cell - 2)), .attr("height", String(row - 2)),
            .attr("fill-opacity", String(format: "%.2f", opacity)), .class("chart-cell"),
          ],
          [
            .el(
              "title", [],
              [
                .text(
                  "\(Wording.weekday(item.weekday)) \(String(format: "%02d:00", item.hour)): "
                    + "\(number(item.average)) from "
                    + Wording.count(item.entries, "entry", "entries"))
              ])
          ]))
    }
    return Drawing(frame: frame, height: height, body: nodes)
  }

  /// Horizontal bars; values may be negative (drawn left of a zero rule). Wide, each label is
  /// left of its bar; narrow, above it.
  package static func bars(
    _ id: String, title: String, summary: String,
    _ rows: [(label: String, value: Double, text: String)],
    range: ClosedRange<Double>
  ) -> Node {
    figure(
      id, title: title, summary: summary, Frame.both.map { bars(rows, range: range, in: $0) })
  }

  private static func bars(
    _ rows: [(label: String, value: Double, text: String)], range: ClosedRange<Double>,
    in frame: Frame
  ) -> Drawing {
    let narrow = frame.width < Frame.wide.width
    let left = narrow ? 4 : 150
    let barHeight = 18
    let labelHeight = narrow ? frame.font + 6 : 0
    let rowHeight = labelHeight + barHeight + 8
    let valueRoom = rows.map { frame.textWidth($0.text) }.max() ?? 0
    let plot = frame.width - left - valueRoom - 10
    let height = rows.count * rowHeight + 8
    let span = range.upperBound - range.lowerBound
    func x(_ value: Double) -> Int { left + Int(Double(plot) * (value - range.lowerBound) / span) }
    var nodes: [Node] = []
    if range.lowerBound < 0 {
      nodes.append(line(x(0), 0, x(0), height, "chart-zero"))
    }
    for (index, row) in rows.enumerated() {
      let top = index * rowHeight + 4
      let barTop = top + labelHeight
      let middle = barTop + barHeight / 2 + frame.font / 3
      let from = x(min(0, row.value))
      let to = x(max(0, row.value))
      nodes.append(
        narrow
          ? text(frame, left, top + frame.font, frame.fitting(row.label, frame.width - 8))
          : text(frame, left - 8, middle, frame.fitting(row.label, left - 12), anchor: "end"))
      nodes.append(
        .el(
          "rect",
          [
            .attr("x", String(from)), .attr("y", String(barTop)),
            .attr("width", String(max(1, to - from))), .attr("height", String(barHeight)),
            .class(row.value >= 0 ? "chart-bar" : "chart-bar negative"),
          ], [.el("title", [], [.text("\(row.label): \(row.text)")])]))
      nodes.append(text(frame, max(to, x(0)) + 6, middle, row.text))
    }
    return Drawing(frame: frame, height: height, body: nodes)
  }
}
