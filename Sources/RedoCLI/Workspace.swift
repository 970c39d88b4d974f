import CanonicalJSON
import Foundation
import HearthCore
import RedoCore

/// What a local command works with: the identity, the store, the clock and the person's zone.
struct Workspace {
  let home: RedoHome
  let identity: Identity
  let store: LocalStore
  let now: WallTime
  let calendar: DayCalendar
  let deadlineTexts: DeadlineText

  static func open() throws -> Workspace {
    let home = RedoHome.resolve()
    let zone = ProcessInfo.processInfo.environment["TZ"].flatMap(DayCalendar.init(identifier:))
    let calendar = zone ?? DayCalendar(timeZone: .current)
    let now = WallTime(secondsSince1970: Date().timeIntervalSince1970)
    return Workspace(
      home: home, identity: try home.loadIdentity(), store: try home.openStore(), now: now,
      calendar: calendar, deadlineTexts: DeadlineText(now: now, calendar: calendar))
  }

  /// A task by id, unique id prefix (at least 4 characters) or exact title, ignoring case.
  func task(_ reference: String) throws -> RedoTask {
    let needle = reference.lowercased()
    if needle.count == 36, let exact = try store.task(id: needle) { return exact }
    let tasks = try store.tasks()
    var matches = needle.count >= 4 ? tasks.filter { $0.id.hasPrefix(needle) } : []
    if matches.isEmpty { matches = tasks.filter { $0.title.lowercased() == needle } }
    switch matches.count {
    case 1: return matches[0]
    case 0:
      throw CLIError(
        "no task matches \"\(reference)\" (use an id prefix from `redo list`, or the exact title)")
    default:
      let ids = matches.prefix(5).map { String($0.id.prefix(8)) }.joined(separator: ", ")
      throw CLIError(
        "\"\(reference)\" matches \(matches.count) tasks (\(ids)); give more of the id")
    }
  }

  /// Plans an intent on a task (nil for a new one), then signs, validates and stores its nodes.
  @discardableResult
  func perform(_ intent: TaskIntent, on task: RedoTask?) throws -> [RedoNode] {
    let nodes = try task.map { try store.nodes(ofTask: $0.id) } ?? []
    let heads = nodes.filter { task?.heads.contains($0.id) == true }
    do {
      let steps = try DraftPlanner.plan(
        intent, task: task, heads: heads, nodes: nodes, now: now, newID: newUUID)
      return try commit(steps)
    } catch let error as PlanError {
      throw CLIError(error.description)
    }
  }

  /// Signs the steps in order, each follow-up on the node before it, and stores them together.
  func commit(_ steps: [DraftStep]) throws -> [RedoNode] {
    var nodes: [RedoNode] = []
    var wall = now
    for step in steps {
      var draft = step.draft
      if step.buildsOnPrevious, let previous = nodes.last {
        draft.parents = [previous.id]
        draft.lamport = previous.lamport + 1
      }
      let node = identity.key.sign(
        draft, deviceId: identity.deviceId, wall: wall.description, authorName: identity.name)
      nodes.append(try NodeValidator.validate(node.json))
      wall = WallTime(milliseconds: wall.milliseconds + 1)
    }
    try store.insert(nodes)
    return nodes
  }

  func newUUID() -> String { UUID().uuidString.lowercased() }

  func deadlineText(_ task: RedoTask) -> String {
    guard let todo = task.currentTodo else {
      return task.archived ? "archived" : task.isDraft ? "draft" : "done"
    }
    return deadlineTexts.describe(todo.deadline)
  }
}
