import ArgumentParser
import CanonicalJSON
import Foundation
import RedoCore

struct List: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "list",
    abstract: "Tasks, most urgent first (the spec's ranking).")

  @Flag(help: "Every task: drafts, done and archived ones too.") var all = false
  @Flag(help: "Only archived tasks.") var archived = false
  @Flag(help: "Only tasks whose current todo is past its deadline.") var overdue = false
  @Flag(help: "JSON for scripts: each task with its rank and due text.") var json = false

  func run() throws {
    let workspace = try Workspace.open()
    var tasks = json ? try workspace.store.tasks() : try workspace.store.summaries()
    tasks.removeAll { task in
      if archived { return !task.archived }
      if overdue { return !task.isOverdue(at: workspace.now) }
      return !(all || task.isActive)
    }
    let ranked = Ranking.standard.ranked(tasks, at: workspace.now)
    if json {
      return try printJSON(
        .array(
          ranked.map { task in
            var members = task.json.objectValue!
            members["rank"] = .number(
              (Ranking.standard.rank(task, at: workspace.now) * 1000).rounded() / 1000)
            members["due"] = .string(workspace.deadlineText(task))
            return .object(members)
          }))
    }
    guard !ranked.isEmpty else {
      print(
        all || archived || overdue
          ? "No tasks match." : "Nothing to do. Add a task with: redo add \"Water the plants\"")
      return
    }
    var output = "ID        P  DUE               TITLE\n"
    output.reserveCapacity(ranked.count * 64)
    for task in ranked {
      output += task.id.prefix(8)
      output += "  \(task.priority)  "
      output += workspace.deadlineText(task).padded(to: 16)
      output += "  "
      output += task.title
      output += "\n"
    }
    print(output, terminator: "")
  }
}

struct Show: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "show", abstract: "One task with its todos.")

  @Argument(help: "Id prefix or exact title.") var task: String
  @Flag(help: "The task as JSON.") var json = false

  func run() throws {
    let workspace = try Workspace.open()
    let task = try workspace.task(task)
    if json { return try printJSON(task.json) }
    var lines = [
      task.title, "  id:          \(task.id)", "  status:      \(workspace.deadlineText(task))",
      "  priority:    \(task.priority)", "  points:      \(task.storyPoints)",
      "  repeats:     \(task.frequencyDays.map { "every \($0) day\($0 == 1 ? "" : "s")" } ?? "no")",
      "  created:     \(task.created)",
    ]
    if !task.description.isEmpty { lines.append("  description: \(task.description)") }
    if task.archived { lines.append("  archived") }
    lines.append("  todos:")
    for todo in task.todos {
      let state =
        todo.completed.map { "done \($0)" }
        ?? (todo.id == task.currentTodo?.id ? "current" : "open (orphaned)")
      lines.append(
        "    \(todo.id.prefix(8))  due \(todo.deadline)  \(state)\(todo.notes.isEmpty ? "" : "  — \(todo.notes.replacingOccurrences(of: "\n", with: "; "))")"
      )
    }
    print(lines.joined(separator: "\n"))
  }
}

struct History: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "history", abstract: "A task's nodes in replay order.")

  @Argument(help: "Id prefix or exact title.") var task: String
  @Flag(help: "The nodes as a JSON array.") var json = false

  func run() throws {
    let workspace = try Workspace.open()
    let task = try workspace.task(task)
    let nodes = try workspace.store.nodes(ofTask: task.id).sorted(by: RedoNode.precedes)
    if json { return try printJSON(.array(nodes.map(\.json))) }
    for node in nodes {
      let payload = (try? JSON.object(node.payload).canonicalString()) ?? "{}"
      print(
        "\(node.lamport)  \(node.wall)  \(node.action.rawValue.padded(to: 13))  \(node.id.prefix(15))  \(payload)"
      )
    }
  }
}

extension String {
  /// Cut or space-filled to `width` characters, for columns (Foundation's padding bridges).
  func padded(to width: Int) -> String {
    let length = count
    return length >= width
      ? String(prefix(width)) : self + String(repeating: " ", count: width - length)
  }
}
