import HearthHTML

/// `/`: what Hearth is, with a card for each app.
public enum HomePage {
  public static func render(_ context: PageContext) -> String {
    Layout.page(context, title: "Hearth", body: body(context))
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
