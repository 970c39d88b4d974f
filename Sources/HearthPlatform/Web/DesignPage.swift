import HearthHTML

/// `/design` (outside production): every shared component, in light and dark, and each app's
/// theme (from the top of its stylesheet, linked here), rendered by the same code the pages
/// use. docs/DESIGN.md describes them.
package enum DesignPage {
  static let tokens = [
    "bg", "surface", "text", "muted", "border", "accent", "accent-soft", "danger", "success",
    "info", "warning", "highlight", "focus",
  ]

  package static func render(_ context: PageContext, stylesheets: [String]) -> String {
    Layout.page(
      context, title: "Design system",
      body: [
        .h1("Design system"),
        .p(
          [.class("lead")],
          "The components every page is built from, in light and dark. Apps change token values, ",
          "never components."),
        .div(
          [.class("design-themes")],
          panel("Light", theme: "light"), panel("Dark", theme: "dark")),
        .h2("App themes"),
        .div(
          [.class("design-themes")],
          .fragment(
            context.apps.map { app in
              .section(
                [.class("design-panel"), .data("app", app.slug), .ariaLabel("\(app.name) theme")],
                .h3(.text(app.name)), swatches(), buttons())
            })),
      ], stylesheets: stylesheets)
  }

  static func panel(_ name: String, theme: String) -> Node {
    let id = theme
    return .section(
      [.class("design-panel theme-\(theme)"), .ariaLabel("\(name) theme")],
      .h2(.text(name)),
      .h3("Colours"), swatches(),
      .h3("Buttons"), buttons(),
      .h3("Fields"),
      .div(
        [.class("stack")],
        FormField(
          name: "name", label: "Your name", hint: "As the people you share with see it.",
          id: "design-name-\(id)"
        ).node,
        FormField(
          name: "email", label: "Email", type: "email", value: "ann@example",
          error: "Enter an email address like name@example.com.", id: "design-email-\(id)"
        ).node,
        .div(
          [.class("field")],
          .label([.for("design-select-\(id)")], "Repeat"),
          .select(
            [.id("design-select-\(id)")],
            .option("Never"), .option("Every day"), .option("Every week"))),
        .label(.input(.type("checkbox"), .flag("checked")), " Remind me"),
        .fieldset(
          [.class("design-radios")],
          .legend("Priority"),
          .label(.input(.type("radio"), .name("priority-\(id)"), .flag("checked")), " High"),
          .label(.input(.type("radio"), .name("priority-\(id)")), " Low"))),
      .h3("Cards, badges and tags"),
      .div(
        [.class("card")],
        .p(.strong("A card"), " holds one thing: a room, a task, a journal."),
        .p(
          "Invitations ", .span([.class("badge")], "3"), " ", .span([.class("tag")], "This device"))
      ),
      .h3("Lists"),
      .ul(
        [.class("list")], .li([.class("card")], .strong("Water the ferns"), " · due tomorrow"),
        .li([.class("card")], .strong("Call the plumber"), " · due today")),
      .h3("Messages"),
      .div([.class("flash flash-success"), .role("status")], .p("Profile saved.")),
      .div([.class("flash flash-info"), .role("status")], .p("You are logged out.")),
      .div([.class("form-error"), .role("alert")], .p("That code is wrong or was already used.")),
      .h3("Tables"),
      TableScroll.node(
        "Sample table",
        .table(
          .thead(.tr(.th([.scope("col")], "Device"), .th([.scope("col")], "Last seen"))),
          .tbody(.tr(.td("Firefox on Linux"), .td("Today, 9:41 AM"))))),
      .h3("Empty states"),
      .p([.class("empty")], "No tasks yet. Add your first one above."),
      .h3("Tabs"),
      Tabs(
        label: "Sample sections",
        [
          .init("List", href: "#tabs-\(id)", current: true), .init("Calendar", href: "#tabs-\(id)"),
          .init("Analytics", href: "#tabs-\(id)"),
        ]
      ).node,
      .h3("Choices"),
      .div(
        [.class("stack")],
        SegmentedControl(
          name: "view-\(id)", legend: "Show",
          choices: [("day", "Day"), ("week", "Week"), ("month", "Month")], selected: "week"
        ).node,
        Slider(
          name: "severity-\(id)", label: "How bad is it?", range: 0...10, value: 3,
          lowLabel: "0 none", highLabel: "10 worst", words: Self.severityWords
        ).node),
      .h3("Menus"),
      ActionMenu(
        "Room",
        items: [
          .button([.type("button"), .class("button link")], "Leave room"),
          .button([.type("button"), .class("button link danger-text")], "Delete room"),
        ]
      ).node,
      .h3("Toasts"),
      .div(
        [.class("toast")], .p("Task completed."),
        .button([.type("button"), .class("button link")], "Undo")),
      .h3("Dialogs"),
      .el(
        "dialog", [.class("dialog"), .flag("open"), .aria("labelledby", "design-dialog-\(id)")],
        [
          .h2([.id("design-dialog-\(id)")], "Leave room?"),
          .p("The room will end for everyone. This can't be undone."),
          .div(
            [.class("actions")], .button([.type("button"), .class("button secondary")], "Cancel"),
            .button([.type("button"), .class("button danger")], "Leave room")),
        ]),
      .h3("Loading"),
      .div(
        [.class("card"), .role("status"), .aria("busy", "true")],
        .span([.class("visually-hidden")], "Loading"), .span([.class("skeleton half")]),
        .span([.class("skeleton wide")]),
        .span([.class("skeleton block")])),
      .h3("Chart colours"),
      .div(
        [.class("design-chart"), .role("img"), .ariaLabel("Five series colours")],
        .fragment((1...5).map { .span([.class("chart-\($0)")]) })))
  }

  static let severityWords = [
    "none", "very mild", "mild", "mild", "moderate", "moderate", "moderate", "severe", "severe",
    "very severe", "worst",
  ]

  static func swatches() -> Node {
    .ul(
      [.class("design-swatches")],
      .fragment(
        tokens.map { token in
          .li(.span([.class("design-swatch swatch-\(token)")]), .code(.text("--\(token)")))
        }))
  }

  static func buttons() -> Node {
    .div(
      [.class("actions")],
      .button([.type("button"), .class("button primary")], "Primary"),
      .button([.type("button"), .class("button secondary")], "Secondary"),
      .button([.type("button"), .class("button link")], "Quiet"),
      .button([.type("button"), .class("button danger")], "Delete"))
  }
}
