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

  static func open() throws -> Workspace {
    let home = RedoHome.resolve()
    let zone = ProcessInfo.processInfo.environment["TZ"].flatMap(DayCalendar.init(identifier:))
    return Workspace(
      home: home, identity: try home.loadIdentity(), store: try home.openStore(),
      now: WallTime(secondsSince1970: Date().timeIntervalSince1970),
      calendar: zone ?? DayCalendar(timeZone: .current))
  }

  /// A task by id, unique id prefix (at least 4 characters) or exact title, ignoring case.
  func task(_ reference: String) throws -> RedoTask {
    let tasks = try store.tasks()
    let needle = reference.lowercased()
    if let exact = tasks.first(where: { $0.id == needle }) { return exact }
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

  /// The node a new change builds on: the task's most recent head in the total order.
  func head(of task: RedoTask) throws -> RedoNode {
    let nodes = try store.nodes(ofTask: task.id).filter { task.heads.contains($0.id) }
    guard let head = nodes.max(by: RedoNode.precedes) else {
      throw CLIError("task \(task.id) has no head node; run `redo verify --all`")
    }
    return head
  }

  /// Signs drafts in sequence, each built on the node before it, validates and stores them.
  @discardableResult
  func commit(_ first: NodeDraft, then next: [(RedoNode) -> NodeDraft] = []) throws -> [RedoNode] {
    var nodes: [RedoNode] = []
    var draft = first
    var wall = now
    while true {
      let node = identity.key.sign(
        draft, deviceId: identity.deviceId, wall: wall.description, authorName: identity.name)
      nodes.append(try NodeValidator.validate(node.json))
      guard nodes.count <= next.count else { break }
      draft = next[nodes.count - 1](node)
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
    return DeadlineText.describe(deadline: todo.deadline, now: now, calendar: calendar)
  }
}

extension NodeDraft {
  /// The next change on a task, one lamport above the node it builds on.
  static func after(_ parent: RedoNode, _ action: NodeAction, _ payload: [String: JSON] = [:])
    -> NodeDraft
  {
    NodeDraft(
      taskId: parent.taskId, parents: [parent.id], lamport: parent.lamport + 1, action: action,
      payload: payload)
  }
}
