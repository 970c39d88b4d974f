import CanonicalJSON

extension RedoTask {
  /// The task as JSON, for caches, `--json` output and the web.
  public var json: JSON {
    var members: [String: JSON] = [
      "id": .string(id), "userId": .string(userId), "title": .string(title),
      "description": .string(description), "privacy": .bool(privacy),
      "storyPoints": .number(Double(storyPoints)), "priority": .number(Double(priority)),
      "created": .string(created.description), "lastUpdated": .string(lastUpdated.description),
      "archived": .bool(archived), "todos": .array(todos.map(\.json)),
      "heads": .array(heads.map(JSON.string)), "headLamport": .number(Double(headLamport)),
      "nodeCount": .number(Double(nodeCount)),
    ]
    if let frequencyDays { members["frequencyDays"] = .number(Double(frequencyDays)) }
    return .object(members)
  }

  public init?(json: JSON) {
    guard let id = json["id"]?.stringValue, let userId = json["userId"]?.stringValue,
      let title = json["title"]?.stringValue,
      let created = json["created"]?.stringValue.flatMap(WallTime.init(wall:)),
      let lastUpdated = json["lastUpdated"]?.stringValue.flatMap(WallTime.init(wall:)),
      let todos = json["todos"]?.arrayValue?.compactMap(TodoItem.init(json:))
    else { return nil }
    self.init(id: id, userId: userId, title: title, created: created)
    self.lastUpdated = lastUpdated
    description = json["description"]?.stringValue ?? ""
    privacy = json["privacy"]?.boolValue ?? false
    storyPoints = json["storyPoints"]?.integerValue ?? 1
    priority = json["priority"]?.integerValue ?? 3
    frequencyDays = json["frequencyDays"]?.integerValue
    archived = json["archived"]?.boolValue ?? false
    self.todos = todos
    heads = json["heads"]?.arrayValue?.compactMap(\.stringValue) ?? []
    headLamport = json["headLamport"]?.integerValue ?? 1
    nodeCount = json["nodeCount"]?.integerValue ?? 0
  }
}

extension TodoItem {
  public var json: JSON {
    var members: [String: JSON] = [
      "id": .string(id), "deadline": .string(deadline.description), "notes": .string(notes),
      "lamport": .number(Double(lamport)), "wall": .string(wall), "nodeId": .string(nodeId),
    ]
    if let completed { members["completed"] = .string(completed.description) }
    return .object(members)
  }

  public init?(json: JSON) {
    guard let id = json["id"]?.stringValue,
      let deadline = json["deadline"]?.stringValue.flatMap(WallTime.init(wall:)),
      let lamport = json["lamport"]?.integerValue, let wall = json["wall"]?.stringValue,
      let nodeId = json["nodeId"]?.stringValue
    else { return nil }
    self.init(
      id: id, deadline: deadline, notes: json["notes"]?.stringValue ?? "",
      completed: json["completed"]?.stringValue.flatMap(WallTime.init(wall:)), lamport: lamport,
      wall: wall, nodeId: nodeId)
  }
}
