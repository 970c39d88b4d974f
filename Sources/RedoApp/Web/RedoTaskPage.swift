import CanonicalJSON
import Foundation
import HearthCore
import HearthHTML
import HearthPlatform
import RedoCore

/// Someone a task is shared with, as its page lists them.
public struct SharedPerson: Sendable {
  public var userID, name, status, permission: String
  /// Shown to the owner only, who invited them by it.
  public var email: String?
  /// An invitation by email nobody answered yet: where the owner cancels it.
  public var cancelPath: String? = nil
}

/// `/redo/tasks/:id`: one task, its todos, every node of its history, and its actions.
public enum RedoTaskPage {
  /// The viewer's own reminder of the task's deadline, and an error to show with its form.
  public struct Reminder: Sendable {
    public var before: Int?
    public var next: DeadlineReminder.Next
    public var error: String?

    public init(before: Int?, next: DeadlineReminder.Next, error: String? = nil) {
      self.before = before
      self.next = next
      self.error = error
    }
  }

  public static func render(
    _ context: PageContext, task: RedoTask, due: String, nodes: [RedoNode], canWrite: Bool,
    isOwner: Bool, people: [SharedPerson], viewerID: String, authors: [String: String] = [:],
    reminder: Reminder? = nil
  ) -> String {
    RedoPage.render(
      context, title: task.title, tab: "/redo",
      .p(.a([.href("/redo")], "← All tasks")),
      .h1([.class("redo-title"), .data("redo-task-page", task.id)], .text(task.title)),
      RedoPage.messages,
      summary(task, due: due),
      canWrite ? actions(task) : .p([.class("hint")], "Shared with you read-only."),
      canWrite && task.currentTodo != nil && !task.archived ? todoForms(task) : .empty,
      reminder.map { reminderForm(task, $0, context: context) } ?? .empty,
      canWrite ? editForm(task, zone: context.timeZone) : .empty,
      isOwner ? shareForm(task) : .empty,
      isOwner ? peopleList(task, people) : leaveButton(task, viewerID: viewerID),
      todos(task, zone: context.timeZone),
      RedoHistory.render(nodes, zone: context.timeZone, authors: authors))
  }

  static func summary(_ task: RedoTask, due: String) -> Node {
    .dl(
      [.class("redo-summary")],
      .dt("Status"), .dd(.text(task.archived ? "Archived" : due)),
      .dt("Priority"), .dd(.text(RedoPage.priorityName(task.priority))),
      .dt("Points"), .dd(.text(String(task.storyPoints))),
      .dt("Repeats"), .dd(.text(RedoPage.repeatText(task.frequencyDays))),
      .dt("Description"), .dd(.text(task.description.isEmpty ? "—" : task.description)))
  }

  static func actions(_ task: RedoTask) -> Node {
    func button(
      _ intent: String, _ text: String, style: String = "secondary", _ extra: [Attribute] = []
    ) -> Node {
      .el(
        "button",
        [
          .type("button"), .class("button \(style)"), .data("redo-action", intent),
          .data("task-id", task.id),
        ] + RedoPage.needsScript + extra,
        [.text(text)])
    }
    let open = task.currentTodo != nil && !task.archived
    return .section(
      [.class("redo-actions"), .ariaLabel("Actions")],
      open ? button("complete", "Complete now", style: "primary") : .empty,
      open
        ? .fragment(
          [(1, "Snooze 1 day"), (3, "3 days"), (7, "1 week"), (14, "2 weeks")].map { days, text in
            button("snooze", text, [.data("days", String(days))])
          }) : .empty,
      task.archived ? button("unarchive", "Unarchive") : button("archive", "Archive"),
      button(
        "delete", "Delete", style: "danger",
        [.data("confirm", "Delete \(task.title)?"), .data("then", "/redo")]))
  }

  /// Completing with a note, and snoozing to a chosen day with one.
  static func todoForms(_ task: RedoTask) -> Node {
    .div(
      [.class("redo-todo-forms")],
      .el(
        "form",
        [
          .class("card"), .data("redo-intent", "complete"), .data("task-id", task.id),
          .ariaLabel("Complete with a note"),
        ],
        [
          .h2("Complete with a note"),
          .div(
            [.class("field")], .label([.for("redo-complete-notes")], "Note"),
            .textarea(
              [
                .id("redo-complete-notes"), .name("notes"), .attr("rows", "2"),
                .attr("maxlength", "10000"),
              ])),
          Forms.submit("Complete", style: .secondary, attributes: RedoPage.needsScript),
        ]),
      .el(
        "form",
        [
          .class("card"), .data("redo-intent", "snooze"), .data("task-id", task.id),
          .ariaLabel("Snooze until a day"),
        ],
        [
          .h2("Snooze until"),
          FormField(
            name: "until", label: "Day", type: "date", required: true, id: "redo-snooze-until"
          )
          .node,
          .div(
            [.class("field")],
            .label([.for("redo-snooze-notes")], "Note", .span([.class("optional")], " (optional)")),
            .textarea(
              [
                .id("redo-snooze-notes"), .name("notes"), .attr("rows", "2"),
                .attr("maxlength", "10000"),
              ])),
          Forms.submit("Snooze", style: .secondary, attributes: RedoPage.needsScript),
        ]))
  }

  /// "Remind me", a plain form that works without scripts, and when the next reminder comes
  /// or why none will.
  static func reminderForm(_ task: RedoTask, _ reminder: Reminder, context: PageContext) -> Node {
    let next: Node
    switch reminder.next {
    case .at(let at, _, _):
      next = .fragment([
        "Next reminder: ",
        .time(
          [.datetime(DateText.iso(Date(timeIntervalSince1970: at.secondsSince1970)))],
          .text(DeadlineReminder.text(at, zone: context.timeZone))),
      ])
    case .none(let reason): next = .text(reason.text)
    }
    let options =
      [Node.option([.value(""), .flag("selected", reminder.before == nil)], "Never")]
      + DeadlineReminder.choices.map { minutes, label in
        .option(
          [.value(String(minutes)), .flag("selected", reminder.before == minutes)], .text(label))
      }
    return Forms.post(
      action: "/redo/tasks/\(task.id)/reminder", csrf: context.csrfToken,
      attributes: [.class("card redo-reminder"), .ariaLabel("Remind me")],
      .h2("Remind me"),
      .div(
        [.class("field")], .label([.for("redo-reminder-before")], "Remind me"),
        .select(
          [
            .id("redo-reminder-before"), .name("before"),
            .attr("aria-describedby", "redo-reminder-next"),
          ] + (reminder.error == nil ? [] : [.attr("aria-invalid", "true")]),
          .fragment(options)),
        reminder.error.map { .p([.class("field-error"), .role("alert")], .text($0)) } ?? .empty),
      .p([.class("hint"), .id("redo-reminder-next")], next),
      .p(
        [.class("hint")],
        "By push and in your inbox, as your ",
        .a([.href("/account/notifications")], "notification settings"),
        " say. Only you are reminded."),
      Forms.submit("Save reminder", style: .secondary))
  }

  /// The day a todo is due, in the person's zone, as a date field holds it.
  static func dueDay(_ task: RedoTask, zone: TimeZone) -> String? {
    guard !task.archived, let todo = task.currentTodo else { return nil }
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = zone
    let parts = calendar.dateComponents(
      [.year, .month, .day], from: Date(timeIntervalSince1970: todo.deadline.secondsSince1970))
    return String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 1, parts.day ?? 1)
  }

  static func editForm(_ task: RedoTask, zone: TimeZone) -> Node {
    .el(
      "form",
      [
        .class("redo-edit card"), .data("redo-intent", "edit"), .data("task-id", task.id),
        .ariaLabel("Edit"),
      ],
      [
        .h2("Edit"),
        FormField(
          name: "title", label: "Title", value: task.title, required: true, id: "redo-edit-title"
        ).node,
        dueDay(task, zone: zone).map {
          FormField(name: "due", label: "Due", type: "date", value: $0, id: "redo-edit-due").node
        } ?? .empty,
        .div(
          [.class("field")], .label([.for("redo-edit-priority")], "Priority"),
          .select(
            [.id("redo-edit-priority"), .name("priority")],
            RedoPage.priorityOptions(selected: task.priority))),
        FormField(
          name: "storyPoints", label: "Points", type: "number", value: String(task.storyPoints),
          id: "redo-edit-points",
          attributes: [.attr("min", "0")]
        ).node,
        FormField(
          name: "frequencyDays", label: "Repeat every (days)", type: "number",
          value: task.frequencyDays.map(String.init), id: "redo-edit-every",
          attributes: [.attr("min", "1")]
        ).node,
        .div(
          [.class("field")], .label([.for("redo-edit-description")], "Description"),
          .textarea(
            [.id("redo-edit-description"), .name("description"), .attr("rows", "3")],
            .text(task.description))),
        Forms.submit("Save changes", attributes: RedoPage.needsScript),
      ])
  }

  static func shareForm(_ task: RedoTask) -> Node {
    .el(
      "form", [.class("redo-share card"), .data("redo-share", task.id), .ariaLabel("Share")],
      [
        .h2("Share"),
        FormField(
          name: "email", label: "Their Hearth email", type: "email", required: true,
          id: "redo-share-email"
        ).node,
        .div(
          [.class("field")], .label([.for("redo-share-permission")], "They may"),
          .select(
            [.id("redo-share-permission"), .name("permission")],
            .option([.value("read-only")], "View"),
            .option([.value("read-write")], "View and change"))),
        Forms.submit("Invite", style: .secondary, attributes: RedoPage.needsScript),
      ])
  }

  static func peopleList(_ task: RedoTask, _ people: [SharedPerson]) -> Node {
    guard !people.isEmpty else { return .empty }
    return .section(
      [.class("redo-people card"), .ariaLabel("Shared with")],
      .h2("Shared with"),
      .ul(
        .fragment(
          people.map { person in
            let who = [person.name, person.email ?? ""].filter { !$0.isEmpty }.joined(
              separator: " · ")
            let can = person.permission == "read-write" ? "may change it" : "may view it"
            let emailed = person.cancelPath != nil
            return .li(
              .span(.text("\(who) (\(person.status), \(can))")), .text(" "),
              .el(
                "button",
                [
                  .type("button"), .class("button secondary"),
                ] + RedoPage.needsScript + [
                  .data("redo-remove", person.cancelPath ?? sharePath(task, person.userID)),
                  .data(
                    "confirm",
                    emailed
                      ? "Withdraw invitation? The link sent to \(person.name) stops working."
                      : "Stop sharing \(task.title) with \(person.name)?"),
                  .ariaLabel(
                    emailed ? "Withdraw the invitation to \(person.name)" : "Remove \(person.name)"),
                ],
                [.text(emailed ? "Withdraw invitation" : "Remove")]))
          })))
  }

  /// Where a person's share of the task is removed (DELETE).
  static func sharePath(_ task: RedoTask, _ userID: String) -> String {
    "/api/redo/tasks/\(task.id)/share/\(userID)"
  }

  static func leaveButton(_ task: RedoTask, viewerID: String) -> Node {
    .section(
      [.class("redo-people card"), .ariaLabel("Leave")],
      .p([.class("hint")], "Shared with you by its owner."),
      .el(
        "button",
        [
          .type("button"), .class("button secondary"),
        ] + RedoPage.needsScript + [
          .data("redo-remove", sharePath(task, viewerID)), .data("then", "/redo"),
          .data("confirm", "Leave \(task.title)? Its owner can invite you again."),
        ],
        [.text("Leave this task")]))
  }

  static func todos(_ task: RedoTask, zone: TimeZone) -> Node {
    .section(
      [.class("redo-todos")],
      .h2("Due dates"),
      task.todos.isEmpty
        ? .p([.class("empty")], "No due date yet: this task is a draft.")
        : .table(
          .thead(
            .tr(
              .th([.scope("col")], "Due"), .th([.scope("col")], "State"),
              .th([.scope("col")], "Notes"))),
          .tbody(
            .fragment(
              task.todos.reversed().map { todo in
                Node.tr(
                  .td(
                    DateText.node(
                      Date(timeIntervalSince1970: todo.deadline.secondsSince1970), in: zone)),
                  .td(
                    todo.completed.map {
                      .fragment([
                        "Done ",
                        DateText.node(Date(timeIntervalSince1970: $0.secondsSince1970), in: zone),
                      ])
                    }
                      ?? .text(
                        todo.id == task.currentTodo?.id
                          ? "Current" : "Open (left by changes made on two devices at once)")),
                  .td(.text(todo.notes)))
              }))))
  }
}
