import CanonicalJSON

/// One task's nodes as a DAG: decides which nodes are valid, which live, and folds them into state.
/// Nodes are addressed by their position in the total order, so the graph work is on integers.
struct TaskGraph {
  struct Outcome {
    var task: RedoTask?
    var isDeleted = false
    var rejections: [NodeRejection] = []
  }

  let taskId: String
  /// Every node once, in the total order (lamport, wall, id).
  let ordered: [RedoNode]
  /// Positions by id, for tasks too long for a linear search.
  private let positions: [String: Int]?
  /// Each node's parents as positions; nil where a parent is not among this task's nodes.
  let parents: ParentTable
  private var rejected: [NodeRejection?]
  private var valid: [Bool]
  private var todoCreators: [String: [Int]] = [:]
  /// States at single nodes, as MERGEs ask for them: each is folded once, so a task merged
  /// many times replays in time linear in its merges, not exponential.
  private let statesAt = StateCache()

  init(taskId: String, nodes: [RedoNode]) {
    self.taskId = taskId
    // A node's id digests its clock too, so copies of one node sort next to each other.
    var ordered = nodes
    ordered.sort(by: RedoNode.precedes)
    var ids = ordered.map(\.id)
    if ids.indices.dropFirst().contains(where: { ids[$0 - 1] == ids[$0] }) {
      var unique: [RedoNode] = []
      for node in ordered where unique.last?.id != node.id { unique.append(node) }
      ordered = unique
      ids = ordered.map(\.id)
    }
    self.ordered = ordered
    var positions: [String: Int]?
    if ordered.count > Self.linearSearchLimit {
      positions = Dictionary(uniqueKeysWithValues: ids.enumerated().map { ($0.element, $0.offset) })
    }
    self.positions = positions
    var parents = ParentTable(capacity: ordered.count)
    for index in ordered.indices {
      for parent in ordered[index].parents {
        if let positions {
          parents.append(positions[parent])
        } else {
          // A parent usually comes just before its child, so the search walks back from there.
          parents.append(
            ids[..<index].lastIndex(of: parent) ?? ids[index...].firstIndex(of: parent))
        }
      }
      parents.endRow()
    }
    self.parents = parents
    rejected = Array(repeating: nil, count: ordered.count)
    valid = Array(repeating: false, count: ordered.count)
  }

  /// Decides and folds a task's nodes in one go.
  static func evaluate(taskId: String, nodes: [RedoNode]) -> Outcome {
    var graph = TaskGraph(taskId: taskId, nodes: nodes)
    return graph.evaluate()
  }

  private mutating func evaluate() -> Outcome {
    decideValidity()
    var outcome = Outcome(rejections: rejected.compactMap { $0 })
    let live = liveNodes()
    if live.isEmpty {
      outcome.isDeleted = ordered.indices.contains { valid[$0] && ordered[$0].action == .delete }
      return outcome
    }
    outcome.task = fold(live)
    return outcome
  }

  private static let linearSearchLimit = 16

  func position(of id: String) -> Int? {
    Self.position(of: id, in: ordered, positions: positions)
  }

  private static func position(of id: String, in ordered: [RedoNode], positions: [String: Int]?)
    -> Int?
  {
    if let positions { return positions[id] }
    return ordered.firstIndex { $0.id == id }
  }

  func node(_ id: String) -> RedoNode? {
    position(of: id).map { ordered[$0] }
  }

  // MARK: - Validity

  private mutating func decideValidity() {
    var original: Int?
    for index in ordered.indices where ordered[index].action == .create {
      if let first = original,
        (ordered[first].wall, ordered[first].id) < (ordered[index].wall, ordered[index].id)
      {
        continue
      }
      original = index
    }
    for index in ordered.indices {
      if let rejection = check(index, originalCreate: original) {
        rejected[index] = NodeRejection(rejection.code, rejection.reason, nodeId: ordered[index].id)
        continue
      }
      valid[index] = true
      let node = ordered[index]
      if node.action == .createTodo, let todoId = node.payload["todoTaskId"]?.stringValue {
        todoCreators[todoId, default: []].append(index)
      }
    }
  }

  private func check(_ index: Int, originalCreate: Int?) -> NodeRejection? {
    let node = ordered[index]
    if node.action == .create {
      if index != originalCreate {
        let first = originalCreate.map { ordered[$0].id } ?? ""
        return NodeRejection(.duplicateCreate, "task \(taskId) already has its CREATE \(first)")
      }
      if node.lamport != 1 { return NodeRejection(.lamportViolation, "a CREATE has lamport 1") }
      return nil
    }
    var highest = 0
    for (slot, parentIndex) in parents[index].enumerated() {
      let parentId = node.parents[slot]
      guard let parentIndex else {
        return NodeRejection(
          .parentNotFound, "parent \(parentId) is not among task \(taskId)'s nodes")
      }
      if let cause = rejected[parentIndex] {
        return NodeRejection(
          cause.code, "it descends from rejected node \(parentId) (\(cause.reason))")
      }
      // The total order puts a valid parent first; one still undecided claims a later clock.
      guard parentIndex < index, valid[parentIndex] else {
        return NodeRejection(
          .lamportViolation, "lamport \(node.lamport) is not above parent \(parentId)'s")
      }
      let parent = ordered[parentIndex]
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
    return checkReferences(index)
  }

  private func checkReferences(_ index: Int) -> NodeRejection? {
    let node = ordered[index]
    switch node.action {
    case .createTodo:
      let todoId = node.payload["todoTaskId"]?.stringValue ?? ""
      if let creators = todoCreators[todoId], isAncestor(anyOf: creators, of: index) {
        return NodeRejection(.invalidTodoRef, "todo \(todoId) already exists on this branch")
      }
    case .completeTodo, .snooze:
      // v1.7: invalid "if the todo does not exist in the reconstructed state", read as the state
      // the spec's replay has built on reaching this node: a valid CREATE_TODO before it in the
      // total order, on any branch, so no MERGE is needed first. Not the whole log's state:
      // branches could then complete each other's todos and vouch for each other, and a valid
      // completion could fold before its todo exists. Resting on earlier nodes only, validity is
      // decided in one pass, whatever the arrival order. DELETEs play no part: which branches
      // live is known only once validity is.
      let todoId = node.payload["todoTaskId"]?.stringValue ?? ""
      if todoCreators[todoId] == nil {
        return NodeRejection(
          .invalidTodoRef, "todo \(todoId) does not exist in the state replayed before this node")
      }
    case .delete:
      if let problem = deletedChainProblem(index) { return problem }
    case .merge:
      let base = node.payload["base"]?.stringValue ?? ""
      for (slot, parentIndex) in parents[index].enumerated() {
        guard let parentIndex, let baseIndex = position(of: base),
          ancestors(of: [parentIndex]).contains(baseIndex)
        else {
          return NodeRejection(
            .parentNotFound, "base \(base) is not an ancestor of parent \(node.parents[slot])")
        }
      }
    default:
      break
    }
    return nil
  }

  /// v1.7 asks a DELETE to list "every node from the root CREATE to the DELETE's parent": read
  /// as every ancestor of the parent (what this project writes) or as the nodes of one path from
  /// the CREATE to it (a reading other clients may take). Both are taken; either way the DELETE
  /// ends the whole branch behind its parent (`liveNodes`).
  private func deletedChainProblem(_ index: Int) -> NodeRejection? {
    guard let head = parents[index].first ?? nil else { return nil }
    let listed = ordered[index].payload["deletedChain"]?.arrayValue?.compactMap(\.stringValue) ?? []
    let chain = Set(listed)
    let branch = ancestors(of: [head])
    let onBranch = Dictionary(uniqueKeysWithValues: branch.map { (ordered[$0].id, $0) })
    var path = chain.compactMap { onBranch[$0] }
    if path.count == chain.count {
      if path.count == branch.count { return nil }
      // A path's nodes in the total order run from the CREATE to the head, each a parent of the
      // next.
      path.sort()
      if let first = path.first, ordered[first].action == .create, path.last == head,
        zip(path, path.dropFirst()).allSatisfy({ parents[$1].contains($0) })
      {
        return nil
      }
    }
    return NodeRejection(
      .missingDeletedChain,
      "deletedChain must list the \(branch.count) nodes from the CREATE to the deleted head, or "
        + "one path between them (\(branch.count - path.count) missing, "
        + "\(chain.count - path.count) not on the branch)")
  }

  /// The given nodes and everything they descend from.
  func ancestors(of indices: [Int]) -> Set<Int> {
    var seen = Set<Int>()
    var stack = indices
    while let index = stack.popLast() {
      guard seen.insert(index).inserted else { continue }
      stack.append(contentsOf: parents[index].compactMap { $0 })
    }
    return seen
  }

  /// Parents come before children in the total order, so the walk stops below the lowest target.
  private func isAncestor(anyOf candidates: [Int], of index: Int) -> Bool {
    let lowest = candidates.min() ?? 0
    var seen = Set<Int>()
    var stack = parents[index].compactMap { $0 }
    while let current = stack.popLast() {
      if candidates.contains(current) { return true }
      guard current > lowest, seen.insert(current).inserted else { continue }
      stack.append(contentsOf: parents[current].compactMap { $0 })
    }
    return false
  }

  // MARK: - Branch semantics

  /// Valid nodes outside every DELETE's branch survive, and so does everything they descend
  /// from. A DELETE's branch is its parent and all its ancestors: its deletedChain lists them
  /// all, or one path through them (`deletedChainProblem`), and both mean the same deletion.
  private func liveNodes() -> [Int] {
    let deletes = ordered.indices.filter { valid[$0] && ordered[$0].action == .delete }
    let deleted = ancestors(of: deletes.flatMap { parents[$0].compactMap { $0 } })
    var live = Array(repeating: false, count: ordered.count)
    for index in ordered.indices.reversed() where valid[index] {
      let node = ordered[index]
      let survives = node.action != .delete && !deleted.contains(index)
      if survives || live[index] {
        live[index] = true
        for parent in parents[index] { if let parent { live[parent] = true } }
      }
    }
    return ordered.indices.filter { live[$0] }
  }

  // MARK: - State

  func fold(_ live: [Int]) -> RedoTask? {
    // Every live node descends from the CREATE, which the total order puts first.
    guard let first = live.first, ordered[first].action == .create else { return nil }
    let create = ordered[first]
    let payload = create.payload
    var task = RedoTask(
      id: create.taskId, userId: create.author.userId, title: payload["title"]?.stringValue ?? "",
      created: create.wallTime!)
    task.apply(fields: payload)
    for index in live.dropFirst() { apply(ordered[index], to: &task) }
    var hasChild = Array(repeating: false, count: ordered.count)
    for index in live { for parent in parents[index] { if let parent { hasChild[parent] = true } } }
    let heads = live.filter { !hasChild[$0] }
    task.heads = heads.map { ordered[$0].id }
    task.headLamport = heads.map { ordered[$0].lamport }.max() ?? 1
    task.nodeCount = live.count
    return task
  }

  func apply(_ node: RedoNode, to current: inout RedoTask) {
    let payload = node.payload
    current.lastUpdated = max(current.lastUpdated, node.wallTime!)
    switch node.action {
    case .create, .delete:
      break
    case .update:
      current.apply(fields: payload)
    case .createTodo:
      let deadline = WallTime(rfc3339: payload["deadline"]?.stringValue ?? "")!
      let todo = TodoItem(
        id: payload["todoTaskId"]?.stringValue ?? "", deadline: deadline,
        notes: payload["notes"]?.stringValue ?? "", completed: nil, lamport: node.lamport,
        wall: node.wall, nodeId: node.id)
      // Nodes come in the total order, so the list stays sorted unless a MERGE reordered it.
      if let last = current.todos.last, TodoItem.isShorter(todo, last) {
        current.todos.append(todo)
        current.todos.sort(by: TodoItem.isShorter)
      } else {
        current.todos.append(todo)
      }
    case .completeTodo:
      let completed = WallTime(rfc3339: payload["completed"]?.stringValue ?? "")!
      let notes = payload["notes"]?.stringValue ?? ""
      current.updateTodo(payload["todoTaskId"]?.stringValue) { todo in
        if todo.completed == nil { todo.completed = completed }
        todo.appendNote(notes)
      }
    case .snooze:
      let notes = payload["notes"]?.stringValue ?? ""
      current.updateTodo(payload["todoTaskId"]?.stringValue) { todo in
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
  }

  /// The task as it stood at a node: a fold of it and its valid ancestors. Asked for only once
  /// validity is decided.
  func state(at id: String) -> RedoTask? {
    guard let position = position(of: id) else { return nil }
    if let known = statesAt.states[position] { return known }
    let closure = ancestors(of: [position])
    let state = fold(ordered.indices.filter { closure.contains($0) && valid[$0] })
    statesAt.states[position] = .some(state)
    return state
  }
}

/// One task's graph is evaluated on one thread; the cache is never shared.
final class StateCache {
  var states: [Int: RedoTask?] = [:]
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

/// Every node's parent positions in one buffer: a task's graph costs two allocations, not one
/// per node.
struct ParentTable {
  private var positions: [Int?] = []
  private var starts: [Int] = [0]

  init(capacity: Int) {
    positions.reserveCapacity(capacity * 2)
    starts.reserveCapacity(capacity + 1)
  }

  mutating func append(_ position: Int?) { positions.append(position) }

  mutating func endRow() { starts.append(positions.count) }

  subscript(index: Int) -> ArraySlice<Int?> { positions[starts[index]..<starts[index + 1]] }
}
