import AuralystCore
import Foundation
import HearthHTML

/// A scheduled dose in the medication editor, in four steps (what, when, how often, reminders),
/// each a fieldset with its legend: stacked on a phone, two by two on a wider screen.
/// auralyst.mjs reads the rows into `schedules` by their `data-field`s.
extension AuralystPages {
  package static func scheduleRow(_ index: Int, _ schedule: MedicationSchedule?) -> Node {
    let key = index < 0 ? "new" : String(index)
    var days: Set<Int> = Set(1...7)
    var interval: Int?
    var start = schedule?.startDay
    if let schedule {
      switch schedule.cadence {
      case .weekdays(let set): days = set
      case .everyDays(let every, let first):
        interval = every
        start = first
      }
    }
    let time = schedule.map { String(format: "%02d:%02d", $0.hour, $0.minute) } ?? "08:00"
    return .fieldset(
      [
        .class("auralyst-schedule-row"), .data("auralyst-row", ""), .data("id", schedule?.id ?? ""),
      ],
      .legend(
        [.data("auralyst-row-title", "")], .text(index < 0 ? "New dose" : "Dose \(index + 1)")),
      .div(
        [.class("auralyst-steps")],
        step(
          "1. What", [.class("auralyst-step")],
          input(
            "dose-label-\(key)", "Label (e.g., Morning)", field: "label",
            value: schedule?.label ?? ""),
          .div(
            [.class("auralyst-pair")],
            input(
              "dose-amount-\(key)", "Amount", field: "amount", type: "number",
              value: schedule?.amount.map { AuralystChrome.amount($0, nil) } ?? "",
              extra: [.attr("step", "any"), .attr("min", "0"), .inputmode("decimal")]),
            input("dose-unit-\(key)", "Unit", field: "unit", value: schedule?.unit ?? ""))),
        step(
          "2. When", [.class("auralyst-step")],
          input(
            "dose-time-\(key)", "Time", field: "time", type: "time", value: time,
            extra: [.required]),
          input(
            "dose-start-\(key)", "Starting (blank: from the medication's start)",
            field: "startDate", type: "date", value: start ?? "")),
        step(
          "3. How often", [.class("auralyst-step auralyst-cadence")],
          cadenceChoice(key, everyFewDays: interval != nil),
          .fieldset(
            [.class("auralyst-days"), .data("cadence", "days")], .legend("Days of the week"),
            .fragment(
              (1...7).map { day in
                var attributes: [Attribute] = [.type("checkbox"), .data("day", String(day))]
                if days.contains(day) && interval == nil { attributes.append(.checked) }
                return .label(
                  [.class("auralyst-day")], .el("input", attributes),
                  .text(" " + dayLetters[day - 1]))
              })),
          .div(
            [.data("cadence", "every")],
            input(
              "dose-every-\(key)", "Every how many days (1 to 365)", field: "everyDays",
              type: "number", value: interval.map(String.init) ?? "",
              extra: [.attr("min", "1"), .attr("max", "365"), .inputmode("numeric")]))),
        step(
          "4. Reminders", [.class("auralyst-step")], activeBox(key, schedule?.isActive ?? true))),
      .button(
        [.type("button"), .class("button link danger"), .data("auralyst-remove-row", "")],
        "Remove this dose"))
  }

  private static func step(_ legend: String, _ attributes: [Attribute], _ children: Node...)
    -> Node
  {
    .element("fieldset", attributes, [.legend(.text(legend))] + children)
  }

  private static func input(
    _ id: String, _ label: String, field: String, type: String = "text", value: String,
    extra: [Attribute] = []
  ) -> Node {
    AuralystChrome.field(
      id, label,
      .element(
        "input", [.id(id), .type(type), .data("field", field), .value(value)] + extra, []))
  }

  /// Weekdays or every N days: radios, so that only one of the two is ever sent.
  private static func cadenceChoice(_ key: String, everyFewDays: Bool) -> Node {
    func radio(_ value: String, _ label: String, checked: Bool) -> Node {
      var attributes: [Attribute] = [
        .type("radio"), .name("cadence-\(key)"), .value(value), .data("field", "cadence"),
      ]
      if checked { attributes.append(.checked) }
      return .label([.class("auralyst-choice")], .el("input", attributes), .text(" " + label))
    }
    return .div(
      [.class("auralyst-choices")],
      radio("days", "On days of the week", checked: !everyFewDays),
      radio("every", "Every few days", checked: everyFewDays))
  }

  private static func activeBox(_ key: String, _ isActive: Bool) -> Node {
    var attributes: [Attribute] = [
      .type("checkbox"), .data("field", "isActive"), .id("dose-active-\(key)"),
      .attr("aria-describedby", "dose-active-\(key)-hint"),
    ]
    if isActive { attributes.append(.checked) }
    return .fragment([
      .div(
        [.class("field checkbox")], .label(.el("input", attributes), " Active: remind me of it")),
      .p(
        [.class("hint"), .id("dose-active-\(key)-hint")],
        "A paused dose is neither reminded nor counted as due."),
    ])
  }
}
