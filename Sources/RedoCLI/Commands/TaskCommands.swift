import ArgumentParser
import CanonicalJSON
import Foundation
import RedoCore

struct TaskFields: ParsableArguments {
  @Option(help: "A longer description.") var description: String?
  @Option(help: "5 (the most urgent) to 1, or as the web app says it, p1 (the most urgent) to p5.")
  var priority: String?
  @Option(help: "Story points, a whole number of at least 0.") var points: Int?
  @Option(help: "Repeat every DAYS days after each completion.") var every: Int?

  func validate() throws {
    if let priority, PriorityScale.priority(typed: priority) == nil {
      throw ValidationError(
        "--priority must be from 1 to 5 (5 is the most urgent) or p1 to p5 (p1 is the most urgent), not \(priority)"
      )
    }
    if let points, points < 0 { throw ValidationError("--points must be 0 or more, not \(points)") }
    if let every, every < 1 {
      throw ValidationError("--every must be at least 1 day, not \(every)")
    }
  }

  var payload: [String: JSON] {
    var payload: [String: JSON] = [:]
    if let description { payload["description"] = .string(description) }
    if let priority = priority.flatMap(PriorityScale.priority(typed:)) {
      payload["priority"] = .number(Double(priority))
    }
    if let points { payload["storyPoints"] = .number(Double(points)) }
    if let every { payload["frequencyDays"] = .number(Double(every)) }
    return payload
  }
}

struct Add: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "add",
    abstract: "Add a task (a CREATE and its first CREATE_TODO).")

  @Argument(help: "The task's title.") var title: String
  @OptionGroup var fields: TaskFields
  @Option(help: "When it is due: today, tomorrow, +3d, 2w, 2026-12-01 or an RFC 3339 time.")
  var due: String?
  @Flag(help: "Print the new task as JSON.") var json = false

  func validate() throws {
    if title.trimmingCharacters(in: .whitespaces).isEmpty {
      throw ValidationError("the title must not be empty")
    }
  }

  func run() throws {
    let workspace = try Workspace.open()
    var payload = fields.payload
    payload["title"] = .string(title)
    let deadline = try workspace.deadline(due, defaultDays: fields.every ?? 1)
    let nodes = try workspace.perform(.add(fields: payload, deadline: deadline), on: nil)
    let task = try workspace.task(nodes[0].taskId)
    if json { return try printJSON(task.json) }
    print("Added \(task.id.prefix(8))  \(task.title)  (\(workspace.deadlineText(task)))")
  }
}

struct Edit: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "edit",
    abstract: "Change a task's title, description, priority, points or repeat.")

  @Argument(help: "Id prefix or exact title.") var task: String
  @Option(help: "A new title.") var title: String?
  @OptionGroup var fields: TaskFields

  func run() throws {
    var payload = fields.payload
    if let title { payload["title"] = .string(title) }
    guard !payload.isEmpty else {
      throw ValidationError(
        "say what to change: --title, --description, --priority, --points or --every")
    }
    let workspace = try Workspace.open()
    let current = try workspace.task(task)
    try workspace.perform(.edit(fields: payload), on: current)
    print("Updated \(current.id.prefix(8))  \(title ?? current.title)")
  }
}

struct Complete: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "complete",
    abstract: "Complete the current todo; a repeating task gets its next todo explicitly.")

  @Argument(help: "Id prefix or exact title.") var task: String
  @Option(help: "A note kept with the completion.") var notes: String?

  func run() throws {
    let workspace = try Workspace.open()
    let current = try workspace.task(task)
    try workspace.perform(.complete(notes: notes), on: current)
    let after = try workspace.task(current.id)
    let next =
      after.currentTodo == nil ? "" : "; next one \(workspace.deadlineText(after).lowercased())"
    print("Completed \(current.title)\(next)")
  }
}

struct Snooze: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "snooze",
    abstract: "Push the current todo's deadline back.")

  @Argument(help: "Id prefix or exact title.") var task: String
  @Option(help: "Days to add to the deadline.") var days: Int?
  @Option(help: "A new deadline: tomorrow, +3d, 2026-12-01 or an RFC 3339 time.") var until: String?
  @Option(help: "Why, kept with the todo.") var notes: String?

  func validate() throws {
    guard (days == nil) != (until == nil) else {
      throw ValidationError("give exactly one of --days and --until")
    }
    if let days, days < 1 { throw ValidationError("--days must be at least 1, not \(days)") }
  }

  func run() throws {
    let workspace = try Workspace.open()
    let current = try workspace.task(task)
    let date = try until.map { try workspace.deadline($0, defaultDays: 1) }
    try workspace.perform(.snooze(days: days, until: date, notes: notes), on: current)
    let after = try workspace.task(current.id)
    print("Snoozed \(after.title): \(workspace.deadlineText(after))")
  }
}

struct Archive: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "archive",
    abstract: "Archive a task: it leaves the list and stops repeating.")

  @Argument(help: "Id prefix or exact title.") var task: String

  func run() throws {
    let workspace = try Workspace.open()
    let current = try workspace.task(task)
    try workspace.perform(.archive, on: current)
    print("Archived \(current.title)")
  }
}

struct Unarchive: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "unarchive",
    abstract: "Bring an archived task back, with a new todo if it has none.")

  @Argument(help: "Id prefix or exact title.") var task: String
  @Option(help: "When the new todo is due.") var due: String?

  func run() throws {
    let workspace = try Workspace.open()
    let current = try workspace.task(task)
    let deadline = try workspace.deadline(due, defaultDays: current.frequencyDays ?? 1)
    try workspace.perform(.unarchive(deadline: deadline), on: current)
    print("Unarchived \(current.title)")
  }
}

struct Delete: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "delete",
    abstract: "Delete a task: a DELETE tombstone on every branch. There is no undelete.")

  @Argument(help: "Id prefix or exact title.") var task: String

  func run() throws {
    let workspace = try Workspace.open()
    let current = try workspace.task(task)
    try workspace.perform(.delete, on: current)
    print("Deleted \(current.title)")
  }
}

extension Workspace {
  func deadline(_ text: String?, defaultDays: Int) throws -> WallTime {
    guard let text else { return now.adding(days: defaultDays) }
    guard let date = DueDate.parse(text, now: now, calendar: calendar) else {
      throw ValidationError(
        "cannot read the date \"\(text)\": use today, tomorrow, +3d, 2w, 2026-12-01 or 2026-12-01T09:00:00Z"
      )
    }
    return date
  }
}
