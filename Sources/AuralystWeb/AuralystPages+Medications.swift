import AuralystCore
import Foundation
import HearthHTML
import HearthPlatform

extension AuralystPages {
  package static let dayLetters = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]

  package static func scheduleText(_ schedule: MedicationSchedule) -> String {
    let time = String(format: "%02d:%02d", schedule.hour, schedule.minute)
    let when: String
    switch schedule.cadence {
    case .weekdays(let days) where days.count == 7: when = "every day"
    case .weekdays(let days):
      when = days.sorted().map { dayLetters[$0 - 1] }.joined(separator: ", ")
    case .everyDays(let interval, let start):
      let from =
        CalendarDay(start).map {
          "\($0.day) \(AuralystView.months[$0.month - 1]) \($0.year)"
        } ?? start
      when = interval == 1 ? "every day from \(from)" : "every \(interval) days from \(from)"
    }
    let paused = schedule.isActive ? "" : " (paused)"
    return "\(schedule.label ?? "Dose") at \(time), \(when)\(paused)"
  }

  /// `supplies` are the counted ones, by medication id. `remindersOn` is whether the viewer gets
  /// dose reminders; nil for those who cannot log doses. `missedOn` is whether they hear of
  /// missed doses.
  public static func medications(
    _ context: PageContext, _ view: AuralystView, _ medications: [Medication],
    supplies: [String: MedicationSupply] = [:], remindersOn: Bool? = nil, missedOn: Bool = false
  ) -> String {
    let list: Node =
      medications.isEmpty
      ? .div(
        [.class("card auralyst-empty")], .h2("No medications yet"),
        .p("Add your first medication to start tracking doses and schedules."))
      : .ul(
        [.class("list auralyst-list"), .ariaLabel("Medications")],
        .fragment(
          medications.map { medication in
            .li(
              [.class("card auralyst-medication")],
              .h2(.text(medication.name)),
              .p(
                [.class("hint")],
                .text(
                  [
                    AuralystChrome.amount(medication.defaultAmount, medication.defaultUnit),
                    medication.isAsNeeded ? "As needed" : "Scheduled",
                    medication.useCase.map { "for \($0)" } ?? "",
                  ].filter { !$0.isEmpty }.joined(separator: " · "))),
              medication.isAsNeeded
                ? .empty
                : .ul(
                  .fragment(
                    (medication.schedules.isEmpty
                      ? [Node.li("Daily at 08:00 (no doses set)")]
                      : medication.schedules.map { Node.li(.text(scheduleText($0))) }))),
              medication.notes.map { Node.p(.text($0)) } ?? .empty,
              supply(view, medication, supplies[medication.id]),
              view.canEdit(medication.authorID)
                ? .a([.href("\(view.path)/medications/\(medication.id)")], "Edit") : .empty)
          }))
    return AuralystChrome.page(
      context, view, title: "Medications", current: "/medications",
      [
        .h1("Medications"),
        view.canWrite
          ? .p(
            .a([.class("button primary"), .href(view.path + "/medications/new")], "Add medication"))
          : .empty,
        .section([.id("auralyst-live")], list),
        remindersOn.map { doseReminders(view, on: $0, missedOn: missedOn) } ?? .empty,
      ])
  }

  package static func doseReminders(_ view: AuralystView, on: Bool, missedOn: Bool) -> Node {
    var checkbox: [Attribute] = [
      .type("checkbox"), .name("enabled"), .data("type", "bool"), .id("dose-reminders"),
      .attr("aria-describedby", "dose-reminders-hint"),
    ]
    if on { checkbox.append(.checked) }
    var missed: [Attribute] = [
      .type("checkbox"), .name("missedDoses"), .data("type", "bool"), .id("missed-doses"),
      .attr("aria-describedby", "dose-reminders-hint"),
    ]
    if missedOn { missed.append(.checked) }
    let grace = Int(view.journal.doseGrace / 60)
    return .form(
      [
        .class("card auralyst-dose-reminders"), .data("auralyst-form", "dose-reminders"),
        .data("api", "\(view.api)/dose-reminders"), .data("method", "PUT"), .data("keep", ""),
        .ariaLabel("Dose reminders"),
      ],
      .h2("Dose reminders"),
      .div(
        [.class("field checkbox")], .label(.el("input", checkbox), " Remind me when a dose is due")),
      .div(
        [.class("field checkbox")],
        .label(
          .el("input", missed),
          " Tell me when a dose is not logged within \(Wording.count(grace, "minute", "minutes"))")
      ),
      .p(
        [.class("hint"), .id("dose-reminders-hint")],
        "A notification at each scheduled dose, with Taken and Snooze 10 min buttons. ",
        .a([.href("/account/notifications")], "Choose where notifications reach you"), "."),
      .p([.class("form-error"), .role("alert"), .hidden]),
      .button([.type("submit"), .class("button secondary")], "Save"))
  }

  /// "Add medication" (nil) or "Edit medication", with its supply if it is counted.
  public static func medicationEditor(
    _ context: PageContext, _ view: AuralystView, _ medication: Medication?,
    supply: MedicationSupply? = nil
  ) -> String {
    let title = medication == nil ? "Add medication" : "Edit medication"
    let api = medication.map { "\(view.api)/medications/\($0.id)" } ?? "\(view.api)/medications"
    func text(
      _ id: String, _ label: String, _ name: String, _ value: String?, required: Bool = false
    )
      -> Node
    {
      var attributes: [Attribute] = [.id(id), .name(name), .type("text"), .value(value ?? "")]
      if required { attributes += [.required, .maxlength(120)] }
      return AuralystChrome.field(id, label, .el("input", attributes))
    }
    var asNeeded: [Attribute] = [
      .type("checkbox"), .name("isAsNeeded"), .data("type", "bool"), .id("med-as-needed"),
    ]
    if medication?.isAsNeeded == true { asNeeded.append(.checked) }
    let schedules = medication?.schedules ?? []
    let start =
      medication.map { $0.firstDay(in: view.clock) } ?? view.today
    return AuralystChrome.page(
      context, view, title: title, current: "/medications",
      [
        .h1(.text(title)),
        .form(
          [
            .class("card auralyst-medication-editor"), .data("auralyst-form", "medication"),
            .data("api", api), .data("method", medication == nil ? "POST" : "PATCH"),
            .data("then", view.path + "/medications"), .ariaLabel(title),
          ],
          .fieldset(
            .legend("Medication details"),
            text("med-name", "Name", "name", medication?.name, required: true),
            .div([.class("field checkbox")], .label(.el("input", asNeeded), " As needed")),
            AuralystChrome.field(
              "med-amount", "Default amount",
              .input(
                .id("med-amount"), .name("defaultAmount"), .type("number"), .attr("step", "any"),
                .attr("min", "0"), .data("type", "number"),
                .value(medication?.defaultAmount.map { AuralystChrome.amount($0, nil) } ?? ""))),
            text("med-unit", "Unit (e.g., mg, ml)", "defaultUnit", medication?.defaultUnit),
            text("med-use", "Use Case (e.g., pain, sleep)", "useCase", medication?.useCase),
            AuralystChrome.field(
              "med-start", "Start date",
              .input(
                .id("med-start"), .name("startDate"), .type("date"),
                .attr("aria-describedby", "med-start-hint"),
                .value(start.map { CalendarDay(daysSince1970: $0).description } ?? ""))),
            .p(
              [.class("hint"), .id("med-start-hint")],
              "Doses count toward adherence from this day."),
            AuralystChrome.field(
              "med-notes", "Notes",
              .textarea([.id("med-notes"), .name("notes")], .text(medication?.notes ?? "")))),
          supplyFields(view, medication, supply),
          .fieldset(
            [.data("auralyst-schedules", ""), .class("auralyst-schedules")],
            .legend("Schedule"),
            .p(
              [.class("hint")],
              "Add one or more doses: what, when, how often, and whether you are reminded. A scheduled medication with none is one daily dose at 08:00."
            ),
            .div(
              [.data("auralyst-rows", "")],
              .fragment(schedules.enumerated().map { scheduleRow($0.offset, $0.element) })),
            .el("template", [.data("auralyst-row-template", "")], [scheduleRow(-1, nil)]),
            .button(
              [.type("button"), .class("button secondary"), .data("auralyst-add-row", "")],
              "Add dose")),
          .p([.class("form-error"), .role("alert"), .hidden]),
          .button([.type("submit"), .class("button primary")], "Save")),
        medication.map { medication in
          Node.button(
            [
              .type("button"), .class("button danger"),
              .data("auralyst-delete", "\(view.api)/medications/\(medication.id)"),
              .data("confirm", "Delete medication? This removes it and every dose logged for it."),
              .data("then", view.path + "/medications"),
            ], "Delete medication")
        } ?? .empty,
      ])
  }
}
