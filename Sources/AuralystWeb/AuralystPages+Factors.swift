import AuralystCore
import Foundation
import HearthHTML
import HearthPlatform

extension AuralystPages {
  package static let kindNames: [(Factor.Kind, String)] = [
    (.number, "Number (e.g., sleep hours)"), (.scale, "1 to 5 (e.g., mood)"),
    (.yesNo, "Yes or no (e.g., red wine)"), (.tags, "Tags (e.g., triggers)"),
  ]

  package static func kindName(_ kind: Factor.Kind) -> String {
    kindNames.first { $0.0 == kind }?.1 ?? kind.rawValue
  }

  /// The journal's factors: what they are, a form to add one, and rename or delete for those
  /// who may.
  public static func factors(
    _ context: PageContext, _ view: AuralystView, _ factors: [Factor]
  ) -> String {
    let list: Node =
      factors.isEmpty
      ? .div(
        [.class("card auralyst-empty")], .h2("No factors yet"),
        .p("Track what might matter beside symptoms: sleep, mood, triggers, what the day held."))
      : .ul(
        [.class("list auralyst-list"), .ariaLabel("Factors")],
        .fragment(factors.map { factorRow(view, $0) }))
    var kinds: [Node] = []
    for (kind, name) in kindNames {
      kinds.append(.el("option", [.value(kind.rawValue)], [.text(name)]))
    }
    let add: Node =
      view.canWrite
      ? .form(
        [
          .class("card"), .data("auralyst-form", "factor"), .data("api", "\(view.api)/factors"),
          .data("method", "POST"), .ariaLabel("Add factor"),
        ],
        .h2("Add factor"),
        AuralystChrome.field(
          "factor-name", "Name",
          .input(.id("factor-name"), .name("name"), .type("text"), .required, .maxlength(60))),
        AuralystChrome.field(
          "factor-kind", "Kind", .select([.id("factor-kind"), .name("kind")], .fragment(kinds))),
        AuralystChrome.field(
          "factor-unit", "Unit (numbers only, e.g., hours)",
          .input(.id("factor-unit"), .name("unit"), .type("text"), .maxlength(20))),
        .p([.class("form-error"), .role("alert"), .hidden]),
        .button([.type("submit"), .class("button primary")], "Add factor"))
      : .empty
    return AuralystChrome.page(
      context, view, title: "Factors", current: "/factors",
      [
        .h1("Factors"),
        .p(
          [.class("hint")],
          "Log a factor on a day's page. Insights compare each with that day's severity."),
        .section([.id("auralyst-live")], list), add,
      ])
  }

  package static func factorRow(_ view: AuralystView, _ factor: Factor) -> Node {
    let kind = kindName(factor.kind) + (factor.unit.map { ", in \($0)" } ?? "")
    guard view.canEdit(factor.authorID) else {
      return .li([.class("card")], .h2(.text(factor.name)), .p([.class("hint")], .text(kind)))
    }
    let id = "rename-\(factor.id)"
    return .li(
      [.class("card")],
      .form(
        [
          .data("auralyst-form", "rename-factor"), .data("keep", ""),
          .data("api", "\(view.api)/factors/\(factor.id)"), .data("method", "PATCH"),
          .ariaLabel("Rename \(factor.name)"),
        ],
        AuralystChrome.field(
          id, "Name",
          .input(
            .id(id), .name("name"), .type("text"), .required, .maxlength(60),
            .value(factor.name))),
        .p([.class("hint")], .text(kind)),
        .p([.class("form-error"), .role("alert"), .hidden]),
        .button([.type("submit"), .class("button secondary")], "Rename")),
      .button(
        [
          .type("button"), .class("button link danger"),
          .data("auralyst-delete", "\(view.api)/factors/\(factor.id)"),
          .data("confirm", "Delete \(factor.name)? This removes every day's value of it."),
          .ariaLabel("Delete \(factor.name)"),
        ], "Delete factor"))
  }

  /// A day's factors, each with its value and, for writers, a form to set or clear it.
  package static func dayFactors(
    _ view: AuralystView, day: Int, factors: [Factor], values: [FactorValue]
  ) -> Node {
    guard !factors.isEmpty else {
      return .p(
        [.class("hint")],
        view.canWrite
          ? .fragment([
            "No factors yet. ", .a([.href("\(view.path)/factors")], "Add one"),
            " to track sleep, mood or triggers.",
          ]) : "No factors tracked.")
    }
    let date = CalendarDay(daysSince1970: day).description
    let byFactor = Dictionary(
      values.map { ($0.factorID, $0) }, uniquingKeysWith: { first, _ in first })
    return .ul(
      [.class("list auralyst-list"), .ariaLabel("Factors")],
      .fragment(
        factors.map { factor in
          let value = byFactor[factor.id]
          let shown = value.map { valueText(factor, $0) } ?? "Not logged"
          let editable = view.canWrite && (value.map { view.canEdit($0.authorID) } ?? true)
          guard editable else {
            return .li(
              [.class("card auralyst-factor")], .strong(.text(factor.name)), .text(": " + shown))
          }
          return .li(
            [.class("card auralyst-factor")],
            .form(
              [
                .data("auralyst-form", "factor-value"), .data("keep", ""),
                .data("api", "\(view.api)/factors/\(factor.id)/days/\(date)"),
                .data("method", "PUT"), .data("then", "\(view.path)/days/\(date)"),
                .ariaLabel("\(factor.name) on this day"),
              ],
              factorControl(factor, value),
              .p([.class("form-error"), .role("alert"), .hidden]),
              .button([.type("submit"), .class("button secondary")], "Save")),
            value == nil
              ? .empty
              : .button(
                [
                  .type("button"), .class("button link danger"),
                  .data("auralyst-delete", "\(view.api)/factors/\(factor.id)/days/\(date)"),
                  .data("then", "\(view.path)/days/\(date)"),
                  .ariaLabel("Clear \(factor.name) for this day"),
                ], "Clear"))
        }))
  }

  package static func valueText(_ factor: Factor, _ value: FactorValue) -> String {
    switch factor.kind {
    case .yesNo: return value.number == 1 ? "Yes" : "No"
    case .tags: return (value.tags ?? []).joined(separator: ", ")
    case .scale: return "\(AuralystChrome.amount(value.number, nil)) of 5"
    case .number: return AuralystChrome.amount(value.number, factor.unit)
    }
  }

  /// The control for a factor's value. `quick`: in the quick-add, named for auralyst.mjs to
  /// send with the entry ("factor.<id>.number"), optional, and with no value chosen.
  package static func factorControl(_ factor: Factor, _ value: FactorValue?, quick: Bool = false)
    -> Node
  {
    let id = (quick ? "quick-factor-" : "factor-") + factor.id
    func name(_ field: String) -> String { quick ? "factor.\(factor.id).\(field)" : field }
    switch factor.kind {
    case .number:
      var attributes: [Attribute] = [
        .id(id), .name(name("number")), .type("number"), .attr("step", "any"),
        .data("type", "number"),
        .value(value?.number.map { AuralystChrome.amount($0, nil) } ?? ""),
      ]
      if !quick { attributes.append(.required) }
      return AuralystChrome.field(
        id, factor.name + (factor.unit.map { " (\($0))" } ?? ""), .el("input", attributes))
    case .scale:
      var options: [Node] = quick ? [.el("option", [.value("")], ["Not logged"])] : []
      for level in 1...5 {
        var attributes: [Attribute] = [.value(String(level))]
        if value?.number == Double(level) { attributes.append(.selected) }
        options.append(.el("option", attributes, [.text(String(level))]))
      }
      return AuralystChrome.field(
        id, "\(factor.name) (1 to 5)",
        .select([.id(id), .name(name("number")), .data("type", "int")], .fragment(options)))
    case .yesNo:
      let choices: [Node] = [("true", "Yes"), ("false", "No")].map { choice, label in
        var attributes: [Attribute] = [
          .type("radio"), .name(name("present")), .value(choice), .data("type", "yesno"),
        ]
        if let value, (value.number == 1) == (choice == "true") { attributes.append(.checked) }
        return .label([.class("auralyst-choice")], .el("input", attributes), .text(" " + label))
      }
      return .fieldset(
        [.class("auralyst-choices")], .legend(.text(factor.name)), .fragment(choices))
    case .tags:
      var attributes: [Attribute] = [
        .id(id), .name(name("tags")), .type("text"), .data("type", "tags"),
        .value((value?.tags ?? []).joined(separator: ", ")),
      ]
      if !quick { attributes.append(.required) }
      return AuralystChrome.field(
        id, "\(factor.name) (separate with commas)", .el("input", attributes))
    }
  }

  /// Insights' factor block: each relation with what it rests on, and its cue only when there
  /// are enough days.
  package static func factorRelations(_ insights: Insights) -> Node {
    guard !insights.factors.isEmpty else {
      return .p([.class("hint")], "Add factors and log them on days with entries to compare.")
    }
    let rows: [Node] = insights.factors.map { relation in
      let title = relation.tag.map { "\(relation.name): \($0)" } ?? relation.name
      var facts: String
      if let pairedDays = relation.pairedDays {
        facts =
          relation.correlation.map { rho in
            "Rank correlation with severity \(rhoText(rho))"
          } ?? "No correlation: the values or severities did not vary"
        facts += " (\(relation.evidence))."
        if !relation.isEnough {
          facts +=
            " Not enough yet: a cue needs at least \(Insights.minimumPairedDays) days, "
            + "\(Insights.minimumPairedDays - pairedDays) more."
        }
      } else {
        let with = relation.averageWith.map(Wording.oneDecimal) ?? "–"
        let without = relation.averageWithout.map(Wording.oneDecimal) ?? "–"
        facts = "Average severity \(with) with, \(without) without (\(relation.evidence))."
        if !relation.isEnough {
          facts +=
            " Not enough yet: a cue needs at least \(Insights.minimumDaysEachSide) days on each side."
        }
      }
      let cues = relation.columns.compactMap(\.cue)
      return .li(
        [.class("card auralyst-factor-relation")], .h3(.text(title)),
        cues.isEmpty
          ? (relation.isEnough ? .p("No clear relation.") : .empty)
          : .fragment(cues.map { Node.p(.strong(.text($0))) }),
        lagTable(relation, title: title),
        .p([.class("hint")], .text(facts)))
    }
    return .fragment([
      .ul([.class("list auralyst-list")], .fragment(rows)),
      .p(
        [.class("hint")],
        .text(
          "Each factor is compared with the average severity of the same day, the next day and "
            + "two days later. Numbers and 1-5 ratings use Spearman's rank correlation (−1 to 1). "
            + "Yes/no and tags compare days marked with the other days with entries (a day not "
            + "marked counts as without). A relation is not a cause."
        )),
    ])
  }

  package static func rhoText(_ rho: Double) -> String {
    let size = String(format: "%.2f", abs(rho))
    return "\(rho < 0 && size != "0.00" ? "−" : "")\(size)"
  }

  /// The same day, the next and two days later side by side: a correlation and its days, or
  /// the average severity with and without.
  package static func lagTable(_ relation: Insights.FactorRelation, title: String) -> Node {
    let columns = relation.columns
    func row(_ name: String, _ cell: (Insights.Lagged) -> String) -> Node {
      .tr(.th([.scope("row")], .text(name)), .fragment(columns.map { .td(.text(cell($0))) }))
    }
    let body: [Node] =
      relation.pairedDays != nil
      ? [
        row("Rank correlation") { $0.correlation.map(rhoText) ?? "–" },
        row("Days paired") { "\($0.pairedDays ?? 0)" + ($0.isEnough ? "" : " (too few)") },
      ]
      : [
        row("With") { column in
          column.averageWith.map {
            "\(Wording.oneDecimal($0)) (\(Wording.count(column.daysWith ?? 0, "day", "days")))"
          } ?? "–"
        },
        row("Without") { column in
          column.averageWithout.map {
            "\(Wording.oneDecimal($0)) (\(Wording.count(column.daysWithout ?? 0, "day", "days")))"
          }
            ?? "–"
        },
      ]
    return TableScroll.node(
      "\(title) against severity",
      .table(
        [.class("auralyst-lag-table")],
        .thead(
          .tr(
            .td(.empty), .th([.scope("col")], "Same day"), .th([.scope("col")], "Next day"),
            .th([.scope("col")], "Two days later"))),
        .tbody(.fragment(body))))
  }
}
