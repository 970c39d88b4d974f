import HearthPlatform

/// `/redo/calendar`: a month of due dates, drawn by redo.mjs from this browser's own log, so it
/// shows offline changes too.
enum RedoCalendarPage {
  static func render(_ context: PageContext) -> String {
    RedoPage.render(
      context, title: "Redo calendar", tab: "/redo/calendar",
      .h1("Calendar"),
      RedoPage.messages,
      .section(
        [.id("redo-calendar"), .class("redo-calendar"), .ariaLabel("Due dates")],
        .p([.class("empty")], "Loading your tasks…")))
  }
}
