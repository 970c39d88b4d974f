import CanonicalJSON

/// A node before it has an author, a wall time, an id and a signature.
public struct NodeDraft: Hashable, Sendable {
  public var taskId: String
  public var parents: [String]
  public var lamport: Int
  public var action: NodeAction
  public var payload: [String: JSON]

  public init(
    taskId: String, parents: [String], lamport: Int, action: NodeAction, payload: [String: JSON]
  ) {
    self.taskId = taskId
    self.parents = parents
    self.lamport = lamport
    self.action = action
    self.payload = payload
  }
}

extension NodeDraft {
  /// A DELETE of the branch ending at `head`: its deletedChain is `head` and all its ancestors.
  public static func delete(head: RedoNode, among nodes: [RedoNode]) -> NodeDraft {
    let byId = Dictionary(nodes.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    var chain = Set<String>()
    var stack = [head.id]
    while let id = stack.popLast() {
      guard chain.insert(id).inserted else { continue }
      stack.append(contentsOf: byId[id]?.parents ?? [])
    }
    return NodeDraft(
      taskId: head.taskId, parents: [head.id], lamport: head.lamport + 1, action: .delete,
      payload: ["deletedChain": .array(chain.sorted().map(JSON.string))])
  }
}
