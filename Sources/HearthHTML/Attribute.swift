/// One attribute of an element. Values are escaped when rendered; names are reduced to safe
/// characters. A boolean attribute renders as its bare name when on and not at all when off.
public struct Attribute: Equatable, Sendable {
  public enum Value: Equatable, Sendable {
    case text(String)
    /// A boolean attribute that is on: `required`, `hidden`...
    case present
    /// Not rendered at all; lets a view decide an attribute inline.
    case absent
  }

  public var name: String
  public var value: Value

  public init(_ name: String, _ value: String) {
    self.name = name
    self.value = .text(value)
  }

  public init(name: String, value: Value) {
    self.name = name
    self.value = value
  }

  /// An attribute that is left out when `value` is nil.
  public static func optional(_ name: String, _ value: String?) -> Attribute {
    Attribute(name: name, value: value.map(Value.text) ?? .absent)
  }

  /// A boolean attribute such as `required`, on when `on` is true.
  public static func flag(_ name: String, _ on: Bool = true) -> Attribute {
    Attribute(name: name, value: on ? .present : .absent)
  }

  package func render(into output: inout String) {
    switch value {
    case .absent:
      return
    case .present:
      output += " " + HTML.safeName(name)
    case .text(let text):
      output += " " + HTML.safeName(name) + "=\""
      HTML.escape(text, into: &output)
      output += "\""
    }
  }
}

extension Attribute {
  /// Any attribute by name.
  public static func attr(_ name: String, _ value: String) -> Attribute { Attribute(name, value) }
  public static func `class`(_ value: String) -> Attribute { Attribute("class", value) }
  public static func id(_ value: String) -> Attribute { Attribute("id", value) }
  public static func href(_ value: String) -> Attribute { Attribute("href", value) }
  public static func src(_ value: String) -> Attribute { Attribute("src", value) }
  public static func rel(_ value: String) -> Attribute { Attribute("rel", value) }
  public static func lang(_ value: String) -> Attribute { Attribute("lang", value) }
  public static func title(_ value: String) -> Attribute { Attribute("title", value) }
  public static func role(_ value: String) -> Attribute { Attribute("role", value) }
  public static func method(_ value: String) -> Attribute { Attribute("method", value) }
  public static func action(_ value: String) -> Attribute { Attribute("action", value) }
  public static func type(_ value: String) -> Attribute { Attribute("type", value) }
  public static func name(_ value: String) -> Attribute { Attribute("name", value) }
  public static func value(_ value: String) -> Attribute { Attribute("value", value) }
  public static func content(_ value: String) -> Attribute { Attribute("content", value) }
  public static func `for`(_ value: String) -> Attribute { Attribute("for", value) }
  public static func list(_ value: String) -> Attribute { Attribute("list", value) }
  public static func placeholder(_ value: String) -> Attribute { Attribute("placeholder", value) }
  public static func autocomplete(_ value: String) -> Attribute {
    Attribute("autocomplete", value)
  }
  public static func inputmode(_ value: String) -> Attribute { Attribute("inputmode", value) }
  public static func minlength(_ value: Int) -> Attribute { Attribute("minlength", String(value)) }
  public static func maxlength(_ value: Int) -> Attribute { Attribute("maxlength", String(value)) }
  public static func datetime(_ value: String) -> Attribute { Attribute("datetime", value) }
  public static func scope(_ value: String) -> Attribute { Attribute("scope", value) }
  public static func charset(_ value: String) -> Attribute { Attribute("charset", value) }

  /// `data-<name>="value"`.
  public static func data(_ name: String, _ value: String) -> Attribute {
    Attribute("data-" + name, value)
  }

  /// `aria-<name>="value"`.
  public static func aria(_ name: String, _ value: String) -> Attribute {
    Attribute("aria-" + name, value)
  }

  public static func ariaLabel(_ value: String) -> Attribute { .aria("label", value) }
  /// `aria-current`, left out when nil.
  public static func ariaCurrent(_ value: String?) -> Attribute {
    .optional("aria-current", value)
  }

  /// `aria-describedby` listing the given ids; left out when there are none.
  public static func ariaDescribedBy(_ ids: [String]) -> Attribute {
    .optional("aria-describedby", ids.isEmpty ? nil : ids.joined(separator: " "))
  }

  /// `aria-invalid="true"` when `invalid`, left out otherwise.
  public static func ariaInvalid(_ invalid: Bool) -> Attribute {
    .optional("aria-invalid", invalid ? "true" : nil)
  }

  public static let required = Attribute.flag("required")
  public static let hidden = Attribute.flag("hidden")
  public static let disabled = Attribute.flag("disabled")
  public static let checked = Attribute.flag("checked")
  public static let selected = Attribute.flag("selected")
  public static let autofocus = Attribute.flag("autofocus")
  public static let download = Attribute.flag("download")
}
