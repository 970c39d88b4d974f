extension TaskReplay {
  /// Which of `incoming` a task's log may take besides the nodes it `held` (all valid): each
  /// newcomer must be valid among the nodes before it in the total order (its ancestry, and for
  /// a todo reference any branch) and leave every held node valid. A newcomer never
  /// rewrites history: a second CREATE for a task already held is refused (E_DUPLICATE_CREATE),
  /// and so is any node that would make a held one invalid. Nodes already held are neither
  /// accepted nor rejected again. `task` is the task's state with what was accepted.
  public static func admit(_ incoming: [RedoNode], to held: [RedoNode]) -> (
    accepted: [RedoNode], rejections: [NodeRejection], task: RedoTask?
  ) {
    var known = Set(held.map(\.id))
    var rejections: [NodeRejection] = []
    var candidates: [RedoNode] = []
    for node in incoming where known.insert(node.id).inserted {
      if !held.isEmpty, node.action == .create {
        rejections.append(
          NodeRejection(
            .duplicateCreate, "task \(node.taskId) already exists; its CREATE cannot be replaced",
            nodeId: node.id))
      } else {
        candidates.append(node)
      }
    }
    let protected = Set(held.map(\.id))
    // Refused nodes take no part in a replay's state, so this one is also the state after.
    let (task, all) = replayTask(held + candidates)
    if !all.contains(where: { protected.contains($0.nodeId ?? "") }) {
      let refused = Set(all.compactMap(\.nodeId))
      return (
        candidates.filter { !refused.contains($0.id) },
        rejections + all.filter { !protected.contains($0.nodeId ?? "") }, task
      )
    }
    // Some newcomer would invalidate held nodes: take the newcomers one at a time, in the total
    // order, each only if everything taken so far stays valid.
    var accepted: [RedoNode] = []
    for node in candidates.sorted(by: RedoNode.precedes) {
      let outcome = replayTask(held + accepted + [node]).rejections
      if let own = outcome.first(where: { $0.nodeId == node.id }) {
        rejections.append(own)
      } else if let harmed = outcome.first {
        rejections.append(
          NodeRejection(
            harmed.code,
            "it would make node \(harmed.nodeId ?? "?") invalid: \(harmed.reason)", nodeId: node.id
          ))
      } else {
        accepted.append(node)
      }
    }
    return (accepted, rejections, replayTask(held + accepted).task)
  }
}
