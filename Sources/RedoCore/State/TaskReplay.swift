import CanonicalJSON

/// What replay makes of a set of nodes: the live tasks and every node it had to reject.
public struct ReplayResult: Sendable {
  public var tasks: [String: RedoTask] = [:]
  /// Tasks whose every branch ends in a DELETE.
  public var deletedTaskIds: Set<String> = []
  public var rejections: [NodeRejection] = []
  public var validNodeIds: Set<String> = []
}

/// Replay: graph rules (parents, lamport, duplicate CREATE, todo references, deletedChain, MERGE
/// base), the broken-branch rule, DELETE branch semantics, then state in total order.
/// Nodes given here have passed `NodeValidator`.
public enum TaskReplay {
  public static func replay(_ nodes: [RedoNode]) -> ReplayResult {
    var groups: [String: [String: RedoNode]] = [:]
    for node in nodes { groups[node.taskId, default: [:]][node.id] = node }
    var result = ReplayResult()
    for (taskId, group) in groups {
      let outcome = TaskGraph(taskId: taskId, nodes: group).evaluate()
      result.rejections += outcome.rejections
      result.validNodeIds.formUnion(outcome.validNodeIds)
      if let task = outcome.task {
        result.tasks[taskId] = task
      } else if outcome.isDeleted {
        result.deletedTaskIds.insert(taskId)
      }
    }
    result.rejections.sort { ($0.nodeId ?? "") < ($1.nodeId ?? "") }
    return result
  }

  /// Replays one task's nodes, all of which must carry its taskId.
  public static func replayTask(_ nodes: [RedoNode]) -> (
    task: RedoTask?, rejections: [NodeRejection]
  ) {
    guard let taskId = nodes.first?.taskId else { return (nil, []) }
    let group = Dictionary(nodes.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    let outcome = TaskGraph(taskId: taskId, nodes: group).evaluate()
    return (outcome.task, outcome.rejections)
  }
}
