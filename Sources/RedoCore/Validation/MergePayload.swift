import CanonicalJSON

/// A MERGE payload, read and checked: the base, the policy and any per-field resolutions.
public struct MergePayload: Sendable {
  public struct FieldResolution: Sendable {
    public var path: String
    public var strategy: String
    public var chosenParent: String?
    public var value: JSON?
  }

  public var base: String
  public var defaultStrategy: String
  public var lwwTiebreakers: [String]
  public var arrayStrategy: String
  public var task: [FieldResolution]
  public var todos: [String: [FieldResolution]]

  static let mergeableTaskFields = PayloadRules.taskFields.union(["archived"])
  static let mergeableTodoFields: Set<String> = ["deadline", "notes"]

  static func check(_ payload: [String: JSON], parents: [String]) throws(NodeRejection) {
    _ = try MergePayload(payload, parents: parents)
  }

  public init(_ payload: [String: JSON], parents: [String]) throws(NodeRejection) {
    try PayloadRules.closed(payload, ["base", "policy", "resolutions"])
    base = try NodeValidator.string(payload, "base", path: "payload.base")
    try NodeValidator.requireContentID(base, field: "payload.base")
    let policy = try Self.object(payload["policy"], "payload.policy") ?? [:]
    try NodeValidator.rejectUnknownKeys(
      policy, allowed: ["defaultStrategy", "lwwTiebreakers", "arrayStrategy"], in: "payload.policy")
    defaultStrategy =
      try NodeValidator.optionalString(policy, "defaultStrategy", path: "policy.defaultStrategy")
      ?? "lww"
    guard PayloadRules.strategies.contains(defaultStrategy) else {
      throw NodeRejection(.schemaMismatch, "unknown merge strategy \"\(defaultStrategy)\"")
    }
    if let tiebreakers = policy["lwwTiebreakers"] {
      let names = tiebreakers.arrayValue?.compactMap(\.stringValue) ?? []
      guard names.count == tiebreakers.arrayValue?.count,
        names.allSatisfy(["lamport", "wall", "author"].contains)
      else {
        throw NodeRejection(.schemaMismatch, "policy.lwwTiebreakers holds lamport, wall or author")
      }
      lwwTiebreakers = names
    } else {
      lwwTiebreakers = ["lamport", "wall", "author"]
    }
    arrayStrategy =
      try NodeValidator.optionalString(policy, "arrayStrategy", path: "policy.arrayStrategy")
      ?? "union"
    guard ["union", "lww"].contains(arrayStrategy) else {
      throw NodeRejection(.schemaMismatch, "policy.arrayStrategy is union or lww")
    }
    let resolutions = try Self.object(payload["resolutions"], "payload.resolutions") ?? [:]
    try NodeValidator.rejectUnknownKeys(
      resolutions, allowed: ["task", "todos"], in: "payload.resolutions")
    task = try Self.fieldResolutions(
      resolutions["task"], allowed: Self.mergeableTaskFields, parents: parents)
    todos = [:]
    for entry in resolutions["todos"]?.arrayValue ?? [] {
      guard let members = entry.objectValue else {
        throw NodeRejection(.schemaMismatch, "resolutions.todos holds objects")
      }
      try NodeValidator.rejectUnknownKeys(
        members, allowed: ["todoTaskId", "fields"], in: "a todo resolution")
      let todoId = try NodeValidator.string(
        members, "todoTaskId", path: "resolutions.todos.todoTaskId")
      todos[todoId] = try Self.fieldResolutions(
        members["fields"], allowed: Self.mergeableTodoFields, parents: parents)
    }
    if let todoList = resolutions["todos"], todoList.arrayValue == nil {
      throw NodeRejection(.schemaMismatch, "resolutions.todos must be an array")
    }
  }

  private static func object(_ value: JSON?, _ path: String) throws(NodeRejection) -> [JSONKey:
    JSON]?
  {
    guard let value else { return nil }
    guard let members = value.objectValue else {
      throw NodeRejection(.schemaMismatch, "\(path) must be an object")
    }
    return members
  }

  /// A value chosen by hand obeys the rules the field has in the payloads that set it.
  private static func checkManualValue(_ value: JSON, for field: String, todo: Bool)
    throws(NodeRejection)
  {
    switch (todo, field) {
    case (true, "deadline"): try PayloadRules.dateTime([field: value], field, required: true)
    case (true, _): try PayloadRules.text([field: value], field)
    case (false, "archived"):
      guard value.boolValue != nil else {
        throw NodeRejection(.schemaMismatch, "payload.archived must be true or false")
      }
    case (false, _): try PayloadRules.taskValues([field: value])
    }
  }

  private static func fieldResolutions(
    _ value: JSON?, allowed: Set<String>, parents: [String]
  ) throws(NodeRejection) -> [FieldResolution] {
    guard let value else { return [] }
    guard let entries = value.arrayValue else {
      throw NodeRejection(.schemaMismatch, "field resolutions must be an array")
    }
    var result: [FieldResolution] = []
    for entry in entries {
      guard let members = entry.objectValue else {
        throw NodeRejection(.schemaMismatch, "a field resolution is an object")
      }
      try NodeValidator.rejectUnknownKeys(
        members, allowed: ["path", "strategy", "chosenParent", "value", "notes"],
        in: "a field resolution")
      var path = try NodeValidator.string(members, "path", path: "resolution.path")
      if path.hasPrefix("task.") { path.removeFirst(5) }
      guard allowed.contains(path) else {
        throw NodeRejection(.schemaMismatch, "resolution.path \"\(path)\" is not a mergeable field")
      }
      let strategy = try NodeValidator.string(members, "strategy", path: "resolution.strategy")
      guard PayloadRules.strategies.contains(strategy) else {
        throw NodeRejection(.schemaMismatch, "unknown merge strategy \"\(strategy)\"")
      }
      let chosen = try NodeValidator.optionalString(
        members, "chosenParent", path: "resolution.chosenParent")
      if strategy == "ours" || strategy == "theirs" {
        guard let chosen, parents.contains(chosen) else {
          throw NodeRejection(
            .schemaMismatch, "strategy \(strategy) needs chosenParent, one of the parents")
        }
      }
      if strategy == "manual" {
        guard let value = members["value"] else {
          throw NodeRejection(.schemaMismatch, "strategy manual needs a value")
        }
        try Self.checkManualValue(value, for: path, todo: allowed == Self.mergeableTodoFields)
      }
      _ = try NodeValidator.optionalString(members, "notes", path: "resolution.notes")
      result.append(
        FieldResolution(
          path: path, strategy: strategy, chosenParent: chosen, value: members["value"]))
    }
    return result
  }
}
