import CanonicalJSON
import Foundation

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
    var groups: [String: [RedoNode]] = [:]
    for node in nodes { groups[node.taskId, default: []].append(node) }
    let tasks = Array(groups)
    // Tasks replay independently, so they are shared out over the cores.
    let workers = min(ProcessInfo.processInfo.activeProcessorCount, max(1, tasks.count / 512))
    var outcomes = [TaskGraph.Outcome?](repeating: nil, count: tasks.count)
    outcomes.withUnsafeMutableBufferPointer { slots in
      let slots = UncheckedSendable(slots)
      DispatchQueue.concurrentPerform(iterations: workers) { worker in
        for index in stride(from: worker, to: tasks.count, by: workers) {
          slots.value[index] = TaskGraph(taskId: tasks[index].key, nodes: tasks[index].value)
            .evaluate()
        }
      }
    }
    var result = ReplayResult()
    result.validNodeIds.reserveCapacity(nodes.count)
    for (index, outcome) in outcomes.enumerated() {
      guard let outcome else { continue }
      let taskId = tasks[index].key
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
    let outcome = TaskGraph(taskId: taskId, nodes: nodes).evaluate()
    return (outcome.task, outcome.rejections)
  }
}

/// Each worker writes only its own slots.
private struct UncheckedSendable<Value>: @unchecked Sendable {
  let value: Value
  init(_ value: Value) { self.value = value }
}
