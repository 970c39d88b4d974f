import CanonicalJSON
import Foundation

/// What replay makes of a set of nodes: the live tasks and every node it had to reject.
public struct ReplayResult: Sendable {
  public var tasks: [String: RedoTask] = [:]
  /// Tasks whose every branch ends in a DELETE.
  public var deletedTaskIds: Set<String> = []
  public var rejections: [NodeRejection] = []
  fileprivate var nodes: [RedoNode] = []

  /// Every node that passed the graph rules. Each node is either valid or rejected, so the set is
  /// built from the two when asked for (once per use: it hashes every id), as most readers need
  /// only the tasks.
  public func validNodeIds() -> Set<String> {
    var ids = Set(nodes.map(\.id))
    for rejection in rejections { if let id = rejection.nodeId { ids.remove(id) } }
    return ids
  }
}

/// Replay: graph rules (parents, lamport, duplicate CREATE, todo references, deletedChain, MERGE
/// base), the broken-branch rule, DELETE branch semantics, then state in total order.
/// Nodes given here have passed `NodeValidator`.
public enum TaskReplay {
  public static func replay(_ nodes: [RedoNode]) -> ReplayResult {
    // Tasks replay independently, so each core takes the tasks of its own shard, from grouping
    // to state. Grouping reads only the nodes' inline task keys; the rare tasks whose keys
    // collide are told apart by their ids.
    let workers = min(ProcessInfo.processInfo.activeProcessorCount, max(1, nodes.count / 2048))
    var shards = [[(taskId: String, outcome: TaskGraph.Outcome)]](repeating: [], count: workers)
    shards.withUnsafeMutableBufferPointer { slots in
      let slots = UncheckedSendable(slots)
      DispatchQueue.concurrentPerform(iterations: workers) { worker in
        // Sorting (key, position) pairs groups a shard without an array per task growing node
        // by node.
        var keyed: [(key: UInt64, position: Int)] = []
        keyed.reserveCapacity(nodes.count / workers + nodes.count / 16)
        for position in nodes.indices where nodes[position].taskKey % UInt64(workers) == worker {
          keyed.append((nodes[position].taskKey, position))
        }
        keyed.sort { $0.key < $1.key }
        var outcomes: [(taskId: String, outcome: TaskGraph.Outcome)] = []
        var start = keyed.startIndex
        while start < keyed.endIndex {
          var end = start + 1
          while end < keyed.endIndex, keyed[end].key == keyed[start].key { end += 1 }
          let group = keyed[start..<end].map { nodes[$0.position] }
          start = end
          let taskId = group[0].taskId
          if group.allSatisfy({ $0.taskId == taskId }) {
            outcomes.append((taskId, TaskGraph.evaluate(taskId: taskId, nodes: group)))
          } else {
            for (taskId, nodes) in Dictionary(grouping: group, by: \.taskId) {
              outcomes.append((taskId, TaskGraph.evaluate(taskId: taskId, nodes: nodes)))
            }
          }
        }
        slots.value[worker] = outcomes
      }
    }
    var result = ReplayResult(nodes: nodes)
    result.tasks.reserveCapacity(shards.reduce(0) { $0 + $1.count })
    for shard in shards {
      for (taskId, outcome) in shard {
        result.rejections += outcome.rejections
        if let task = outcome.task {
          result.tasks[taskId] = task
        } else if outcome.isDeleted {
          result.deletedTaskIds.insert(taskId)
        }
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
    let outcome = TaskGraph.evaluate(taskId: taskId, nodes: nodes)
    return (outcome.task, outcome.rejections)
  }
}

/// Each worker writes only its own slots.
private struct UncheckedSendable<Value>: @unchecked Sendable {
  let value: Value
  init(_ value: Value) { self.value = value }
}
