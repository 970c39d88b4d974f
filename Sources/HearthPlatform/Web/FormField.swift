import HearthHTML

/// A labelled input with an optional hint and error, wired up with `aria-describedby`.
public struct FormField: Equatable, Sendable {
  public var name: String
  public var label: String
  public var type: String
  public var value: String?
  public var hint: String?
  public var error: String?
  public var isRequired: Bool
  /// The element id; defaults to the name. Must be unique on the page.
  public var id: String
  /// More attributes for the `<input>`, such as `.autocomplete("email")`.
  public var attributes: [Attribute]

  public init(
    name: String, label: String, type: String = "text", value: String? = nil,
    hint: String? = nil, error: String? = nil, required: Bool = false, id: String? = nil,
    attributes: [Attribute] = []
  ) {
    self.name = name
    self.label = label
    self.type = type
    self.value = value
    self.hint = hint
    self.error = error
    self.isRequired = required
    self.id = id ?? name
    self.attributes = attributes
  }

  public var hintID: String { id + "-hint" }
  public var errorID: String { id + "-error" }

  public var node: Node {
    let describedBy = (hint == nil ? [] : [hintID]) + (error == nil ? [] : [errorID])
    let input = Node.element(
      "input",
      [
        .id(id), .type(type), .name(name), .optional("value", value), .flag("required", isRequired),
        .ariaDescribedBy(describedBy), .ariaInvalid(error != nil),
      ] + attributes, [])
    return .div(
      [.class(error == nil ? "field" : "field has-error")],
      .label(
        [.for(id)], .text(label), isRequired ? .empty : .span([.class("optional")], " (optional)")),
      hint.map { Node.p([.class("hint"), .id(hintID)], .text($0)) } ?? .empty,
      error.map { Node.p([.class("field-error"), .id(errorID)], .text($0)) } ?? .empty,
      input)
  }
}
