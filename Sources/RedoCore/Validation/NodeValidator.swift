import CanonicalJSON

/// The checks a single node must pass wherever it enters a store: schema, encodings, payload rules,
/// content id and signature. Rules that need the rest of the graph live in `TaskReplay`.
public enum NodeValidator {
  public static let maximumPayloadBytes = 1_048_576

  private static let envelopeKeys: Set<JSONKey> = [
    "id", "version", "parents", "timestamp", "author", "action", "taskId", "data", "signature",
  ]
  private static let authorKeys: Set<JSONKey> = [
    "userId", "deviceId", "publicKey", "name", "email", "deviceName",
  ]

  /// Parses and validates one node from its JSON text.
  public static func validate(bytes: [UInt8]) throws(NodeRejection) -> RedoNode {
    let json: JSON
    do {
      json = try JSONParser.parse(bytes)
    } catch {
      throw NodeRejection(error.isEncodingError ? .encodingViolation : .schemaMismatch, "\(error)")
    }
    return try validate(json)
  }

  public static func validate(_ json: JSON) throws(NodeRejection) -> RedoNode {
    do throws(NodeRejection) {
      let node = try checkStructure(json)
      try checkIntegrity(node)
      return node
    } catch {
      var rejection = error
      rejection.nodeId = json["id"]?.stringValue
      throw rejection
    }
  }

  /// Schema, encodings and payload rules: everything but the cryptography.
  public static func checkStructure(_ json: JSON) throws(NodeRejection) -> RedoNode {
    let node = try decode(json)
    try PayloadRules.check(node)
    return node
  }

  /// The content id and the signature, both over the canonical body.
  public static func checkIntegrity(_ node: RedoNode) throws(NodeRejection) {
    let body = node.canonicalBody()
    let computed = NodeCrypto.contentID(ofCanonicalBody: body)
    guard computed == node.id else {
      throw NodeRejection(.hashMismatch, "its content hashes to \(computed)")
    }
    guard let signature = node.signature else {
      throw NodeRejection(.invalidSignature, "it has no signature")
    }
    guard NodeCrypto.isValidSignature(signature, publicKeyHex: node.author.publicKey, message: body)
    else {
      throw NodeRejection(.invalidSignature, "the signature does not verify with author.publicKey")
    }
  }

  /// The envelope, strictly: every required field, no extra keys, lowercase hex everywhere.
  static func decode(_ json: JSON) throws(NodeRejection) -> RedoNode {
    guard let members = json.objectValue else {
      throw NodeRejection(.schemaMismatch, "a node is a JSON object")
    }
    try rejectUnknownKeys(members, allowed: envelopeKeys, in: "the node")
    let id = try string(members, "id")
    try requireContentID(id, field: "id")
    guard members["version"]?.integerValue == 1 else {
      throw NodeRejection(.schemaMismatch, "version must be 1")
    }
    guard let parentValues = members["parents"]?.arrayValue else {
      throw NodeRejection(.schemaMismatch, "parents must be an array")
    }
    var parents: [String] = []
    for value in parentValues {
      guard let parent = value.stringValue else {
        throw NodeRejection(.schemaMismatch, "parents must hold strings")
      }
      try requireContentID(parent, field: "parents")
      parents.append(parent)
    }
    guard let timestamp = members["timestamp"]?.objectValue else {
      throw NodeRejection(.schemaMismatch, "timestamp must be an object")
    }
    try rejectUnknownKeys(timestamp, allowed: ["lamport", "wall"], in: "timestamp")
    guard let lamport = timestamp["lamport"]?.integerValue, lamport >= 1 else {
      throw NodeRejection(.schemaMismatch, "timestamp.lamport must be an integer of at least 1")
    }
    let wall = try string(timestamp, "wall", path: "timestamp.wall")
    guard WallTime(wall: wall) != nil else {
      throw NodeRejection(.schemaMismatch, "timestamp.wall must look like 2025-10-26T00:00:00.000Z")
    }
    let author = try decodeAuthor(members["author"])
    let actionName = try string(members, "action")
    guard let action = NodeAction(rawValue: actionName) else {
      throw NodeRejection(.schemaMismatch, "unknown action \"\(actionName)\"")
    }
    guard action.parentCount.contains(parents.count) else {
      throw NodeRejection(
        .schemaMismatch,
        "\(actionName) takes \(describe(action.parentCount)) parents, not \(parents.count)")
    }
    if Set(parents).count != parents.count {
      throw NodeRejection(.schemaMismatch, "parents lists an id twice")
    }
    let taskId = try string(members, "taskId")
    try requireUUIDv4(taskId, field: "taskId")
    guard let data = members["data"]?.objectValue else {
      throw NodeRejection(.schemaMismatch, "data must be an object")
    }
    try rejectUnknownKeys(data, allowed: ["payload"], in: "data")
    guard let payloadMembers = data["payload"]?.objectValue else {
      throw NodeRejection(.schemaMismatch, "data.payload must be an object")
    }
    // Every payload field is named in ASCII. Any other name is unknown, and is refused here,
    // before `String` keys would merge it with a canonically equivalent one (KELVIN SIGN is "K").
    if let odd = payloadMembers.keys.sorted().first(where: {
      !$0.string.utf8.allSatisfy { $0 < 0x80 }
    }) {
      throw NodeRejection(.schemaMismatch, "the payload has an unknown field \"\(odd)\"")
    }
    let payload = Dictionary(uniqueKeysWithValues: payloadMembers.map { ($0.key.string, $0.value) })
    var signature: String?
    if let value = members["signature"] {
      guard let text = value.stringValue else {
        throw NodeRejection(.schemaMismatch, "signature must be a string")
      }
      guard Hex.isLowercaseHex(text, count: 128) else {
        throw NodeRejection(.encodingViolation, "signature must be 128 lowercase hex characters")
      }
      signature = text
    }
    return RedoNode(
      id: id, parents: parents, lamport: lamport, wall: wall, author: author, action: action,
      taskId: taskId, payload: payload, signature: signature)
  }

  private static func decodeAuthor(_ value: JSON?) throws(NodeRejection) -> RedoNode.Author {
    guard let author = value?.objectValue else {
      throw NodeRejection(.schemaMismatch, "author must be an object")
    }
    try rejectUnknownKeys(author, allowed: authorKeys, in: "author")
    let publicKey = try string(author, "publicKey", path: "author.publicKey")
    guard Hex.isLowercaseHex(publicKey, count: 64) else {
      throw NodeRejection(
        .encodingViolation, "author.publicKey must be 64 lowercase hex characters")
    }
    let userId = try string(author, "userId", path: "author.userId")
    guard Hex.isLowercaseHex(userId, count: 32) else {
      throw NodeRejection(.encodingViolation, "author.userId must be 32 lowercase hex characters")
    }
    guard publicKey.hasPrefix(userId) else {
      throw NodeRejection(
        .schemaMismatch, "author.userId must be the first 32 characters of author.publicKey")
    }
    let deviceId = try string(author, "deviceId", path: "author.deviceId")
    guard !deviceId.isEmpty else {
      throw NodeRejection(.schemaMismatch, "author.deviceId must not be empty")
    }
    return RedoNode.Author(
      userId: userId, deviceId: deviceId, publicKey: publicKey,
      name: try optionalString(author, "name", path: "author.name"),
      email: try optionalString(author, "email", path: "author.email"),
      deviceName: try optionalString(author, "deviceName", path: "author.deviceName"))
  }

  static func rejectUnknownKeys<Key: Comparable>(
    _ members: [Key: JSON], allowed: Set<Key>, in place: String
  ) throws(NodeRejection) {
    if let extra = members.keys.sorted().first(where: { !allowed.contains($0) }) {
      throw NodeRejection(.schemaMismatch, "\(place) has an unknown field \"\(extra)\"")
    }
  }

  static func string<Key>(
    _ members: [Key: JSON], _ key: Key, path: String? = nil
  ) throws(NodeRejection) -> String {
    let path = path ?? "\(key)"
    guard let value = members[key] else {
      throw NodeRejection(.schemaMismatch, "\(path) is missing")
    }
    guard let text = value.stringValue else {
      throw NodeRejection(.schemaMismatch, "\(path) must be a string")
    }
    return text
  }

  static func optionalString<Key>(
    _ members: [Key: JSON], _ key: Key, path: String
  ) throws(NodeRejection) -> String? {
    guard members[key] != nil else { return nil }
    return try string(members, key, path: path)
  }

  static func requireContentID(_ text: String, field: String) throws(NodeRejection) {
    guard text.hasPrefix("sha256:"), Hex.isLowercaseHex(String(text.dropFirst(7)), count: 64) else {
      throw NodeRejection(
        .encodingViolation, "\(field) must be sha256: and 64 lowercase hex characters")
    }
  }

  static func requireUUIDv4(_ text: String, field: String) throws(NodeRejection) {
    let bytes = Array(text.utf8)
    guard bytes.count == 36 else {
      throw NodeRejection(
        .schemaMismatch, "\(field) must be a UUID v4, like 550e8400-e29b-41d4-a716-446655440000")
    }
    for (index, byte) in bytes.enumerated() {
      let isDash = [8, 13, 18, 23].contains(index)
      if isDash != (byte == UInt8(ascii: "-")) || (!isDash && !isHexDigit(byte)) {
        throw NodeRejection(
          .schemaMismatch, "\(field) must be a UUID v4, like 550e8400-e29b-41d4-a716-446655440000")
      }
      if (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte) {
        throw NodeRejection(.encodingViolation, "\(field) must be lowercase")
      }
    }
    guard bytes[14] == UInt8(ascii: "4"), "89ab".utf8.contains(bytes[19]) else {
      throw NodeRejection(.schemaMismatch, "\(field) must be a version 4 UUID")
    }
  }

  private static func isHexDigit(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
      || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
      || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
  }

  private static func describe(_ range: ClosedRange<Int>) -> String {
    range.count == 1 ? "exactly \(range.lowerBound)" : "\(range.lowerBound) to \(range.upperBound)"
  }
}
