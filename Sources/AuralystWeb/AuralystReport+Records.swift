import AuralystCore
import Foundation
import HearthHTML
import HearthPlatform

/// The report's entries, factors and notes.
extension AuralystPages {
  package static func entryTime(
    _ view: AuralystView, _ report: JournalReport, _ entry: SymptomEntry
  )
    -> String
  {
    tableDay(report, view.day(of: entry.timestamp, madeIn: entry.timeZone)) + ", "
      + view.time(entry.timestamp, madeIn: entry.timeZone)
  }

  package static func entriesSection(_ view: AuralystView, _ report: JournalReport) -> ReportSection
  {
    let rows: [Node] = report.entries.map { entry in
      .tr(
        .td([.class("auralyst-when")], .text(entryTime(view, report, entry))),
        .td([.class("auralyst-number")], .text(String(entry.severity))),
        .td(
          .text(
            entry.symptomSeverities.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }
              .joined(separator: ", "))),
        .td(.text(entry.isMenstruating == true ? "Yes" : "")),
        .td([.class("auralyst-prose")], .text(entry.note ?? "")))
    }
    return ReportSection(
      id: "entries", title: "Entries",
      body: rows.isEmpty
        ? [.p("No entries in this period.")]
        : [
          table(
            "Entries of the period",
            head: ["When", "Severity", "Symptoms", "Menstruating", "Note"], rows: rows)
        ])
  }

  package static func factorsSection(_ view: AuralystView, _ report: JournalReport) -> ReportSection
  {
    let byFactor = Dictionary(grouping: report.factorValues, by: \.factorID)
    let logged = report.factors.filter { byFactor[$0.id] != nil }
    guard !logged.isEmpty else {
      return ReportSection(
        id: "factors", title: "Factors",
        body: [
          .p(
            report.factors.isEmpty ? "No factors are tracked." : "No factors logged in this period."
          )
        ])
    }
    let summary: [Node] = logged.map { factor in
      let values = byFactor[factor.id] ?? []
      return .tr(
        .th([.scope("row")], .text(factor.name)),
        .td([.class("auralyst-number")], .text(String(values.count))),
        .td([.class("auralyst-prose")], .text(factorSummary(factor, values))))
    }
    let days = Dictionary(grouping: report.factorValues, by: \.day)
    let dayRows: [Node] = days.keys.sorted().map { day in
      let values = Dictionary(
        (days[day] ?? []).map { ($0.factorID, $0) }, uniquingKeysWith: { first, _ in first })
      return .tr(
        .td(
          [.class("auralyst-when")],
          .text(CalendarDay(day).map { tableDay(report, $0.daysSince1970) } ?? day)),
        .fragment(
          logged.map { factor in
            Node.td(.text(values[factor.id].map { factorText($0, of: factor) } ?? ""))
          }))
    }
    return ReportSection(
      id: "factors", title: "Factors",
      body: [
        table("Factors of the period", head: ["Factor", "Days", "Over the period"], rows: summary),
        .h3("Day by day"),
        table("Factors day by day", head: ["Day"] + logged.map(\.name), rows: dayRows),
      ])
  }

  package static func factorText(_ value: FactorValue, of factor: Factor) -> String {
    switch factor.kind {
    case .number: AuralystChrome.amount(value.number, factor.unit)
    case .scale: value.number.map { "\(Int($0)) of 5" } ?? ""
    case .yesNo: value.number == 1 ? "Yes" : "No"
    case .tags: (value.tags ?? []).joined(separator: ", ")
    }
  }

  package static func factorSummary(_ factor: Factor, _ values: [FactorValue]) -> String {
    let numbers = values.compactMap(\.number)
    switch factor.kind {
    case .number, .scale:
      guard let low = numbers.min(), let high = numbers.max() else { return "" }
      let mean = numbers.reduce(0, +) / Double(numbers.count)
      let scale = factor.kind == .scale ? " of 5" : factor.unit.map { " \($0)" } ?? ""
      return "Average \(AuralystCharts.number(mean))\(scale) (from "
        + "\(AuralystChrome.amount(low, nil)) to \(AuralystChrome.amount(high, nil)))"
    case .yesNo:
      return "Yes on \(numbers.count { $0 == 1 }) of \(Wording.count(numbers.count, "day", "days"))"
    case .tags:
      var counts: [String: Int] = [:]
      for tag in values.flatMap({ $0.tags ?? [] }) { counts[tag, default: 0] += 1 }
      return counts.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.prefix(5)
        .map { "\($0.key) (\(Wording.count($0.value, "day", "days")))" }.joined(separator: ", ")
    }
  }

  package static func notesSection(_ view: AuralystView, _ report: JournalReport) -> ReportSection {
    let entries = Dictionary(
      report.entries.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    let rows: [Node] = report.notes.map { note in
      let about = note.entryID.flatMap { entries[$0] }.map {
        "Entry of \(entryTime(view, report, $0))"
      }
      return .tr(
        .td(
          [.class("auralyst-when")],
          .text(tableDay(report, view.day(of: note.timestamp)) + ", " + view.time(note.timestamp))),
        .td(.text(note.authorName)), .td(.text(about ?? "The journal")),
        .td([.class("auralyst-prose auralyst-entry-note")], .text(note.text)))
    }
    return ReportSection(
      id: "notes", title: "Notes",
      body: rows.isEmpty
        ? [.p("No notes in this period.")]
        : [table("Notes of the period", head: ["When", "By", "About", "Note"], rows: rows)])
  }
}
