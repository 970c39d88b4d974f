import AuralystCore
import Foundation
import HearthHTML
import HearthPlatform

extension AuralystPages {
  /// One part of the report, under its own heading: the report is a list of them, each
  /// self-contained, so a new part (episodes) is one more in `report`'s list.
  package struct ReportSection {
    var id: String
    var title: String
    var body: [Node]

    var node: Node {
      .el(
        "section",
        [.class("auralyst-report-section"), .id("report-\(id)"), .aria("labelledby", "\(id)-h")],
        [.h2([.id("\(id)-h")], .text(title))] + body)
    }
  }

  /// Paper sizes for printing; the first is the default.
  package static let papers = [("a4", "A4"), ("letter", "Letter")]

  /// A report for a clinician: the chosen days' charts, entries, factors, medications with
  /// every dose (taken, late, skipped, missed) and notes; printed (or saved as PDF) on the
  /// chosen paper without the site around it, or downloaded as FHIR.
  public static func report(
    _ context: PageContext, _ view: AuralystView, _ report: JournalReport, insights: Insights,
    paper: String, problem: String? = nil
  ) -> String {
    let period = report.period
    let sections: [ReportSection] = [
      ReportSection(id: "patterns", title: "Notable patterns", body: [cues(insights.cues)]),
      ReportSection(
        id: "severity", title: "Severity",
        body: [
          .h3("Average per day"), AuralystCharts.severity(insights.averageSeverity),
          .h3("By weekday and hour"), AuralystCharts.heatmap(insights.heatmap),
          symptomTable(insights.symptomBreakdown),
        ]),
      entriesSection(view, report),
      factorsSection(view, report),
      medicationsSection(view, report),
      doseLogSection(view, report),
      // Episodes go here, beside the dose log, when the journal keeps them.
      notesSection(view, report),
    ]
    let query = "from=\(period.firstDay)&to=\(period.lastDay)"
    return AuralystChrome.page(
      context, view, title: "Report", current: "/report",
      [
        .form(
          [.method("get"), .class("card auralyst-no-print auralyst-range")],
          AuralystChrome.field(
            "report-from", "From",
            .input(
              .id("report-from"), .name("from"), .type("date"),
              .value(period.firstDay.description))),
          AuralystChrome.field(
            "report-to", "To",
            .input(
              .id("report-to"), .name("to"), .type("date"), .value(period.lastDay.description))
          ),
          AuralystChrome.field(
            "report-paper", "Paper",
            .select(
              [.id("report-paper"), .name("paper"), .data("auralyst-paper", "")],
              .fragment(
                papers.map { value, label in
                  Node.el(
                    "option", [.value(value)] + (value == paper ? [.selected] : []), [.text(label)])
                }))),
          .button([.type("submit"), .class("button secondary")], "Show"),
          .button(
            [.type("button"), .class("button primary"), .data("auralyst-print", "")],
            "Print or Save as PDF"),
          .a(
            [
              .class("button secondary"), .href("\(view.api)/report/fhir?\(query)"), .download,
            ], "Download for a health record (FHIR)"),
          problem.map { Node.p([.class("form-error"), .role("alert")], .text($0)) } ?? .empty),
        .article(
          [.class("auralyst-report"), .data("paper", paper)],
          .h1(.text("\(view.journal.title): symptom and medication report")),
          .p(
            .text(
              [
                report.ownerName.isEmpty ? nil : report.ownerName,
                "\(view.longDay(period.first)) to \(view.longDay(period.last))",
                "times in \(view.journal.timeZone)",
                "made \(view.longDay(view.today)), \(view.time(view.now))",
              ].compactMap { $0 }.joined(separator: " · "))),
          .p(.text(summary(report, insights))),
          .fragment(sections.map(\.node))),
      ])
  }

  package static func summary(_ report: JournalReport, _ insights: Insights) -> String {
    let days = insights.averageSeverity
    let severity =
      days.isEmpty
      ? "no entries"
      : "severity \(AuralystCharts.number(days.map(\.average).reduce(0, +) / Double(days.count)))"
        + " out of 10 on average over the days with entries"
    let missed = report.doseLog.doses.count { $0.state == .missed }
    return "\(Wording.count(report.entries.count, "entry", "entries")); \(severity); "
      + "\(Wording.count(report.doseLog.doses.count, "scheduled dose", "scheduled doses")) due, "
      + "\(missed) missed."
  }

  /// A day in the report's tables: "Fri 20 Nov", with its year when the report spans two.
  package static func tableDay(_ report: JournalReport, _ day: Int) -> String {
    let date = CalendarDay(daysSince1970: day)
    let text =
      "\(AuralystCharts.weekdayNames[date.weekday - 1]) \(date.day) "
      + AuralystView.months[date.month - 1].prefix(3)
    return report.period.firstDay.year == report.period.lastDay.year ? text : "\(text) \(date.year)"
  }

  /// A table that scrolls sideways within its own box on a phone, named for keyboards.
  package static func table(_ label: String, head: [String], rows: [Node]) -> Node {
    TableScroll.node(
      label,
      .table(
        [.class("auralyst-report-table")],
        .thead(.tr(.fragment(head.map { Node.th([.scope("col")], .text($0)) }))),
        .tbody(.fragment(rows))))
  }

  package static func symptomTable(_ rows: [Insights.SymptomAverage]) -> Node {
    guard !rows.isEmpty else { return .empty }
    return .fragment([
      .h3("By symptom"),
      table(
        "Average severity by symptom", head: ["Symptom", "Average", "Entries"],
        rows: rows.map { row in
          .tr(
            .td(.text(row.name)), .td(.text("\(AuralystCharts.number(row.average)) of 10")),
            .td(.text(String(row.entries))))
        }),
    ])
  }
}
