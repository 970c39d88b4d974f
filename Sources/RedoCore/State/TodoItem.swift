/// One actionable instance of a task, made by a CREATE_TODO node.
public struct TodoItem: Hashable, Sendable {
  /// The stable id from the CREATE_TODO payload's `todoTaskId`.
  public var id: String
  public var deadline: WallTime
  public var notes: String
  public var completed: WallTime?
  public var lamport: Int
  public var wall: String
  public var nodeId: String

  public init(
    id: String, deadline: WallTime, notes: String, completed: WallTime?, lamport: Int, wall: String,
    nodeId: String
  ) {
    self.id = id
    self.deadline = deadline
    self.notes = notes
    self.completed = completed
    self.lamport = lamport
    self.wall = wall
    self.nodeId = nodeId
  }

  public var isOpen: Bool { completed == nil }

  /// The "tallest chain" order: lamport, then wall, then node id.
  static func isShorter(_ lhs: TodoItem, _ rhs: TodoItem) -> Bool {
    (lhs.lamport, lhs.wall, lhs.nodeId) < (rhs.lamport, rhs.wall, rhs.nodeId)
  }
}
