import HearthHTML

/// `/`: what Hearth is, with a card for each app; for a signed-in person, what needs them now.
public enum HomePage {
  public static func render(_ context: PageContext, waiting: [WaitingSection]? = nil) -> String {
    guard context.isSignedIn, let waiting else {
      return Layout.page(context, title: "Hearth", body: body(context))
    }
    return Layout.page(context, title: "Hearth", body: signedIn(context, waiting: waiting))
  }

  /// The platform's own (notices, invitations), then each app's, each line a link to the thing.
  package static func signedIn(_ context: PageContext, waiting: [WaitingSection]) -> [Node] {
    var mine: [WaitingItem] = []
    if context.invitationCount > 0 {
      let count = context.invitationCount
      mine.append(
        WaitingItem(
          count == 1 ? "An invitation waits for your answer" : "\(count) invitations wait",
          href: "/invitations"))
    }
    if context.unreadNotifications > 0 {
      let count = context.unreadNotifications
      mine.append(
        WaitingItem(
          count == 1 ? "1 unread notice" : "\(count) unread notices", href: "/notifications"))
    }
    let total = mine.count + waiting.reduce(0) { $0 + $1.items.count }
    return [
      .section(
        [.class("intro")],
        .h1(.text("Hello, \(context.userName ?? "")")),
        .p(
          [.class("lead")],
          .text(total == 0 ? "Nothing needs you right now." : "Here is what needs you now."))),
      mine.isEmpty ? .empty : .section([.class("card waiting"), .ariaLabel("Hearth")], list(mine)),
      .ul(
        [.class("cards waiting-apps")],
        .fragment(
          waiting.map { section in
            .li(
              [.class("card waiting")],
              .h2(.a([.href(section.app.path)], .text(section.app.name))),
              section.items.isEmpty
                ? .fragment([
                  .p(
                    [.class("empty")], .text("Nothing waits for you here. \(section.app.start)")),
                  Forms.buttonLink(
                    "Open \(section.app.name)", href: section.app.path, style: .secondary),
                ])
                : list(section.items))
          })),
    ]
  }

  static func list(_ items: [WaitingItem]) -> Node {
    .ul(
      [.class("waiting-list")],
      .fragment(
        items.map { item in
          .li(
            .a([.href(item.href)], .text(item.text)),
            item.detail.map { .span([.class("meta")], .text(" · \($0)")) } ?? .empty)
        }))
  }

  package static func body(_ context: PageContext) -> [Node] {
    [
      .section(
        [.class("intro")],
        .h1(context.userName.map { "Hello, \($0)" } ?? "Welcome to Hearth"),
        .p(
          [.class("lead")],
          .text(
            "Hearth is a small home for four apps: for talking together, getting things done, "
              + "looking after your health and learning Japanese. One account opens all of them, "
              + "and you can share what you make with the people you choose."))),
      context.isSignedIn ? .empty : signUpCall(),
      .section(
        [.class("apps"), .ariaLabel("Apps")],
        .ul([.class("cards")], .fragment(context.apps.map(card)))),
    ]
  }

  package static func card(_ app: HearthApp) -> Node {
    .li(
      [.class("card app-card")],
      .h2(.text(app.name)),
      .p(.text(app.summary)),
      .a([.class("button secondary"), .href(app.path)], .text("Open \(app.name)")))
  }

  package static func signUpCall() -> Node {
    .section(
      [.class("call card")],
      .h2("Join Hearth"),
      .p("Create a free account to use every app and to share with family, friends and carers."),
      .p(
        [.class("actions")],
        Forms.buttonLink("Sign up", href: "/signup"),
        Forms.buttonLink("Log in", href: "/login", style: .secondary)))
  }
}
