import CanonicalJSON

/// One immutable, content-addressed, signed change in a task's history.
public struct RedoNode: Hashable, Sendable {
  public struct Author: Hashable, Sendable {
    public var userId: String
    public var deviceId: String
    public var publicKey: String
    public var name: String?
    public var email: String?
    public var deviceName: String?

    public init(
      userId: String, deviceId: String, publicKey: String, name: String? = nil,
      email: String? = nil, deviceName: String? = nil
    ) {
      self.userId = userId
      self.deviceId = deviceId
      self.publicKey = publicKey
      self.name = name
      self.email = email
      self.deviceName = deviceName
    }
  }

  public var id: String
  public var parents: [String]
  public var lamport: Int
  public var wall: String
  public var author: Author
  public var action: NodeAction
  public var taskId: String
  public var payload: [String: JSON]
  public var signature: String?

  public init(
    id: String, parents: [String], lamport: Int, wall: String, author: Author,
    action: NodeAction, taskId: String, payload: [String: JSON], signature: String?
  ) {
    self.id = id
    self.parents = parents
    self.lamport = lamport
    self.wall = wall
    self.author = author
    self.action = action
    self.taskId = taskId
    self.payload = payload
    self.signature = signature
  }

  /// The hashed and signed part: the whole node without `id` and `signature`.
  public var body: JSON {
    var author: [String: JSON] = [
      "userId": .string(self.author.userId), "deviceId": .string(self.author.deviceId),
      "publicKey": .string(self.author.publicKey),
    ]
    if let name = self.author.name { author["name"] = .string(name) }
    if let email = self.author.email { author["email"] = .string(email) }
    if let deviceName = self.author.deviceName { author["deviceName"] = .string(deviceName) }
    return .object([
      "version": 1,
      "parents": .array(parents.map(JSON.string)),
      "timestamp": .object(["lamport": .number(Double(lamport)), "wall": .string(wall)]),
      "author": .object(author),
      "action": .string(action.rawValue),
      "taskId": .string(taskId),
      "data": .object(["payload": .object(payload)]),
    ])
  }

  /// The wire form: the body plus `id` and, when signed, `signature`.
  public var json: JSON {
    guard case .object(var members) = body else { return body }
    members["id"] = .string(id)
    if let signature { members["signature"] = .string(signature) }
    return .object(members)
  }

  public func canonicalBody() -> [UInt8] {
    // The body holds only strings, small integers and objects built above: always canonicalizable.
    try! body.canonicalBytes()
  }

  /// Replay's total order: lamport, then wall time, then id.
  public static func precedes(_ lhs: RedoNode, _ rhs: RedoNode) -> Bool {
    if lhs.lamport != rhs.lamport { return lhs.lamport < rhs.lamport }
    if lhs.wall != rhs.wall { return lhs.wall < rhs.wall }
    return lhs.id < rhs.id
  }
}
