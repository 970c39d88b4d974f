import CanonicalJSON

/// One task's nodes as a DAG: decides which nodes are valid, which live, and folds them into state.
struct TaskGraph {
  struct Outcome {
    var task: RedoTask?
    var isDeleted = false
    var rejections: [NodeRejection] = []
    var validNodeIds: Set<String> = []
  }

  let taskId: String
  let nodes: [String: RedoNode]
  let ordered: [RedoNode]
  private var rejected: [String: NodeRejection] = [:]
  private var valid: Set<String> = []
  private var todoCreators: [String: [String]] = [:]

  init(taskId: String, nodes: [String: RedoNode]) {
    self.taskId = taskId
    self.nodes = nodes
    self.ordered = nodes.values.sorted(by: RedoNode.precedes)
  }

  func evaluate() -> Outcome {
    var graph = self
    graph.decideValidity()
    var outcome = Outcome(
      rejections: graph.ordered.compactMap { graph.rejected[$0.id] },
      validNodeIds: graph.valid)
    let live = graph.liveNodes()
    if live.isEmpty {
      outcome.isDeleted = graph.valid.contains { graph.nodes[$0]?.action == .delete }
      return outcome
    }
    outcome.task = graph.fold(live)
    return outcome
  }

  // MARK: - Validity

  private mutating func decideValidity() {
    let original = ordered.filter { $0.action == .create }
      .min { ($0.wall, $0.id) < ($1.wall, $1.id) }
    for node in ordered {
      if let rejection = check(node, originalCreate: original?.id) {
        rejected[node.id] = NodeRejection(rejection.code, rejection.reason, nodeId: node.id)
      } else {
        valid.insert(node.id)
        if node.action == .createTodo, let todoId = node.payload["todoTaskId"]?.stringValue {
          todoCreators[todoId, default: []].append(node.id)
        }
      }
    }
  }

  private func check(_ node: RedoNode, originalCreate: String?) -> NodeRejection? {
    if node.action == .create {
      if node.id != originalCreate {
        return NodeRejection(
          .duplicateCreate, "task \(taskId) already has its CREATE \(originalCreate ?? "")")
      }
      if node.lamport != 1 { return NodeRejection(.lamportViolation, "a CREATE has lamport 1") }
      return nil
    }
    var highest = 0
    for parentId in node.parents {
      guard let parent = nodes[parentId] else {
        return NodeRejection(
          .parentNotFound, "parent \(parentId) is not among task \(taskId)'s nodes")
      }
      if let cause = rejected[parentId] {
        return NodeRejection(
          cause.code, "it descends from rejected node \(parentId) (\(cause.reason))")
      }
      guard valid.contains(parentId) else {
        return NodeRejection(
          .lamportViolation, "lamport \(node.lamport) is not above parent \(parentId)'s")
      }
      if parent.action == .delete {
        return NodeRejection(
          .parentNotFound, "parent \(parentId) is a DELETE tombstone, which ends its branch")
      }
      highest = max(highest, parent.lamport)
    }
    if node.lamport != highest + 1 {
      return NodeRejection(
        .lamportViolation, "lamport must be \(highest + 1), one above its parents'")
    }
    return checkReferences(node)
  }

  private func checkReferences(_ node: RedoNode) -> NodeRejection? {
    switch node.action {
    case .createTodo:
      let todoId = node.payload["todoTaskId"]?.stringValue ?? ""
      if let creators = todoCreators[todoId], isAncestor(anyOf: creators, of: node) {
        return NodeRejection(.invalidTodoRef, "todo \(todoId) already exists on this branch")
      }
    case .completeTodo, .snooze:
      let todoId = node.payload["todoTaskId"]?.stringValue ?? ""
      guard let creators = todoCreators[todoId], isAncestor(anyOf: creators, of: node) else {
        return NodeRejection(.invalidTodoRef, "no CREATE_TODO made todo \(todoId) on this branch")
      }
    case .delete:
      let chain = Set(node.payload["deletedChain"]?.arrayValue?.compactMap(\.stringValue) ?? [])
      let branch = ancestors(of: node.parents)
      if chain != branch {
        let missing = branch.subtracting(chain).count
        let extra = chain.subtracting(branch).count
        return NodeRejection(
          .missingDeletedChain,
          "deletedChain must list exactly the \(branch.count) nodes from the CREATE to the deleted head "
            + "(\(missing) missing, \(extra) not on the branch)")
      }
    case .merge:
      let base = node.payload["base"]?.stringValue ?? ""
      for parent in node.parents where parent != base && !ancestors(of: [parent]).contains(base) {
        return NodeRejection(.parentNotFound, "base \(base) is not an ancestor of parent \(parent)")
      }
    default:
      break
    }
    return nil
  }

  /// The given nodes and everything they descend from, among valid nodes.
  func ancestors(of ids: [String]) -> Set<String> {
    var seen = Set<String>()
    var stack = ids
    while let id = stack.popLast() {
      guard seen.insert(id).inserted, let node = nodes[id] else { continue }
      stack.append(contentsOf: node.parents)
    }
    return seen
  }

  private func isAncestor(anyOf candidates: [String], of node: RedoNode) -> Bool {
    let targets = Set(candidates)
    let lowest = candidates.compactMap { nodes[$0]?.lamport }.min() ?? 0
    var seen = Set<String>()
    var stack = node.parents
    while let id = stack.popLast() {
      if targets.contains(id) { return true }
      guard seen.insert(id).inserted, let parent = nodes[id], parent.lamport > lowest else {
        continue
      }
      stack.append(contentsOf: parent.parents)
    }
    return false
  }

  // MARK: - Branch semantics

  /// Valid nodes outside every DELETE's chain survive, and so does everything they descend from.
  private func liveNodes() -> [RedoNode] {
    let validNodes = ordered.filter { valid.contains($0.id) }
    var deleted = Set<String>()
    for node in validNodes where node.action == .delete {
      deleted.formUnion(node.payload["deletedChain"]?.arrayValue?.compactMap(\.stringValue) ?? [])
    }
    var live = Set<String>()
    for node in validNodes.reversed() {
      let survives = node.action != .delete && !deleted.contains(node.id)
      if survives || live.contains(node.id) {
        live.insert(node.id)
        live.formUnion(node.parents)
      }
    }
    return validNodes.filter { live.contains($0.id) }
  }

  // MARK: - State

  func fold(_ live: [RedoNode]) -> RedoTask? {
    var task: RedoTask?
    for node in live { apply(node, to: &task) }
    guard var result = task else { return nil }
    var hasChild = Set<String>()
    for node in live { hasChild.formUnion(node.parents) }
    let heads = live.filter { !hasChild.contains($0.id) }
    result.heads = heads.map(\.id)
    result.headLamport = heads.map(\.lamport).max() ?? 1
    result.nodeCount = live.count
    return result
  }

  func apply(_ node: RedoNode, to task: inout RedoTask?) {
    let payload = node.payload
    let wall = WallTime(wall: node.wall)!
    if node.action == .create {
      var created = RedoTask(
        id: node.taskId, userId: node.author.userId, title: payload["title"]?.stringValue ?? "",
        created: wall)
      created.apply(fields: payload)
      task = created
      return
    }
    guard var current = task else { return }
    current.lastUpdated = max(current.lastUpdated, wall)
    let todoId = payload["todoTaskId"]?.stringValue
    let notes = payload["notes"]?.stringValue ?? ""
    switch node.action {
    case .create, .delete:
      break
    case .update:
      current.apply(fields: payload)
    case .createTodo:
      let deadline = WallTime(rfc3339: payload["deadline"]?.stringValue ?? "")!
      current.todos.append(
        TodoItem(
          id: todoId!, deadline: deadline, notes: notes, completed: nil, lamport: node.lamport,
          wall: node.wall, nodeId: node.id))
      current.todos.sort(by: TodoItem.isShorter)
    case .completeTodo:
      let completed = WallTime(rfc3339: payload["completed"]?.stringValue ?? "")!
      current.updateTodo(todoId) { todo in
        if todo.completed == nil { todo.completed = completed }
        todo.appendNote(notes)
      }
    case .snooze:
      current.updateTodo(todoId) { todo in
        if let days = payload["daysToExtend"]?.integerValue {
          todo.deadline = todo.deadline.adding(days: days)
        } else if let text = payload["newDeadline"]?.stringValue,
          let deadline = WallTime(rfc3339: text)
        {
          todo.deadline = deadline
        }
        todo.appendNote(notes)
      }
    case .archive:
      current.archived = true
    case .unarchive:
      current.archived = false
    case .merge:
      MergeEvaluator(graph: self, merge: node).resolve(into: &current)
    }
    task = current
  }

  /// The task as it stood at `head`: a fold of `head` and its ancestors.
  func state(at heads: [String]) -> RedoTask? {
    let closure = ancestors(of: heads)
    return fold(ordered.filter { closure.contains($0.id) && valid.contains($0.id) })
  }
}

extension RedoTask {
  mutating func updateTodo(_ id: String?, _ change: (inout TodoItem) -> Void) {
    guard let index = todos.firstIndex(where: { $0.id == id }) else { return }
    change(&todos[index])
  }
}

extension TodoItem {
  mutating func appendNote(_ note: String) {
    guard !note.isEmpty else { return }
    notes = notes.isEmpty ? note : notes + "\n" + note
  }
}
