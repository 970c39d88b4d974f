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

  /// Nodes are copied often (grouping, ordering, caches) and hold a dozen strings: a shared box
  /// makes a copy one retain, and a change copies the box first. What replay groups and orders by
  /// stays inline, so a pass over an array of nodes reads one contiguous block.
  private final class Storage: @unchecked Sendable {
    var id: String
    var parents: [String]
    var wall: String
    var author: Author
    var taskId: String
    var payload: [String: JSON]
    var signature: String?

    init(
      id: String, parents: [String], wall: String, author: Author, taskId: String,
      payload: [String: JSON], signature: String?
    ) {
      self.id = id
      self.parents = parents
      self.wall = wall
      self.author = author
      self.taskId = taskId
      self.payload = payload
      self.signature = signature
    }

    func copy() -> Storage {
      Storage(
        id: id, parents: parents, wall: wall, author: author, taskId: taskId, payload: payload,
        signature: signature)
    }
  }

  private var storage: Storage
  public var lamport: Int
  public var action: NodeAction
  /// The wall time, or nil when `wall` is not in the node form (which validation rejects).
  public private(set) var wallTime: WallTime?
  /// A digest of `taskId` that tells tasks apart without reading the id's text.
  private(set) var taskKey: UInt64

  private mutating func change(_ body: (Storage) -> Void) {
    if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
    body(storage)
  }

  public var id: String {
    get { storage.id }
    set { change { $0.id = newValue } }
  }
  public var parents: [String] {
    get { storage.parents }
    set { change { $0.parents = newValue } }
  }
  public var wall: String {
    get { storage.wall }
    set {
      change { $0.wall = newValue }
      wallTime = WallTime(wall: newValue)
    }
  }
  public var author: Author {
    get { storage.author }
    set { change { $0.author = newValue } }
  }
  public var taskId: String {
    get { storage.taskId }
    set {
      change { $0.taskId = newValue }
      taskKey = Self.key(of: newValue)
    }
  }
  public var payload: [String: JSON] {
    get { storage.payload }
    set { change { $0.payload = newValue } }
  }
  public var signature: String? {
    get { storage.signature }
    set { change { $0.signature = newValue } }
  }

  public init(
    id: String, parents: [String], lamport: Int, wall: String, author: Author,
    action: NodeAction, taskId: String, payload: [String: JSON], signature: String?
  ) {
    storage = Storage(
      id: id, parents: parents, wall: wall, author: author, taskId: taskId, payload: payload,
      signature: signature)
    self.lamport = lamport
    self.action = action
    wallTime = WallTime(wall: wall)
    taskKey = Self.key(of: taskId)
  }

  /// FNV-1a: stable across runs, unlike `hashValue`.
  private static func key(of text: String) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
    return hash
  }

  public static func == (lhs: RedoNode, rhs: RedoNode) -> Bool {
    guard lhs.lamport == rhs.lamport, lhs.action == rhs.action else { return false }
    if lhs.storage === rhs.storage { return true }
    return lhs.id == rhs.id && lhs.signature == rhs.signature && lhs.wall == rhs.wall
      && lhs.taskId == rhs.taskId && lhs.parents == rhs.parents && lhs.author == rhs.author
      && lhs.payload == rhs.payload
  }

  /// Equal nodes have equal ids, and an id is already a digest of the rest.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(id)
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
    // The node form has a fixed width, so its text and its instant order alike.
    if let left = lhs.wallTime, let right = rhs.wallTime {
      if left != right { return left < right }
    } else if lhs.wall != rhs.wall {
      return lhs.wall < rhs.wall
    }
    return lhs.id < rhs.id
  }
}
