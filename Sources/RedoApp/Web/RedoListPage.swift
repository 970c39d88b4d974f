import Foundation
import HearthCore
import HearthHTML
import HearthPlatform
import RedoCore

/// `/redo`: the ranked list with filters and presets, and the form to add a task.
public enum RedoListPage {
  public struct Row: Sendable {
    public var task: RedoTask
    public var due: String
    public var rank: Double
    public var isOverdue: Bool
    public var canWrite: Bool

    public init(task: RedoTask, due: String, rank: Double, isOverdue: Bool, canWrite: Bool) {
      self.task = task
      self.due = due
      self.rank = rank
      self.isOverdue = isOverdue
      self.canWrite = canWrite
    }
  }

  /// `readOnly`: the tasks shared with this person read-only, which the browser's own list
  /// shows without actions.
  public static func render(
    _ context: PageContext, rows: [Row], filter: TaskFilter, totalTasks: Int,
    readOnly: Set<String>
  ) -> String {
    RedoPage.render(
      context, title: "Redo", tab: "/redo",
      .h1("Redo"),
      addForm(),
      RedoPage.messages,
      list(rows, totalTasks: totalTasks, filter: filter, readOnly: readOnly),
      filters(filter),
      .p(
        [.class("hint redo-keys-hint")], "Press ", .el("kbd", [], ["?"]), " for keyboard shortcuts."
      ))
  }

  /// One line, read as it is typed ("Buy milk tomorrow p1 every 3d"); the details of a task are
  /// set on its own page.
  static func addForm() -> Node {
    .el(
      "form", [.class("redo-quick"), .data("redo-intent", "add"), .ariaLabel("Add a task")],
      [
        .label([.for("redo-add-title"), .class("visually-hidden")], "New task"),
        .div(
          [.class("redo-quick-row")],
          .input(
            .id("redo-add-title"), .type("text"), .name("title"), .required, .maxlength(500),
            .attr("autocomplete", "off"), .attr("enterkeyhint", "done"),
            .attr("placeholder", "Add a task, e.g. Buy milk tomorrow p1 every 3d"),
            .aria("describedby", "redo-quick-hint")),
          Forms.submit("Add task", attributes: RedoPage.needsScript)),
        .p(
          [.id("redo-quick-hint"), .class("hint redo-quick-hint")],
          "Add a day (tomorrow, fri, in 3 days, on the 1st), a time (9am), ",
          "a priority (p1 is the most urgent) and a repeat (every 2 weeks, every month)."),
        .ul([.class("redo-quick-preview"), .ariaLabel("Understood"), .hidden]),
      ])
  }

  static func filters(_ filter: TaskFilter) -> Node {
    .section(
      [.class("redo-filters"), .ariaLabel("Filters")],
      .ul(
        [.class("redo-presets chips")],
        .fragment(
          TaskFilter.presets.map { preset in
            Node.li(
              .a(
                [
                  .href("/redo?preset=\(preset.slug)"),
                  .ariaCurrent(preset.filter == filter ? "true" : nil),
                ],
                .text(preset.name)))
          }),
        .li([.class("redo-saved-presets")])),
      // Behind a button on a phone; redo.mjs opens it where there is room.
      .el(
        "details", [.class("redo-filter-panel"), .data("redo-filters", "")],
        [
          .el("summary", [.class("button secondary small")], ["Filters and sort"]),
          filterForm(filter),
        ]))
  }

  static func filterForm(_ filter: TaskFilter) -> Node {
    .el(
      "form", [.method("get"), .action("/redo"), .class("redo-filter-form")],
      [
        .div(
          [.class("field")], .label([.for("redo-q")], "Search"),
          .input(.id("redo-q"), .type("search"), .name("q"), .value(filter.search))),
        .div(
          [.class("field")], .label([.for("redo-sort")], "Sort"),
          .select(
            [.id("redo-sort"), .name("sort")],
            .fragment(
              TaskFilter.Sort.allCases.map {
                Node.option(
                  [.value($0.rawValue), .flag("selected", $0 == filter.sort)], .text($0.label))
              }))),
        .el(
          "fieldset", [.class("redo-priorities")],
          [.el("legend", [], ["Priority"])]
            + (1...5).reversed().map { value in
              Node.label(
                .input(
                  .type("checkbox"), .name("priority"), .value(String(value)),
                  .flag("checked", filter.priorities.contains(value))),
                .text(" " + RedoPage.priorityName(value)))
            }),
        .label(
          .input(
            .type("checkbox"), .name("overdue"), .value("1"), .flag("checked", filter.overdueOnly)
          ), " Overdue only"),
        .label(
          .input(
            .type("checkbox"), .name("archived"), .value("1"),
            .flag("checked", filter.showArchived)), " Archived"),
        .label(
          .input(
            .type("checkbox"), .name("all"), .value("1"),
            .flag("checked", !filter.activeOnly && !filter.showArchived)),
          " Include done and drafts"),
        Forms.submit("Filter", style: .secondary),
        .el(
          "button", [.type("button"), .class("button link"), .data("redo-save-preset", "")],
          ["Save this view"]),
      ])
  }

  static func list(_ rows: [Row], totalTasks: Int, filter: TaskFilter, readOnly: Set<String>)
    -> Node
  {
    let readOnlyIDs = Attribute.data("read-only", readOnly.sorted().joined(separator: " "))
    guard !rows.isEmpty else {
      let message =
        totalTasks == 0
        ? "No tasks yet. Add your first one above; tasks from your other devices appear here once they sync."
        : "No task matches this view. Try All Tasks."
      return .section(
        [.id("redo-list"), .class("redo-list"), readOnlyIDs], .p([.class("empty")], .text(message)))
    }
    return .section(
      [.id("redo-list"), .class("redo-list"), .ariaLabel("Tasks"), readOnlyIDs],
      .p([.class("redo-count")], .text("\(rows.count) of \(totalTasks) tasks")),
      .ol([.class("redo-tasks")], .fragment(rows.map(row))))
  }

  static func row(_ row: Row) -> Node {
    let task = row.task
    let title = task.title
    return .li(
      [
        .class(
          "redo-task priority-\(task.priority)" + (row.isOverdue ? " overdue" : "")
            + (task.archived ? " archived" : "")),
        .data("task-id", task.id),
      ],
      .div(
        [.class("redo-task-main")],
        .a([.href("/redo/tasks/\(task.id)"), .class("redo-task-title")], .text(title)),
        .p(
          [.class("redo-task-meta")],
          .span([.class("redo-due")], .text(row.due)),
          .text(" · " + RedoPage.priorityName(task.priority) + " priority"),
          .text(task.frequencyDays.map { " · " + RedoPage.repeatText($0).lowercased() } ?? ""),
          .text(task.storyPoints > 1 ? " · \(task.storyPoints) points" : ""))),
      row.canWrite && task.currentTodo != nil && !task.archived
        ? .div(
          [.class("redo-task-actions")],
          actionButton("complete", "Done", label: "Complete \(title)", task: task),
          actionButton(
            "snooze", "+1d", label: "Snooze \(title) one day", task: task,
            extra: [.data("days", "1")]))
        : .empty)
  }

  static func actionButton(
    _ intent: String, _ text: String, label: String, task: RedoTask, extra: [Attribute] = []
  ) -> Node {
    .el(
      "button",
      [
        .type("button"), .class("button small secondary"), .data("redo-action", intent),
        .data("task-id", task.id), .ariaLabel(label),
      ] + RedoPage.needsScript + extra, [.text(text)])
  }
}
