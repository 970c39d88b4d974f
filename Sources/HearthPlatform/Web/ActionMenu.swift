import HearthHTML

/// A button that opens a short list of actions, for those that should sit away from the main
/// ones (Leave, Delete). Built on `<details>`, so it opens without script; hearth.mjs closes it.
public struct ActionMenu: Sendable {
  public var title: String
  public var items: [Node]

  public init(_ title: String, items: [Node]) {
    self.title = title
    self.items = items
  }

  public var node: Node {
    .el(
      "details", [.class("menu")],
      [
        .el("summary", [.class("button secondary")], [.text(title)]),
        .ul(
          [.class("menu-items")],
          .fragment(items.map { .li($0) })),
      ])
  }
}
