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
    let chain = ancestry(of: head.id, among: nodes)
    return NodeDraft(
      taskId: head.taskId, parents: [head.id], lamport: head.lamport + 1, action: .delete,
      payload: ["deletedChain": .array(chain.sorted().map(JSON.string))])
  }

  /// The most parents a MERGE may join.
  public static let mostMergedHeads = 10

  /// A MERGE joining `heads` (2 to 10 of them), based on their latest common ancestor, with the
  /// protocol's default policy.
  public static func merge(heads: [RedoNode], among nodes: [RedoNode]) -> NodeDraft {
    let byId = Dictionary(nodes.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    let common = heads.dropFirst().reduce(ancestry(of: heads[0].id, among: nodes)) {
      $0.intersection(ancestry(of: $1.id, among: nodes))
    }
    let base = common.compactMap { byId[$0] }.max(by: RedoNode.precedes)
    return NodeDraft(
      taskId: heads[0].taskId, parents: heads.map(\.id).sorted(),
      lamport: (heads.map(\.lamport).max() ?? 0) + 1, action: .merge,
      payload: ["base": .string(base?.id ?? "")])
  }

  /// `id` and every node it descends from.
  static func ancestry(of id: String, among nodes: [RedoNode]) -> Set<String> {
    let byId = Dictionary(nodes.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    var found = Set<String>()
    var stack = [id]
    while let id = stack.popLast() {
      guard found.insert(id).inserted else { continue }
      stack.append(contentsOf: byId[id]?.parents ?? [])
    }
    return found
  }
}
