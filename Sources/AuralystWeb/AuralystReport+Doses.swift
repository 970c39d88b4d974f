import AuralystCore
import Foundation
import HearthHTML
import HearthPlatform

/// The report's medications, with how their doses went, and its dose log, dose by dose.
extension AuralystPages {
  package static func medicationsSection(_ view: AuralystView, _ report: JournalReport)
    -> ReportSection
  {
    let log = report.doseLog
    let rows: [Node] = report.medications.map { medication in
      let schedule =
        medication.isAsNeeded
        ? "As needed" + (medication.useCase.map { ", for \($0)" } ?? "")
        : medication.doses.filter(\.isActive).map(scheduleText).joined(separator: "; ")
      let amount = AuralystChrome.amount(medication.defaultAmount, medication.defaultUnit)
      let counts: [String]
      if medication.isAsNeeded {
        let logged = log.unscheduled.count {
          $0.medicationID == medication.id && $0.status != .skipped
        }
        counts = ["—", String(logged), "—", "—", "—"]
      } else {
        let due = log.doses.count { $0.medicationID == medication.id }
        counts =
          [String(due)]
          + [DoseLog.Dose.State.taken, .late, .skipped, .missed].map {
            String(log.count($0, of: medication.id))
          }
      }
      return .tr(
        .th([.scope("row")], .text(medication.name)),
        .td(
          [.class("auralyst-prose")],
          .text([schedule, amount].filter { !$0.isEmpty }.joined(separator: " · "))),
        .fragment(counts.map { Node.td([.class("auralyst-number")], .text($0)) }))
    }
    let waiting = log.doses.count { $0.state == .due }
    return ReportSection(
      id: "medications", title: "Medications",
      body: rows.isEmpty
        ? [.p("No medications.")]
        : [
          table(
            "Medications and their doses",
            head: ["Medication", "Schedule", "Due", "Taken", "Late", "Skipped", "Missed"],
            rows: rows),
          .p(
            [.class("hint")],
            .text(
              "Taken: logged in time; late: taken after the journal's grace period of "
                + "\(Wording.count(Int(view.journal.doseGrace / 60), "minute", "minutes")); "
                + "missed: not logged by then."
                + (waiting == 0
                  ? ""
                  : " \(Wording.count(waiting, "dose is", "doses are")) still within it."))),
        ])
  }

  package static func doseLogSection(_ view: AuralystView, _ report: JournalReport) -> ReportSection
  {
    let names = Dictionary(
      report.medications.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    var rows: [(time: Date, node: Node)] = []
    for dose in report.doseLog.doses {
      guard let medication = names[dose.medicationID] else { continue }
      let schedule = medication.doses.first { $0.id == dose.scheduleID }
      let amount = AuralystChrome.amount(
        dose.intake?.amount ?? schedule?.amount ?? medication.defaultAmount,
        dose.intake?.unit ?? schedule?.unit ?? medication.defaultUnit)
      let logged =
        dose.intake.map { loggedTime(view, report, $0, dueDay: dose.day.daysSince1970) } ?? ""
      let outcome =
        switch dose.state {
        case .taken: "Taken at \(logged)"
        case .late: "Taken late, at \(logged)"
        case .skipped: "Skipped"
        case .missed: "Missed"
        case .due: "Not logged yet"
        }
      rows.append(
        (
          dose.time,
          doseRow(
            when: "\(tableDay(report, dose.day.daysSince1970)), \(view.time(dose.time))",
            medication: medication.name + (schedule?.label.map { " (\($0))" } ?? ""),
            amount: amount, outcome: outcome, state: dose.state.rawValue,
            note: dose.intake?.note)
        ))
    }
    for intake in report.doseLog.unscheduled {
      guard let medication = names[intake.medicationID] else { continue }
      let outcome =
        switch (intake.status, intake.origin) {
        case (.skipped, _): "Skipped"
        case (.late, _): "Taken late"
        case (nil, .asNeeded): "Taken as needed"
        case (nil, .scheduled): "Taken, beside its schedule"
        }
      rows.append(
        (
          intake.timestamp,
          doseRow(
            when: tableDay(report, view.day(of: intake.timestamp, madeIn: intake.timeZone)) + ", "
              + view.time(intake.timestamp, madeIn: intake.timeZone),
            medication: medication.name,
            amount: AuralystChrome.amount(
              intake.amount ?? medication.defaultAmount, intake.unit ?? medication.defaultUnit),
            outcome: outcome, state: intake.status?.rawValue ?? "taken", note: intake.note)
        ))
    }
    return ReportSection(
      id: "doses", title: "Dose log",
      body: rows.isEmpty
        ? [.p("No doses were due or logged in this period.")]
        : [
          table(
            "Every dose of the period",
            head: ["When", "Medication", "Dose", "What happened", "Note"],
            rows: rows.sorted { $0.time < $1.time }.map(\.node))
        ])
  }

  /// When an intake was logged, with its day when that is not the dose's.
  package static func loggedTime(
    _ view: AuralystView, _ report: JournalReport, _ intake: MedicationIntake, dueDay: Int
  ) -> String {
    let day = view.day(of: intake.timestamp, madeIn: intake.timeZone)
    let time = view.time(intake.timestamp, madeIn: intake.timeZone)
    return day == dueDay ? time : "\(time) on \(tableDay(report, day))"
  }

  package static func doseRow(
    when: String, medication: String, amount: String, outcome: String, state: String,
    note: String?
  ) -> Node {
    .tr(
      [.class("auralyst-dose-\(state)")], .td([.class("auralyst-when")], .text(when)),
      .td(.text(medication)), .td([.class("auralyst-nowrap")], .text(amount)),
      .td(state == "missed" || state == "skipped" ? .strong(.text(outcome)) : .text(outcome)),
      .td([.class("auralyst-prose")], .text(note ?? "")))
  }
}
