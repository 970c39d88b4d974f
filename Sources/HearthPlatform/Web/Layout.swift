import HearthHTML

/// The page shell every Hearth page shares: head, header with navigation, flash, main, footer.
public enum Layout {
  public static var stylesheetPath: String { HearthAssets.stylesheet.url }
  public static var scriptPath: String { HearthAssets.script.url }

  /// A whole HTML document, starting with `<!doctype html>`.
  /// `scripts` are more script modules for this page, run after the shared one (modules run once
  /// the page is parsed, in order, each after the modules it imports).
  public static func page(
    _ context: PageContext, title: String, body: [Node], scripts: [String] = [],
    stylesheets: [String] = []
  ) -> String {
    Node.html(
      [.lang("en")],
      head(context, title: title, scripts: scripts, stylesheets: stylesheets),
      .body(
        [
          .flag("data-signed-in", context.isSignedIn),
          .optional("data-events-after", context.eventsAfter.map(String.init)),
          .optional("data-app", currentApp(context)?.slug),
        ],
        .a([.class("skip-link"), .href("#main")], "Skip to content"),
        header(context),
        .main(
          [.id("main"), .attr("tabindex", "-1")],
          VerifyEmailPage.banner(context),
          flash(context.flash),
          .fragment(body)),
        footer(context))
    ).renderDocument()
  }

  package static func head(
    _ context: PageContext, title: String, scripts: [String] = [], stylesheets: [String] = []
  ) -> Node {
    .head(
      .meta(.charset("utf-8")),
      .meta(.name("viewport"), .content("width=device-width, initial-scale=1")),
      .meta(.name("color-scheme"), .content("light dark")),
      .title(.text(title == "Hearth" ? title : "\(title) · Hearth")),
      .link(.rel("icon"), .type("image/svg+xml"), .href(HearthAssets.icon.url)),
      .link(.rel("manifest"), .href(WebManifest.path(for: currentApp(context)))),
      .meta(.name("theme-color"), .content(WebManifest.themeColor)),
      context.csrfToken.map { Node.meta(.name("csrf-token"), .content($0)) } ?? .empty,
      .link(.rel("stylesheet"), .href(stylesheetPath)),
      .fragment(stylesheets.map { Node.link(.rel("stylesheet"), .href($0)) }),
      .script(src: scriptPath, .type("module")),
      .fragment(scripts.map { Node.script(src: $0, .type("module")) }))
  }

  package static func header(_ context: PageContext) -> Node {
    .header(
      [.class("site-header")],
      .div(
        [.class("bar")],
        .a(
          [.class("brand"), .href("/"), .ariaCurrent(context.path == "/" ? "page" : nil)],
          "Hearth"),
        bell(context),
        // On a phone the apps and the account sit behind this button (hearth.mjs), so the
        // header stays one row; on wider screens the button is hidden and they show inline.
        .button(
          [
            .type("button"), .class("menu-toggle"), .attr("aria-expanded", "false"),
            .attr("aria-controls", "site-menu"),
          ], .span([.class("menu-icon"), .aria("hidden", "true")]), "Menu"),
        .div(
          [.id("site-menu"), .class("site-menu")],
          .nav(
            [.class("app-nav"), .ariaLabel("Apps")],
            .ul(
              .fragment(
                context.apps.map { app in
                  Node.li(
                    .a(
                      [
                        .href(app.path),
                        .ariaCurrent(isCurrent(app.path, context.path) ? "page" : nil),
                      ],
                      .text(app.name)))
                }))),
          accountLinks(context))))
  }

  package static func accountLinks(_ context: PageContext) -> Node {
    guard let name = context.userName else {
      return .div(
        [.class("account-links")],
        .a([.href("/login"), .ariaCurrent(context.path == "/login" ? "page" : nil)], "Log in"),
        .a([.class("button primary"), .href("/signup")], "Sign up"))
    }
    return .div(
      [.class("account-links")],
      .a(
        [
          .class("user-link"), .href("/account"),
          .ariaCurrent(context.path == "/account" ? "page" : nil),
        ],
        .text(name)),
      Forms.post(
        action: "/logout", csrf: context.csrfToken, attributes: [.class("inline-form")],
        Forms.submit("Log out", style: .link)))
  }

  /// The bell, outside the menu so it shows at every width: one badge for what waits (unread
  /// notices and invitations, kept live by hearth.mjs), opening the inbox.
  package static func bell(_ context: PageContext) -> Node {
    guard context.userName != nil else { return .empty }
    let unread = max(0, context.unreadNotifications)
    let invitations = max(0, context.invitationCount)
    let waiting = unread + invitations
    return .a(
      [
        .id("notification-bell"), .class("bell-link"), .href("/notifications"),
        .ariaCurrent(context.path == "/notifications" ? "page" : nil),
        .data("unread", String(unread)), .data("invitations", String(invitations)),
      ],
      bellIcon, .span([.class("visually-hidden")], "Notifications"),
      .span(
        [.class("badge"), .flag("hidden", waiting == 0)],
        .span([.class("visually-hidden")], ", waiting: "),
        .span([.class("count")], .text(String(waiting)))))
  }

  static let bellIcon = Node.raw(
    """
    <svg class="icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">\
    <path fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" \
    d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9M10.3 21a1.94 1.94 0 0 0 3.4 0"/></svg>
    """)

  package static func flash(_ flash: Flash?) -> Node {
    guard let flash else { return .empty }
    return .div(
      [
        .class("flash flash-\(flash.kind.rawValue)"),
        .role(flash.kind == .error ? "alert" : "status"),
      ],
      .p(.text(flash.message)))
  }

  package static func footer(_ context: PageContext) -> Node {
    .footer(
      [.class("site-footer")],
      .p("Hearth: small apps under one roof."),
      .p(
        .a([.href("/")], "Home"),
        context.isSignedIn
          ? .fragment([
            " · ", .a([.href("/invitations")], "Invitations"), " · ",
            .a([.href("/account")], "Your account"),
          ])
          : .fragment([" · ", .a([.href("/login")], "Log in")])))
  }

  package static func isCurrent(_ appPath: String, _ path: String) -> Bool {
    path == appPath || path.hasPrefix(appPath + "/")
  }

  /// The app whose page this is, if any.
  package static func currentApp(_ context: PageContext) -> HearthApp? {
    context.apps.first { isCurrent($0.path, context.path) }
  }
}
