import AuralystCore
import Foundation
import HearthHTML
import HearthPlatform

extension AuralystPages {
  package static let weekdayOrder = [2, 3, 4, 5, 6, 7, 1]

  /// A month of days coloured by their average severity, Monday first, each day a link to its
  /// page; the colour is also said in words, for screen readers and in black and white.
  public static func calendar(_ context: PageContext, _ view: AuralystView, _ month: SeverityMonth)
    -> String
  {
    func monthName(_ text: String) -> String {
      guard let parts = SeverityMonth.parse(text) else { return text }
      return "\(AuralystView.months[parts.month - 1]) \(parts.year)"
    }
    let title = monthName(month.name)
    let rows: [Node] = month.weeks.map { week in
      .tr(
        .fragment(
          week.map { day in
            guard let day else { return .td([.class("auralyst-cal-blank")], .empty) }
            let words: String
            if let average = day.average, let level = day.level {
              words =
                "average severity \(AuralystCharts.number(average)) of 10, "
                + "\(SeverityMonth.levels[level]), \(Wording.count(day.entries, "entry", "entries"))"
            } else {
              words = "nothing logged"
            }
            return .td(
              .a(
                [
                  .class("auralyst-cal-day auralyst-sev-\(day.level.map(String.init) ?? "none")"),
                  .href("\(view.path)/days/\(day.date)"),
                  .ariaCurrent(day.isToday ? "date" : nil),
                ],
                .span(
                  [.class("auralyst-cal-number"), .aria("hidden", "true")],
                  .text(String(day.dayOfMonth))),
                .span(
                  [.class("auralyst-cal-value"), .aria("hidden", "true")],
                  .text(day.average.map(AuralystCharts.number) ?? "")),
                .span(
                  [.class("visually-hidden")],
                  .text(
                    "\(Wording.weekday(day.weekday)) \(day.dayOfMonth) "
                      + "\(AuralystView.months[month.month - 1]): \(words)"))))
          }))
    }
    let legend: [Node] = SeverityMonth.levels.enumerated().map { level, name in
      let range = ["0", "1 to 3", "4 to 6", "7 or 8", "9 or 10"][level]
      return .li(
        .span([.class("auralyst-swatch auralyst-sev-\(level)"), .aria("hidden", "true")], .empty),
        .text(" \(name.prefix(1).uppercased() + name.dropFirst()) (\(range))"))
    }
    return AuralystChrome.page(
      context, view, title: "Calendar", current: "/calendar",
      [
        .h1("Calendar"),
        .nav(
          [.class("auralyst-month-nav"), .ariaLabel("Months")],
          .a(
            [.class("button secondary"), .href("?month=\(month.previous)"), .rel("prev")],
            .text("‹ \(monthName(month.previous))")),
          .a(
            [.class("button secondary"), .href("?month=\(month.next)"), .rel("next")],
            .text("\(monthName(month.next)) ›"))),
        .section(
          [.id("auralyst-live")],
          .table(
            [.class("auralyst-calendar")],
            .caption(.text("Severity in \(title)")),
            .thead(
              .tr(
                .fragment(
                  weekdayOrder.map { weekday in
                    .th(
                      [.attr("scope", "col"), .attr("abbr", Wording.weekday(weekday))],
                      .text(String(Wording.weekday(weekday).prefix(3))))
                  }))),
            .tbody(.fragment(rows)))),
        .ul([.class("auralyst-legend"), .ariaLabel("Colours")], .fragment(legend)),
        .p(
          [.class("hint")],
          .text(
            "Each day's colour is the average of its entries; tap a day to see it. Days are in "
              + "the journal's time zone.")),
      ])
  }
}
