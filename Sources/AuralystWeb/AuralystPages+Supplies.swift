import AuralystCore
import Foundation
import HearthHTML

/// What is on hand of a medication: on the Medications page with its refill form, and set in
/// the medication's editor.
extension AuralystPages {
  /// A medication's supply on the Medications page (where refill notices lead, by its id);
  /// for those who log doses, the refill form.
  package static func supply(
    _ view: AuralystView, _ medication: Medication, _ supply: MedicationSupply?
  )
    -> Node
  {
    guard let supply else {
      return view.canEdit(medication.authorID)
        ? .p(
          [.class("hint")], "Not counted: edit it to count what is on hand and hear when to refill."
        )
        : .empty
    }
    let words = [
      "\(supply.quantity(supply.onHand)) on hand",
      supply.refillAt.map { "refill at \(supply.quantity($0))" },
    ].compactMap { $0 }.joined(separator: " · ")
    let id = "refill-\(medication.id)"
    var amount: [Attribute] = [
      .id(id), .name("amount"), .type("number"), .attr("step", "any"), .attr("min", "0"),
      .inputmode("decimal"), .data("type", "number"), .required,
      .value(supply.refillAmount.map { AuralystChrome.amount($0, nil) } ?? ""),
    ]
    if supply.isLow { amount.append(.attr("aria-describedby", "supply-\(medication.id)-low")) }
    return .div(
      [
        .class(supply.isLow ? "auralyst-supply auralyst-warning" : "auralyst-supply"),
        .id("supply-\(medication.id)"),
      ],
      .p(.strong(.text(words))),
      supply.isLow
        ? .p(
          [.class("auralyst-amber"), .id("supply-\(medication.id)-low")],
          "Running low. Get a refill, then record it here.")
        : .empty,
      view.canWrite
        ? .form(
          [
            .class("auralyst-refill"), .data("auralyst-form", "refill"),
            .data("api", "\(view.api)/medications/\(medication.id)/refill"),
            .data("method", "POST"), .ariaLabel("Refill \(medication.name)"),
          ],
          AuralystChrome.field(
            id, "Refill amount (\(supply.unit ?? "doses"))", .el("input", amount)),
          .button([.type("submit"), .class("button secondary")], "Record refill"),
          .p([.class("form-error"), .role("alert"), .hidden]))
        : .empty)
  }

  /// The editor's Supply step: what is on hand, when to hear of it, what a refill adds, the
  /// unit. Only the fields changed are sent, so saving other edits leaves the count as doses
  /// have left it.
  package static func supplyFields(
    _ view: AuralystView, _ medication: Medication?, _ supply: MedicationSupply?
  ) -> Node {
    func number(_ name: String, _ label: String, _ value: Double?, hint: String) -> Node {
      let id = "supply-\(name.lowercased())"
      return AuralystChrome.field(
        id, label,
        .input(
          .id(id), .name("supply.\(name)"), .type("number"), .attr("step", "any"),
          .attr("min", "0"), .inputmode("decimal"), .data("type", "number"),
          .attr("aria-describedby", "\(id)-hint"),
          .value(value.map { AuralystChrome.amount($0, nil) } ?? "")), hint: hint)
    }
    return .fieldset(
      [.class("auralyst-supply-fields"), .data("auralyst-supply", "")],
      .legend("Supply"),
      .p(
        [.class("hint")],
        "Count what is on hand to hear, once, when it is time to refill. A dose taken takes its amount when it is logged in the supply's unit, otherwise one; a skipped dose takes nothing."
      ),
      number(
        "onHand", "On hand now", supply?.onHand,
        hint: "Doses logged as taken before you count are not taken from it."),
      number(
        "refillAt", "Tell me to refill at", supply?.refillAt,
        hint: "You, and caregivers who get dose reminders, hear once when it gets this low."),
      number(
        "refillAmount", "A refill adds", supply?.refillAmount,
        hint: "What Refilled on the notice adds; blank: as much as you count now."),
      AuralystChrome.field(
        "supply-unit", "Counted in",
        .input(
          .id("supply-unit"), .name("supply.unit"), .type("text"), .attr("maxlength", "40"),
          .attr("aria-describedby", "supply-unit-hint"), .value(supply?.unit ?? "")),
        hint: "Tablets, ml...; blank: the medication's unit."),
      supply != nil && medication != nil
        ? .button(
          [
            .type("button"), .class("button secondary"),
            .data("auralyst-delete", "\(view.api)/medications/\(medication?.id ?? "")/supply"),
            .data("confirm", "Stop counting? What is on hand is forgotten; doses stay logged."),
            .data("then", view.path + "/medications"),
          ], "Stop counting")
        : .empty)
  }
}
