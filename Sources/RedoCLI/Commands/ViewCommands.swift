import ArgumentParser
import CanonicalJSON
import Foundation
import RedoCore

struct List: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "list",
    abstract: "Tasks, most urgent first (the spec's ranking), with the web's filters and views.")

  static let sorts = [
    "rank": "rank", "priority": "priority", "due": "dueDate", "created": "createdDate",
    "title": "title",
  ]

  @Flag(help: "Every task: drafts, done and archived ones too.") var all = false
  @Flag(help: "Only archived tasks.") var archived = false
  @Flag(help: "Only tasks whose current todo is past its deadline.") var overdue = false
  @Option(help: "Only tasks whose title or description contains this (any case).") var search:
    String?
  @Option(
    help: "Only tasks of this priority, 5 (the most urgent) to 1 or p1 to p5; repeat for several.")
  var priority: [String] = []
  @Option(help: "The order: rank (default), priority, due, created or title.") var sort: String?
  @Option(help: "A built-in view: all, today, urgent, high or week.") var preset: String?
  @Flag(help: "JSON for scripts: each task with its rank and due text.") var json = false

  func validate() throws {
    if let sort, Self.sorts[sort] == nil {
      throw ValidationError("--sort must be one of rank, priority, due, created, title")
    }
    if let preset, !TaskFilter.presets.contains(where: { $0.slug == preset }) {
      throw ValidationError(
        "--preset must be one of \(TaskFilter.presets.map(\.slug).joined(separator: ", "))")
    }
    if let wrong = priority.first(where: { PriorityScale.priority(typed: $0) == nil }) {
      throw ValidationError("--priority \(wrong) is not a priority from 1 to 5 or p1 to p5")
    }
  }

  var filter: TaskFilter {
    var query: [(String, String)] = []
    if let preset { query.append(("preset", preset)) }
    if let search { query.append(("q", search)) }
    if let sort { query.append(("sort", Self.sorts[sort]!)) }
    query += priority.compactMap(PriorityScale.priority(typed:)).map { ("priority", String($0)) }
    if archived { query.append(("archived", "1")) }
    if overdue { query.append(("overdue", "1")) }
    if all { query.append(("all", "1")) }
    var filter = TaskFilter(query: query)
    filter.includeArchived = all && !archived
    return filter
  }

  func run() throws {
    let workspace = try Workspace.open()
    // Summaries carry no descriptions: a search reads whole tasks.
    let tasks =
      json || search != nil ? try workspace.store.tasks() : try workspace.store.summaries()
    let ranked = filter.apply(tasks, now: workspace.now, calendar: workspace.calendar)
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
      let filtered = all || archived || overdue || search != nil || !priority.isEmpty
      print(
        filtered || preset != nil
          ? "No tasks match." : "Nothing to do. Add a task with: redo add \"Water the plants\"")
      return
    }
    var output = "ID        PRI  DUE               TITLE\n"
    output.reserveCapacity(ranked.count * 64)
    for task in ranked {
      output += task.id.prefix(8)
      output += "  P\(PriorityScale.level(task.priority))   "
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
      "  priority:    \(task.priority) (\(PriorityScale.name(task.priority)))",
      "  points:      \(task.storyPoints)",
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
