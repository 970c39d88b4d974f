/// JSON through Swift's coders: any value decodes, and encodes back as the same value. A whole
/// number encodes without a fraction (2, not 2.0); member order is the encoder's (ask it for
/// sorted keys to make output stable).
extension JSON: Codable {
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if container.decodeNil() {
      self = .null
    } else if let value = try? container.decode(Bool.self) {
      self = .bool(value)
    } else if let value = try? container.decode(Double.self) {
      self = .number(value)
    } else if let value = try? container.decode(String.self) {
      self = .string(value)
    } else if let value = try? container.decode([JSON].self) {
      self = .array(value)
    } else {
      self = .object(try decoder.container(keyedBy: MemberName.self).members())
    }
  }

  public func encode(to encoder: any Encoder) throws {
    if case .object(let members) = self {
      var container = encoder.container(keyedBy: MemberName.self)
      for (key, value) in members { try container.encode(value, forKey: MemberName(key.string)) }
      return
    }
    var container = encoder.singleValueContainer()
    switch self {
    case .null: try container.encodeNil()
    case .bool(let value): try container.encode(value)
    case .number(let value) where integerValue != nil: try container.encode(Int64(value))
    case .number(let value): try container.encode(value)
    case .string(let value): try container.encode(value)
    case .array(let value): try container.encode(value)
    case .object: break
    }
  }
}

/// Any member name, for coding objects whose names are data.
private struct MemberName: CodingKey {
  let stringValue: String
  init(_ name: String) { stringValue = name }
  init?(stringValue: String) { self.stringValue = stringValue }
  var intValue: Int? { nil }
  init?(intValue: Int) { nil }
}

extension KeyedDecodingContainer where Key == MemberName {
  fileprivate func members() throws -> [JSONKey: JSON] {
    var members: [JSONKey: JSON] = [:]
    for key in allKeys { members[JSONKey(key.stringValue)] = try decode(JSON.self, forKey: key) }
    return members
  }
}
