import CanonicalJSON

/// A task as replay reconstructs it from its valid nodes.
public struct RedoTask: Hashable, Sendable {
  public var id: String
  /// The crypto user id of the CREATE's author.
  public var userId: String
  public var title: String
  public var description: String = ""
  public var privacy = false
  public var storyPoints = 1
  public var priority = 3
  /// Days between todos; nil for a one-time task.
  public var frequencyDays: Int?
  public var created: WallTime
  public var lastUpdated: WallTime
  public var archived = false
  /// Every todo, ascending by (lamport, wall, nodeId).
  public var todos: [TodoItem] = []
  /// The live nodes nothing else builds on yet; a new node's parent is the latest of them.
  public var heads: [String] = []
  public var headLamport = 1
  public var nodeCount = 0

  public init(id: String, userId: String, title: String, created: WallTime) {
    self.id = id
    self.userId = userId
    self.title = title
    self.created = created
    self.lastUpdated = created
  }

  /// The open todo with the tallest chain; other open todos are orphans of offline forks.
  public var currentTodo: TodoItem? {
    var current: TodoItem?
    for todo in todos where todo.isOpen {
      if let found = current, !TodoItem.isShorter(found, todo) { continue }
      current = todo
    }
    return current
  }

  /// A task with no todo yet: it stays out of active lists.
  public var isDraft: Bool { todos.isEmpty }

  public var isActive: Bool { !archived && currentTodo != nil }

  public func isOverdue(at now: WallTime) -> Bool {
    guard isActive, let todo = currentTodo else { return false }
    return todo.deadline < now
  }

  mutating func apply(fields: [String: JSON]) {
    for (key, value) in fields {
      switch key {
      case "title": title = value.stringValue ?? title
      case "description": description = value.stringValue ?? description
      case "privacy": privacy = value.boolValue ?? privacy
      case "storyPoints": storyPoints = value.integerValue ?? storyPoints
      case "priority": priority = value.integerValue ?? priority
      case "frequencyDays": frequencyDays = value.integerValue
      case "archived": archived = value.boolValue ?? archived
      default: break
      }
    }
  }

  func field(_ name: String) -> JSON {
    switch name {
    case "title": .string(title)
    case "description": .string(description)
    case "privacy": .bool(privacy)
    case "storyPoints": .number(Double(storyPoints))
    case "priority": .number(Double(priority))
    case "frequencyDays": frequencyDays.map { .number(Double($0)) } ?? .null
    case "archived": .bool(archived)
    default: .null
    }
  }
}
