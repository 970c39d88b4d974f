import CanonicalJSON

/// Each action's payload schema (every one closed: no extra keys) and the reserved names.
enum PayloadRules {
  static let reserved: Set<String> = ["guid", "todoTasks", "created", "archived", "deleted"]
  static let taskFields: Set<String> = [
    "title", "description", "privacy", "storyPoints", "priority", "frequencyDays",
  ]
  static let strategies: Set<String> = ["ours", "theirs", "union", "lww", "manual", "max", "min"]

  static func check(_ node: RedoNode) throws(NodeRejection) {
    let payload = node.payload
    let forbidden = node.action == .update ? reserved.union(["archive"]) : reserved
    if let name = payload.keys.sorted().first(where: forbidden.contains) {
      throw NodeRejection(
        .forbiddenField, "\"\(name)\" may not appear in a \(node.action.rawValue) payload")
    }
    let size = (try? JSON.object(payload).canonicalBytes().count) ?? Int.max
    guard size <= NodeValidator.maximumPayloadBytes else {
      throw NodeRejection(.schemaMismatch, "the payload is \(size) bytes; the limit is 1 MiB")
    }
    switch node.action {
    case .create:
      try closed(payload, taskFields)
      guard payload["title"] != nil else {
        throw NodeRejection(.schemaMismatch, "payload.title is missing")
      }
      try taskValues(payload)
    case .update:
      try closed(payload, taskFields)
      guard !payload.isEmpty else {
        throw NodeRejection(.schemaMismatch, "an UPDATE changes at least one field")
      }
      try taskValues(payload)
    case .createTodo:
      try closed(payload, ["todoTaskId", "deadline", "notes"])
      try todoId(payload, strict: true)
      try dateTime(payload, "deadline", required: true)
      try text(payload, "notes")
    case .completeTodo:
      try closed(payload, ["todoTaskId", "completed", "notes"])
      try todoId(payload, strict: true)
      try dateTime(payload, "completed", required: true)
      try text(payload, "notes")
    case .snooze:
      try closed(payload, ["todoTaskId", "daysToExtend", "newDeadline", "notes"])
      try todoId(payload, strict: false)
      switch (payload["daysToExtend"], payload["newDeadline"]) {
      case (.some, nil): try integer(payload, "daysToExtend", minimum: 1)
      case (nil, .some): try dateTime(payload, "newDeadline", required: true)
      default:
        throw NodeRejection(
          .schemaMismatch, "a SNOOZE has exactly one of daysToExtend and newDeadline")
      }
      try text(payload, "notes")
    case .archive, .unarchive:
      try closed(payload, [])
    case .delete:
      try closed(payload, ["deletedChain"])
      guard let chain = payload["deletedChain"]?.arrayValue, !chain.isEmpty else {
        throw NodeRejection(
          .missingDeletedChain, "a DELETE lists its branch in payload.deletedChain")
      }
      for entry in chain {
        guard let id = entry.stringValue else {
          throw NodeRejection(.schemaMismatch, "payload.deletedChain holds node ids")
        }
        try NodeValidator.requireContentID(id, field: "payload.deletedChain")
      }
    case .merge:
      try MergePayload.check(payload, parents: node.parents)
    }
  }

  static func closed(_ payload: [String: JSON], _ allowed: Set<String>) throws(NodeRejection) {
    try NodeValidator.rejectUnknownKeys(payload, allowed: allowed, in: "the payload")
  }

  static func taskValues(_ payload: [String: JSON]) throws(NodeRejection) {
    if let title = payload["title"] {
      guard let value = title.stringValue, !value.isEmpty else {
        throw NodeRejection(.schemaMismatch, "payload.title must be a non-empty string")
      }
    }
    try text(payload, "description")
    if let privacy = payload["privacy"], privacy.boolValue == nil {
      throw NodeRejection(.schemaMismatch, "payload.privacy must be true or false")
    }
    try integer(payload, "storyPoints", minimum: 0)
    try integer(payload, "priority", minimum: 1, maximum: 5)
    try integer(payload, "frequencyDays", minimum: 1)
  }

  static func text(_ payload: [String: JSON], _ key: String) throws(NodeRejection) {
    if let value = payload[key], value.stringValue == nil {
      throw NodeRejection(.schemaMismatch, "payload.\(key) must be a string")
    }
  }

  static func integer(
    _ payload: [String: JSON], _ key: String, minimum: Int, maximum: Int = 1_000_000_000
  ) throws(NodeRejection) {
    guard let value = payload[key] else { return }
    guard let number = value.integerValue, (minimum...maximum).contains(number) else {
      throw NodeRejection(
        .schemaMismatch, "payload.\(key) must be a whole number from \(minimum) to \(maximum)")
    }
  }

  static func dateTime(_ payload: [String: JSON], _ key: String, required: Bool)
    throws(NodeRejection)
  {
    guard let value = payload[key] else {
      if required { throw NodeRejection(.schemaMismatch, "payload.\(key) is missing") }
      return
    }
    guard let text = value.stringValue, WallTime(rfc3339: text) != nil else {
      throw NodeRejection(.schemaMismatch, "payload.\(key) must be an RFC 3339 date-time")
    }
  }

  static func todoId(_ payload: [String: JSON], strict: Bool) throws(NodeRejection) {
    guard let value = payload["todoTaskId"] else {
      throw NodeRejection(.schemaMismatch, "payload.todoTaskId is missing")
    }
    guard let text = value.stringValue, !text.isEmpty else {
      throw NodeRejection(.schemaMismatch, "payload.todoTaskId must be a non-empty string")
    }
    if strict { try NodeValidator.requireUUIDv4(text, field: "payload.todoTaskId") }
  }
}
