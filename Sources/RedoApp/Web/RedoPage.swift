import Foundation
import HearthCore
import HearthHTML
import HearthPlatform
import RedoCore

/// What every Redo page shows around its content: the Matrix theme, the tabs and this browser's key.
enum RedoPage {

  /// `keyActions` adds the key's details, import and export (the settings page).
  static func render(
    _ context: PageContext, title: String, tab: String, keyActions: Bool = false,
    _ content: Node...
  ) -> String {
    Layout.page(
      context, title: title,
      body: [
        .div(
          [.class("redo-app"), .data("redo-app", ""), .data("account", context.userID ?? "")],
          tabs(current: tab),
          .fragment(content),
          devicePanel(keyActions: keyActions))
      ], scripts: [RedoAssets.script.url], stylesheets: [RedoAssets.stylesheet.url])
  }

  static func tabs(current: String) -> Node {
    Tabs(
      label: "Redo",
      [
        ("Tasks", "/redo"), ("Calendar", "/redo/calendar"), ("Analytics", "/redo/analytics"),
        ("Settings", "/redo/settings"),
      ].map {
        Tabs.Tab($0, href: $1, current: current == $1)
      }
    ).node
  }

  /// Filled in by redo.mjs: this browser's signing key (made on first use, kept in IndexedDB,
  /// never sent anywhere), and how its own log of changes stands with the server's.
  static func devicePanel(keyActions: Bool) -> Node {
    .section(
      [.id("redo-device"), .class("redo-device"), .ariaLabel("This browser's key")],
      keyActions ? .h2("This browser's key") : .fragment([]),
      .p([.class("redo-device-status"), .role("status")], "Checking this browser's signing key…"),
      .p([.class("redo-sync-status"), .role("status")]),
      keyActions ? keyControls() : .fragment([]),
      .el(
        "noscript", [],
        [
          .p("Redo signs every change in your browser, so its pages need JavaScript.")
        ]))
  }

  /// The key's id, and moving it between this browser and the redo CLI on purpose.
  static func keyControls() -> Node {
    .fragment([
      .el(
        "details", [.class("redo-key-details"), .hidden],
        [.el("summary", [], ["Details"]), .p("Key ", .code([.class("redo-key-id")]))]),
      .div(
        [.class("redo-device-actions"), .hidden],
        .el(
          "button", [.type("button"), .class("button secondary"), .data("redo-key", "import")],
          [
            "Import a key from the redo CLI"
          ]),
        .el(
          "button", [.type("button"), .class("button secondary"), .data("redo-key", "export")],
          [
            "Export this key for the CLI"
          ])),
      .div(
        [.class("redo-key-import"), .hidden],
        .label(
          [.for("redo-key-json")], "Paste the output of ", .code("redo key export"), ":"),
        .textarea([.id("redo-key-json"), .attr("rows", "3"), .attr("spellcheck", "false")]),
        .el(
          "button",
          [.type("button"), .class("button primary"), .data("redo-key", "import-confirm")],
          [
            "Use this key"
          ])),
    ])
  }

  /// Where redo.mjs reports what happened to a change.
  /// A button whose press only the page's script can carry out (it signs with this browser's
  /// key) comes disabled and is enabled by the script, so a press made before it runs is not a
  /// form submission that goes nowhere.
  static let needsScript: [Attribute] = [.flag("disabled", true), .data("redo-script", "")]

  static let messages = Node.div(
    [.id("redo-messages"), .class("redo-messages"), .role("status"), .aria("live", "polite")])

  /// "P1 · Urgent" (the protocol's 5) to "P5 · Someday" (its 1): one scale everywhere.
  static func priorityName(_ priority: Int) -> String {
    PriorityScale.name(priority)
  }

  /// P1 first; each option's value is the protocol's priority.
  static func priorityOptions(selected: Int) -> Node {
    .fragment(
      (1...5).reversed().map { value in
        Node.option(
          [.value(String(value)), .flag("selected", value == selected)], .text(priorityName(value)))
      })
  }

  /// A calendar day in words: "Thu, Nov 19".
  static func dayText(_ day: LocalDay) -> String {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    guard
      let date = calendar.date(
        from: DateComponents(year: day.year, month: day.month, day: day.day, hour: 12))
    else { return day.description }
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = calendar.timeZone
    formatter.dateFormat = "EEE, MMM d"
    return formatter.string(from: date)
  }

  static func repeatText(_ days: Int?) -> String {
    switch days {
    case nil: "One-time"
    case 1: "Daily"
    case 7: "Weekly"
    case 14: "Every two weeks"
    case 30: "Monthly"
    case let days?: "Every \(days) days"
    }
  }
}
