/// Something that needs the person now, for their home page: words and the link to the thing.
public struct WaitingItem: Equatable, Sendable {
  public var text: String
  public var detail: String?
  public var href: String

  public init(_ text: String, detail: String? = nil, href: String) {
    self.text = text
    self.detail = detail
    self.href = href
  }
}

/// What waits in one app; an empty list shows the app's way to start.
public struct WaitingSection: Equatable, Sendable {
  public var app: HearthApp
  public var items: [WaitingItem]

  public init(app: HearthApp, items: [WaitingItem]) {
    self.app = app
    self.items = items
  }
}
