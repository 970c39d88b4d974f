import CanonicalJSON

/// The three-way merge of a MERGE node (spec 1.10): for each field, an explicit resolution wins;
/// else the value of the only parent that changed it from the base; else the default strategy.
struct MergeEvaluator {
  let graph: TaskGraph
  let merge: RedoNode

  func resolve(into task: inout RedoTask) {
    guard let payload = try? MergePayload(merge.payload, parents: merge.parents),
      let base = graph.state(at: payload.base)
    else { return }
    let parents = merge.parents.compactMap { id in
      graph.node(id).flatMap { node in graph.state(at: id).map { (node, $0) } }
    }
    let explicit = Dictionary(
      payload.task.map { ($0.path, $0) }, uniquingKeysWith: { _, last in last })
    var merged: [String: JSON] = [:]
    for field in MergePayload.mergeableTaskFields.sorted() {
      let baseValue = base.field(field)
      let candidates = parents.map { (node: $0.0, value: $0.1.field(field)) }
      let changed = candidates.filter { $0.value != baseValue }
      if let resolution = explicit[field] {
        merged[field] =
          value(of: resolution, candidates: candidates, policy: payload) ?? task.field(field)
      } else if changed.isEmpty {
        continue
      } else if Set(changed.map(\.value)).count == 1 {
        merged[field] = changed[0].value
      } else {
        merged[field] = strategyValue(payload.defaultStrategy, changed, policy: payload)
      }
    }
    task.apply(fields: merged)
    for (todoId, resolutions) in payload.todos {
      let candidates = parents.map { ($0.0, $0.1) }
      task.updateTodo(todoId) { todo in
        for resolution in resolutions {
          let values = candidates.map {
            (node: $0.0, value: todoField(resolution.path, of: $0.1, id: todoId))
          }
          guard let chosen = value(of: resolution, candidates: values, policy: payload) else {
            continue
          }
          if resolution.path == "notes", let notes = chosen.stringValue { todo.notes = notes }
          if resolution.path == "deadline", let text = chosen.stringValue,
            let deadline = WallTime(rfc3339: text)
          {
            todo.deadline = deadline
          }
        }
      }
    }
  }

  private func todoField(_ path: String, of task: RedoTask, id: String) -> JSON {
    guard let todo = task.todos.first(where: { $0.id == id }) else { return .null }
    return path == "notes" ? .string(todo.notes) : .string(todo.deadline.description)
  }

  private func value(
    of resolution: MergePayload.FieldResolution, candidates: [(node: RedoNode, value: JSON)],
    policy: MergePayload
  ) -> JSON? {
    switch resolution.strategy {
    case "manual": return resolution.value
    case "ours", "theirs": return candidates.first { $0.node.id == resolution.chosenParent }?.value
    default: return strategyValue(resolution.strategy, candidates, policy: policy)
    }
  }

  private func strategyValue(
    _ strategy: String, _ candidates: [(node: RedoNode, value: JSON)], policy: MergePayload
  ) -> JSON? {
    let numbers = candidates.compactMap(\.value.numberValue)
    switch strategy {
    case "max" where numbers.count == candidates.count: return numbers.max().map(JSON.number)
    case "min" where numbers.count == candidates.count: return numbers.min().map(JSON.number)
    case "ours": return candidates.first?.value
    case "theirs": return candidates.last?.value
    default:
      return candidates.max { isOlder($0.node, $1.node, tiebreakers: policy.lwwTiebreakers) }?.value
    }
  }

  /// Last-writer-wins order over the parents, by the policy's tiebreakers, then id.
  private func isOlder(_ lhs: RedoNode, _ rhs: RedoNode, tiebreakers: [String]) -> Bool {
    for tiebreaker in tiebreakers {
      switch tiebreaker {
      case "lamport" where lhs.lamport != rhs.lamport: return lhs.lamport < rhs.lamport
      case "wall" where lhs.wall != rhs.wall: return lhs.wall < rhs.wall
      case "author" where lhs.author.userId != rhs.author.userId:
        return lhs.author.userId < rhs.author.userId
      default: continue
      }
    }
    return lhs.id < rhs.id
  }
}
