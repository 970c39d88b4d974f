import CanonicalJSON
import RedoCore

/// SplitMix64: small, seedable, the same everywhere.
struct SeededGenerator: RandomNumberGenerator {
  var state: UInt64
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

extension RedoKey {
  /// A key from four words of `rng`, so a seed names the same devices each run.
  static func seeded(_ rng: inout SeededGenerator) throws -> RedoKey {
    try RedoKey(
      seedHex: (0..<4).map { _ in
        let word = String(rng.next(), radix: 16)
        return String(repeating: "0", count: 16 - word.count) + word
      }.joined())
  }
}

/// Random valid task histories with offline forks, merges, completions (of todos on any branch)
/// and deletes (of every ancestor, or of one path).
enum RandomHistory {
  static func make(tasks: Int, stepsPerTask: ClosedRange<Int>, seed: UInt64) -> History {
    var rng = SeededGenerator(state: seed)
    var history = History()
    for _ in 0..<tasks {
      let (taskId, create, todo) = history.createTask(
        "Task \(history.counter)",
        fields: ["priority": .number(Double(Int.random(in: 1...5, using: &rng)))])
      var heads = [todo]
      var openTodos: [String: [String]] = [todo.id: [todo.payload["todoTaskId"]!.stringValue!]]
      var made = [(lamport: todo.lamport, todoId: todo.payload["todoTaskId"]!.stringValue!)]
      for _ in 0..<Int.random(in: stepsPerTask, using: &rng) {
        history.clock = WallTime(
          milliseconds: history.clock.milliseconds + Int64.random(in: -5000...5000, using: &rng))
        let parentIndex = Int.random(in: heads.indices, using: &rng)
        let parent = heads[parentIndex]
        let todos = openTodos[parent.id] ?? []
        // Or a todo made on any branch before the new node in the total order: a client holding
        // both heads may complete or snooze it without a MERGE (v1.7's reconstructed state).
        let elsewhere = made.filter { $0.lamport <= parent.lamport }.map(\.todoId)
        let target =
          Bool.random(using: &rng) ? elsewhere.randomElement(using: &rng) ?? todos.last : todos.last
        let node: RedoNode
        var forks = false
        switch Int.random(in: 0..<10, using: &rng) {
        case 0, 1:
          node = history.append(
            .update, task: taskId, parents: [parent],
            payload: [
              "title": .string("Edit \(history.counter)"),
              "priority": .number(Double(Int.random(in: 1...5, using: &rng))),
            ])
          forks = Bool.random(using: &rng)
        case 2 where target != nil:
          node = history.append(
            .completeTodo, task: taskId, parents: [parent],
            payload: [
              "todoTaskId": .string(target!), "completed": .string(history.clock.description),
            ])
        case 3:
          node = history.append(
            .createTodo, task: taskId, parents: [parent],
            payload: [
              "todoTaskId": .string(history.nextUUID()),
              "deadline": .string(
                history.clock.adding(days: Int.random(in: -3...20, using: &rng)).description),
            ])
        case 4 where target != nil:
          node = history.append(
            .snooze, task: taskId, parents: [parent],
            payload: [
              "todoTaskId": .string(target!),
              "daysToExtend": .number(Double(Int.random(in: 1...7, using: &rng))),
            ])
        case 5:
          node = history.append(
            Bool.random(using: &rng) ? .archive : .unarchive, task: taskId, parents: [parent])
        case 6 where heads.count >= 2:
          let other = heads[(parentIndex + 1) % heads.count]
          node = history.append(
            .merge, task: taskId, parents: [parent, other], payload: ["base": .string(create.id)])
          heads.removeAll { $0.id == other.id }
          openTodos[node.id] = (openTodos[parent.id] ?? []) + (openTodos[other.id] ?? [])
        case 7 where heads.count >= 2:
          // Every ancestor, as this project writes it, or one path to the CREATE, as v1.7 allows.
          var chain = NodeDraft.delete(head: parent, among: history.nodes).payload
          if Bool.random(using: &rng) {
            let byId = Dictionary(uniqueKeysWithValues: history.nodes.map { ($0.id, $0) })
            var path = [parent]
            while let next = path.last!.parents.first.flatMap({ byId[$0] }) { path.append(next) }
            chain = ["deletedChain": .array(path.map { .string($0.id) })]
          }
          _ = history.append(.delete, task: taskId, parents: [parent], payload: chain)
          heads.remove(at: parentIndex)
          continue
        default:
          node = history.append(
            .update, task: taskId, parents: [parent],
            payload: ["storyPoints": .number(Double(Int.random(in: 0...8, using: &rng)))])
        }
        if openTodos[node.id] == nil {
          var inherited = todos
          if node.action == .createTodo {
            inherited.append(node.payload["todoTaskId"]!.stringValue!)
            made.append((node.lamport, node.payload["todoTaskId"]!.stringValue!))
          }
          openTodos[node.id] = inherited
        }
        if forks {
          heads.append(node)
        } else {
          heads[heads.firstIndex { $0.id == parent.id } ?? 0] = node
        }
      }
    }
    return history
  }
}
