import AuralystCore
import Foundation
import HearthHTML
import HearthPlatform

extension AuralystPages {
  /// A report for a clinician: the chosen days' charts, medications with their adherence, the
  /// cues, and every entry; printed (or saved as PDF) without the site around it.
  public static func report(
    _ context: PageContext, _ view: AuralystView, insights: Insights, from: String, to: String,
    medications: [Medication], entries: [SymptomEntry], ownerName: String
  ) -> String {
    let n = AuralystCharts.number
    let average =
      insights.averageSeverity.isEmpty
      ? "no entries"
      : n(
        insights.averageSeverity.map(\.average).reduce(0, +)
          / Double(insights.averageSeverity.count))
        + " out of 10 on average over the days with entries"
    let adherence = Dictionary(
      insights.adherence.map { ($0.medicationID, $0) }, uniquingKeysWith: { first, _ in first })
    let medicationRows: [Node] = medications.map { medication in
      let item = adherence[medication.id]
      let taken: String
      if let item, let scheduled = item.scheduled, let count = item.taken, scheduled > 0 {
        taken =
          "\(count) of \(Wording.count(scheduled, "dose", "doses")) "
          + "(\(Int(((item.rate ?? 0) * 100).rounded()))%)"
      } else {
        taken = "\(item?.logged ?? 0) logged"
      }
      return .tr(
        .td(.text(medication.name)),
        .td(.text(AuralystChrome.amount(medication.defaultAmount, medication.defaultUnit))),
        .td(
          .text(
            medication.isAsNeeded
              ? "As needed" + (medication.useCase.map { ", for \($0)" } ?? "")
              : medication.schedules.isEmpty
                ? "Daily at 08:00" : medication.schedules.map(scheduleText).joined(separator: "; "))
        ),
        .td(.text(taken)))
    }
    let entryRows: [Node] = entries.map { entry in
      .tr(
        .td(
          .text(
            view.longDay(view.day(of: entry.timestamp, madeIn: entry.timeZone)) + ", "
              + view.time(entry.timestamp, madeIn: entry.timeZone))),
        .td(.text(String(entry.severity))),
        .td(
          .text(
            entry.symptomSeverities.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }
              .joined(separator: ", "))),
        .td(.text(entry.isMenstruating == true ? "yes" : "")), .td(.text(entry.note ?? "")))
    }
    return AuralystChrome.page(
      context, view, title: "Report", current: "/report",
      [
        .form(
          [.method("get"), .class("card auralyst-no-print auralyst-range")],
          AuralystChrome.field(
            "report-from", "From",
            .input(.id("report-from"), .name("from"), .type("date"), .value(from))),
          AuralystChrome.field(
            "report-to", "To", .input(.id("report-to"), .name("to"), .type("date"), .value(to))),
          .button([.type("submit"), .class("button secondary")], "Show"),
          .button(
            [.type("button"), .class("button primary"), .data("auralyst-print", "")],
            "Print or Save as PDF")),
        .article(
          [.class("auralyst-report")],
          .h1(.text("\(view.journal.title): symptom and medication report")),
          .p(
            .text(
              "\(ownerName) · \(dayText(view, from)) to \(dayText(view, to)) · "
                + "times in \(view.journal.timeZone)")),
          .p(.text("\(Wording.count(insights.entries, "entry", "entries")); severity \(average).")),
          .h2("Notable patterns"), cues(insights.cues),
          .h2("Average severity per day"), AuralystCharts.severity(insights.averageSeverity),
          .h2("By weekday and hour"), AuralystCharts.heatmap(insights.heatmap),
          .h2("Medications"),
          medicationRows.isEmpty
            ? .p("No medications.")
            : .table(
              .thead(
                .tr(
                  .th("Medication"), .th("Default dose"), .th("Schedule"),
                  .th("Taken in this period"))),
              .tbody(.fragment(medicationRows))),
          .h2("Entries"),
          entryRows.isEmpty
            ? .p("No entries in this period.")
            : .table(
              .thead(
                .tr(.th("When"), .th("Severity"), .th("Symptoms"), .th("Menstruating"), .th("Note"))
              ),
              .tbody(.fragment(entryRows)))),
      ])
  }
}
