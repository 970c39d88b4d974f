import Foundation
import HearthCore
import HearthHTML
import HearthPlatform

/// `/redo/settings`: the morning digest of tasks due today, a plain form that works without
/// scripts.
enum RedoSettingsPage {
  /// `time` and `error` give back what was typed when it could not be saved.
  static func render(
    _ context: PageContext, setting: RedoDueToday.Setting, time: String? = nil,
    error: String? = nil
  ) -> String {
    RedoPage.render(
      context, title: "Redo settings", tab: "/redo/settings", keyActions: true,
      .h1("Settings"),
      RedoPage.messages,
      Forms.post(
        action: "/redo/settings", csrf: context.csrfToken,
        attributes: [.class("stack redo-settings"), .ariaLabel("Tasks due today")],
        .fieldset(
          .legend("Tasks due today"),
          .p(
            [.class("hint")],
            .text(
              "Each morning, one notice lists your open tasks that are due that day, yours and "
                + "those shared with you. Days with nothing due send nothing.")),
          .div(
            [.class("field checkbox")],
            .label(
              .input(
                .type("checkbox"), .name("dueToday"), .value("on"), .id("redo-due-today"),
                .flag("checked", setting.on)),
              " Send me the tasks due today")),
          FormField(
            name: "dueTodayTime", label: "At", type: "time",
            value: time ?? QuietHours.text(setting.minute),
            hint: "Your time zone is \(setting.timeZone); you can change it on the account page.",
            error: error, required: true, id: "redo-due-today-time"
          ).node,
          next(setting, zone: context.timeZone)),
        Forms.submit("Save settings")),
      importSection(),
      .p(
        .a([.href("/account/notifications")], "Notification settings"),
        " choose whether notices reach your devices, your inbox or your email."))
  }

  /// Filled in by redo.mjs, which reads the file in the browser and signs each task there.
  static func importSection() -> Node {
    .section(
      [.class("redo-import card"), .aria("labelledby", "redo-import-heading")],
      .h2([.id("redo-import-heading")], "Bring tasks from another app"),
      .p(
        [.class("hint")],
        "A Todoist CSV export, or a Taskwarrior export (",
        .code("task export > tasks.json"),
        "). Open tasks come over with their dates, priorities, repeats and notes."),
      .div(
        [.class("field")],
        .label([.for("redo-import-file")], "Export file"),
        .input(
          .type("file"), .id("redo-import-file"),
          .attr("accept", ".csv,.json,text/csv,application/json"))),
      .div([.class("redo-import-preview"), .role("status"), .aria("live", "polite")]),
      .el(
        "button", [.type("button"), .class("button primary"), .data("redo-import", ""), .hidden],
        ["Import"]))
  }

  static func next(_ setting: RedoDueToday.Setting, zone: TimeZone) -> Node {
    guard setting.on, let nextAt = setting.nextAt else { return .empty }
    return .p([.class("hint")], "Next: ", DateText.node(nextAt, in: zone))
  }
}
