import ArgumentParser
import CanonicalJSON
import Foundation
import RedoCore

struct Refused: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "refused",
    abstract: "Changes the server refused: see them, discard them, or keep a copy as a new task.",
    subcommands: [RefusedList.self, RefusedDiscard.self, RefusedCopy.self],
    defaultSubcommand: RefusedList.self)
}

struct RefusedList: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "list", abstract: "List the refused changes, one line per task.")

  @Flag(help: "Print them as JSON.") var json = false

  func run() throws {
    let workspace = try Workspace.open()
    let changes = try workspace.store.refusedChanges()
    if json {
      return try printJSON(
        .array(
          try changes.map { change in
            [
              "taskId": .string(change.taskId),
              "title": .string(try workspace.refusedTitle(change.taskId)),
              "nodeIds": .array(change.nodes.map { .string($0.id) }),
              "reasons": .array(change.reasons.map { .string($0) }),
            ]
          }))
    }
    guard !changes.isEmpty else { return print("Nothing was refused.") }
    for change in changes {
      let count = change.nodes.count == 1 ? "1 change" : "\(change.nodes.count) changes"
      print(
        "\(change.taskId.prefix(8))  “\(try workspace.refusedTitle(change.taskId))”: \(count)."
          + " \(change.reasons.joined(separator: " "))")
    }
    print(
      "`redo refused discard ID` drops a task's refused changes; `redo refused copy ID` keeps them"
        + " as a new task of your own.")
  }
}

struct RefusedDiscard: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "discard", abstract: "Drop a task's refused changes.")

  @Argument(help: "The task's id prefix, as `redo refused` shows it.") var task: String

  func run() throws {
    let workspace = try Workspace.open()
    let change = try workspace.refusedChange(task)
    try workspace.store.discardRefused(taskId: change.taskId)
    print("Discarded your refused changes to “\(try workspace.refusedTitle(change.taskId))”.")
  }
}

struct RefusedCopy: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "copy",
    abstract: "Keep a task as your refused changes made it, as a new task of your own.")

  @Argument(help: "The task's id prefix, as `redo refused` shows it.") var task: String

  func run() throws {
    let workspace = try Workspace.open()
    let change = try workspace.refusedChange(task)
    guard let wanted = try workspace.store.stateWithRefused(taskId: change.taskId) else {
      throw CLIError("your refused changes deleted the task; there is nothing to copy")
    }
    var fields: [String: JSON] = ["title": .string(wanted.title)]
    if !wanted.description.isEmpty { fields["description"] = .string(wanted.description) }
    fields["priority"] = .number(Double(wanted.priority))
    fields["storyPoints"] = .number(Double(wanted.storyPoints))
    if let every = wanted.frequencyDays { fields["frequencyDays"] = .number(Double(every)) }
    let deadline = wanted.currentTodo?.deadline ?? workspace.now
    let nodes = try workspace.perform(.add(fields: fields, deadline: deadline), on: nil)
    try workspace.store.discardRefused(taskId: change.taskId)
    print("Kept a copy as a new task of your own: \(nodes[0].taskId.prefix(8))  \(wanted.title)")
  }
}

extension Workspace {
  func refusedChange(_ reference: String) throws -> LocalStore.RefusedChange {
    let needle = reference.lowercased()
    let matches = try store.refusedChanges().filter { $0.taskId.hasPrefix(needle) }
    guard matches.count == 1 else {
      throw CLIError(
        matches.isEmpty
          ? "no refused change matches \"\(reference)\" (see `redo refused`)"
          : "\"\(reference)\" matches \(matches.count) tasks; give more of the id")
    }
    return matches[0]
  }

  func refusedTitle(_ taskId: String) throws -> String {
    try store.stateWithRefused(taskId: taskId)?.title ?? store.task(id: taskId)?.title ?? "a task"
  }
}
