import AuralystCore
import Foundation
import HearthHTML
import HearthPlatform

extension AuralystPages {
  package static let windowNames: [(InsightWindow, String)] = [
    (.week, "7d"), (.month, "30d"), (.quarter, "90d"), (.all, "All"),
  ]

  public static func insights(_ context: PageContext, _ view: AuralystView, _ insights: Insights)
    -> String
  {
    let picker: Node = .nav(
      [.class("chips"), .ariaLabel("Window")],
      .fragment(
        windowNames.map { window, name in
          window == insights.window
            ? .a([.href("?window=\(window.rawValue)"), .ariaCurrent("page")], .text(name))
            : .a([.href("?window=\(window.rawValue)")], .text(name))
        }))
    return AuralystChrome.page(
      context, view, title: "Insights", current: "/insights",
      [
        .h1("Insights"), picker,
        .p(
          [.class("hint")],
          .text(
            "\(dayText(view, insights.firstDay)) to \(dayText(view, insights.lastDay)): "
              + "\(Wording.count(insights.entries, "entry", "entries")).")),
        .section([.id("auralyst-live")], insightBlocks(insights)),
      ])
  }

  package static func dayText(_ view: AuralystView, _ day: String) -> String {
    CalendarDay(day).map { view.longDay($0.daysSince1970) } ?? day
  }

  /// "today", "yesterday" or "Monday 16 November 2026", for "since ...".
  package static func sinceText(_ day: String, lastDay: String) -> String {
    guard let start = CalendarDay(day)?.daysSince1970,
      let last = CalendarDay(lastDay)?.daysSince1970
    else { return day }
    if start == last { return "today" }
    if start == last - 1 { return "yesterday" }
    let date = CalendarDay(daysSince1970: start)
    return "\(Wording.weekday(date.weekday)) \(date.day) \(AuralystView.months[date.month - 1])"
  }

  package static func cues(_ cues: [GentleCue]) -> Node {
    guard !cues.isEmpty else {
      return .p(
        [.class("hint")], "No patterns stand out yet. Cues appear only when the evidence is there.")
    }
    return .ul(
      [.class("list auralyst-cues")],
      .fragment(
        cues.map { cue in
          .li(
            [.class("card auralyst-cue")], .p(.strong(.text(cue.message))),
            .p(.text(cue.suggestion)),
            .p([.class("hint")], .text(cue.evidence)))
        }))
  }

  public static func insightBlocks(_ insights: Insights) -> Node {
    let n = AuralystCharts.number
    let effects = insights.medicationEffects
    let effectChart: Node =
      effects.isEmpty
      ? .p([.class("hint")], "Track medications alongside entries to see trends.")
      : AuralystCharts.bars(
        "chart-effect", title: "Severity on days taken, against the usual",
        summary: effects.map {
          "\($0.name): severity \(Wording.change($0.change)) on "
            + "\(Wording.count($0.daysTaken, "day", "days")) taken"
        }.joined(separator: "; ") + ".",
        effects.map { ($0.name, $0.change, Wording.signedChange($0.change)) },
        range: -max(
          1, effects.map { abs($0.change) }.max()!)...max(1, effects.map { abs($0.change) }.max()!))
    let scheduled = insights.adherence.filter { !$0.isAsNeeded }
    let adherenceRows: [Node] = insights.adherence.map { item in
      let text: String
      let since = item.startedOn.map { sinceText($0, lastDay: insights.lastDay) }
      if let scheduled = item.scheduled, let taken = item.taken {
        if scheduled == 0 {
          text = since == "today" ? "Started today; no doses due yet." : "No doses were due."
        } else {
          text =
            "\(taken) of \(Wording.count(scheduled, "dose", "doses")) taken"
            + (since.map { " since \($0)" } ?? "")
            + ((item.late ?? 0) > 0 ? ", \(item.late ?? 0) late" : "")
            + ((item.skipped ?? 0) > 0 ? ", \(item.skipped ?? 0) skipped" : "")
        }
      } else {
        text = "\(item.logged) logged"
      }
      let average = item.averageDose.map { " · avg " + AuralystChrome.amount($0, item.unit) } ?? ""
      return .li(
        [.class("auralyst-adherence")], .strong(.text(item.name)), .text(" " + text + average),
        item.rate.map { rate in
          Node.el(
            "progress",
            [
              .attr("max", "1"), .value(String(format: "%.3f", rate)),
              .ariaLabel("\(item.name) adherence"),
            ],
            [.text("\(Int((rate * 100).rounded()))%")])
        } ?? .empty)
    }
    let menstruation = insights.menstruation
    let menstruationNode: Node
    if let during = menstruation.averageWhile, let otherwise = menstruation.averageOtherwise,
      let difference = menstruation.difference
    {
      let caption =
        abs(difference) < 0.1
        ? "Severity remains stable regardless of menstruation."
        : "Severity runs ~\(Wording.change(difference)) while menstruating."
      menstruationNode = AuralystCharts.bars(
        "chart-menstruation", title: "Menstruation impact", summary: caption,
        [
          ("Menstruating (\(menstruation.entriesWhile))", during, n(during)),
          ("Otherwise (\(menstruation.entriesOtherwise))", otherwise, n(otherwise)),
        ], range: 0...10)
    } else {
      menstruationNode = .p([.class("hint")], "Mark entries as menstruating, or not, to compare.")
    }
    let breakdown: Node =
      insights.symptomBreakdown.isEmpty
      ? .p([.class("hint")], "Log a few days to unlock trends.")
      : AuralystCharts.bars(
        "chart-symptoms", title: "Symptom breakdown",
        summary: insights.symptomBreakdown.map {
          "\($0.name) \(n($0.average)) over \(Wording.count($0.entries, "entry", "entries"))"
        }
        .joined(separator: "; ") + ".",
        insights.symptomBreakdown.map { ($0.name, $0.average, n($0.average)) }, range: 0...10)
    let usage: Node =
      insights.asNeededUsage.isEmpty
      ? .p([.class("hint")], "No as-needed doses in this window.")
      : AuralystCharts.bars(
        "chart-usage", title: "As-needed usage",
        summary: insights.asNeededUsage.map {
          "\($0.useCase): \($0.count) (\($0.medications.joined(separator: ", ")))"
        }.joined(separator: "; ") + ".",
        insights.asNeededUsage.map { ($0.useCase, Double($0.count), String($0.count)) },
        range: 0...Double(max(1, insights.asNeededUsage.map(\.count).max()!)))
    return .fragment([
      .section(
        [.class("auralyst-insights-cues")], .h2([.class("auralyst-amber")], "Gentle cues"),
        cues(insights.cues)),
      .section(
        [.class("card")], .h2("Average severity"), AuralystCharts.severity(insights.averageSeverity)
      ),
      .section([.class("card")], .h2("Hourly heatmap"), AuralystCharts.heatmap(insights.heatmap)),
      .section(
        [.class("card")], .h2("Medication effect"), effectChart,
        effects.isEmpty
          ? .empty
          : .p(
            [.class("hint")],
            .text(
              "Each bar is the average severity on days it was taken, less the average day: "
                + "below zero (lower) those days were milder, above zero (higher) they were worse."
            ))),
      .section(
        [.class("card")], .h2("Medication adherence"),
        insights.adherence.isEmpty
          ? .p([.class("hint")], "Add medications to follow how they are taken.")
          : .ul([.class("list auralyst-list")], .fragment(adherenceRows)),
        scheduled.isEmpty
          ? .empty
          : .p(
            [.class("hint")],
            "A dose counts as taken when it is checked off, or logged within 15 minutes of its time."
          )),
      .section([.class("card")], .h2("Menstruation impact"), menstruationNode),
      .section([.class("card")], .h2("Symptom breakdown"), breakdown),
      .section([.class("card")], .h2("As-needed usage"), usage),
      medicationDays(insights.medicationMonths),
      .section([.class("card")], .h2("Factors"), factorRelations(insights)),
    ])
  }

  /// Days with acute medication this month and the two before, with the usual lines in words,
  /// and a gentle note from 10 days: it says what clinicians watch for, and diagnoses nothing.
  package static func medicationDays(_ months: [MedicationMonth]) -> Node {
    guard let current = months.first else { return .empty }
    func name(_ month: String) -> String {
      guard let day = CalendarDay(month + "-01") else { return month }
      return "\(AuralystView.months[day.month - 1]) \(day.year)"
    }
    let earlier = months.dropFirst()
    return .section(
      [.class("card auralyst-medication-month"), .ariaLabel("Days with medication")],
      .h2("Days with medication"),
      .p(
        [.class("auralyst-medication-days")],
        .text("Days with medication this month: \(current.days)")),
      earlier.isEmpty
        ? .empty
        : .p(
          [.class("hint")],
          .text(
            earlier.map { "\(name($0.month)): \(Wording.count($0.days, "day", "days"))" }
              .joined(separator: " · "))),
      current.needsAttention
        ? .div(
          [.class("card auralyst-cue")],
          .p(
            .strong(
              .text(
                "That is \(current.days) days this month with medicine for pain or migraine."))),
          .p(
            .text(
              "Taking these on many days can itself keep headaches going. Doctors watch for "
                + "\(MedicationMonth.attentionDays) or more days a month of triptans or combination "
                + "painkillers, or \(MedicationMonth.simplePainkillerDays) or more of simple painkillers "
                + "such as paracetamol or ibuprofen. If it goes on, it may be worth talking it "
                + "over with your doctor.")))
        : .empty,
      .p(
        [.class("hint")],
        .text(
          "A day counts once however many doses it had: any dose logged as needed, or of an "
            + "as-needed medication, on its day in the journal's zone. Usual lines: "
            + "\(MedicationMonth.attentionDays) or more days a month for triptans or combination "
            + "painkillers, \(MedicationMonth.simplePainkillerDays) or more for simple painkillers."
        )))
  }
}
