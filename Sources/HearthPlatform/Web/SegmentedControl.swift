import HearthHTML

/// One choice out of a few, shown as joined buttons: radios under the hood, so forms and keyboards
/// treat it as the choice it is.
public struct SegmentedControl: Sendable {
  public var name: String
  public var legend: String
  public var choices: [(value: String, title: String)]
  public var selected: String?
  public var id: String

  public init(
    name: String, legend: String, choices: [(value: String, title: String)], selected: String?,
    id: String? = nil
  ) {
    self.name = name
    self.legend = legend
    self.choices = choices
    self.selected = selected
    self.id = id ?? name
  }

  public var node: Node {
    .fieldset(
      [.class("segmented"), .id(id)],
      .legend(.text(legend)),
      .div(
        [.class("segments")],
        .fragment(
          choices.map { choice in
            .label(
              .input(
                .type("radio"), .name(name), .value(choice.value),
                .flag("checked", choice.value == selected)),
              .span(.text(choice.title)))
          })))
  }
}
