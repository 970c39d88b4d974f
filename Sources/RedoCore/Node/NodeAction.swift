public enum NodeAction: String, Sendable, CaseIterable, Codable {
  case create = "CREATE"
  case update = "UPDATE"
  case delete = "DELETE"
  case completeTodo = "COMPLETE_TODO"
  case createTodo = "CREATE_TODO"
  case snooze = "SNOOZE"
  case archive = "ARCHIVE"
  case unarchive = "UNARCHIVE"
  case merge = "MERGE"

  /// How many parents the action takes.
  var parentCount: ClosedRange<Int> {
    switch self {
    case .create: 0...0
    case .merge: 2...10
    default: 1...1
    }
  }
}
