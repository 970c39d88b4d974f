import HearthHTML

/// An app's sections as one bar of links; the current one carries `aria-current="page"`.
public struct Tabs: Sendable {
  public struct Tab: Sendable {
    public var title: String
    public var href: String
    public var isCurrent: Bool

    public init(_ title: String, href: String, current: Bool = false) {
      self.title = title
      self.href = href
      self.isCurrent = current
    }
  }

  public var label: String
  public var tabs: [Tab]

  public init(label: String, _ tabs: [Tab]) {
    self.label = label
    self.tabs = tabs
  }

  public var node: Node {
    .nav(
      [.class("tabs"), .ariaLabel(label)],
      .ul(
        .fragment(
          tabs.map { tab in
            .li(
              .a([.href(tab.href), .ariaCurrent(tab.isCurrent ? "page" : nil)], .text(tab.title)))
          })))
  }
}
