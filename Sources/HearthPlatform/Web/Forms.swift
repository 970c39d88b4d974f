import HearthHTML

/// Building blocks every form uses.
public enum Forms {
  /// A POST form that always carries the CSRF token as the hidden `_csrf` field.
  public static func post(
    action: String, csrf: String?, attributes: [Attribute] = [], _ children: Node...
  ) -> Node {
    .element(
      "form", [.method("post"), .action(action)] + attributes,
      [hidden("_csrf", csrf ?? "")] + children)
  }

  public static func hidden(_ name: String, _ value: String) -> Node {
    .input(.type("hidden"), .name(name), .value(value))
  }

  public enum ButtonStyle: String, Sendable {
    case primary, secondary, danger, link
  }

  public static func submit(
    _ title: String, style: ButtonStyle = .primary, attributes: [Attribute] = []
  ) -> Node {
    .element(
      "button", [.type("submit"), .class("button " + style.rawValue)] + attributes,
      [.text(title)])
  }

  /// A link styled as a button.
  public static func buttonLink(_ title: String, href: String, style: ButtonStyle = .primary)
    -> Node
  {
    .a([.href(href), .class("button " + style.rawValue)], .text(title))
  }
}
