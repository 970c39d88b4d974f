/// A JSON value as RFC 8785 sees it: numbers are IEEE-754 doubles and objects have unique keys.
public enum JSON: Hashable, Sendable {
  case null
  case bool(Bool)
  case number(Double)
  case string(String)
  case array([JSON])
  case object([JSONKey: JSON])

  /// An object from members named by strings, as app code builds them.
  public static func object(_ members: [String: JSON]) -> JSON {
    var keyed: [JSONKey: JSON] = [:]
    keyed.reserveCapacity(members.count)
    for (name, value) in members { keyed[JSONKey(name)] = value }
    return .object(keyed)
  }

  public subscript(key: String) -> JSON? {
    if case .object(let members) = self { return members[JSONKey(key)] }
    return nil
  }

  public var stringValue: String? {
    if case .string(let value) = self { return value }
    return nil
  }

  public var numberValue: Double? {
    if case .number(let value) = self { return value }
    return nil
  }

  public var boolValue: Bool? {
    if case .bool(let value) = self { return value }
    return nil
  }

  public var arrayValue: [JSON]? {
    if case .array(let value) = self { return value }
    return nil
  }

  public var objectValue: [JSONKey: JSON]? {
    if case .object(let value) = self { return value }
    return nil
  }

  /// The value as an exact integer, if it is a number with no fractional part.
  public var integerValue: Int? {
    guard case .number(let value) = self, value.rounded(.towardZero) == value,
      abs(value) <= 9_007_199_254_740_991
    else { return nil }
    return Int(value)
  }
}

extension JSON: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
  ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral,
  ExpressibleByNilLiteral
{
  public init(stringLiteral value: String) { self = .string(value) }
  public init(integerLiteral value: Int) { self = .number(Double(value)) }
  public init(floatLiteral value: Double) { self = .number(value) }
  public init(booleanLiteral value: Bool) { self = .bool(value) }
  public init(arrayLiteral elements: JSON...) { self = .array(elements) }
  public init(nilLiteral: ()) { self = .null }
  public init(dictionaryLiteral elements: (String, JSON)...) {
    self = .object(
      Dictionary(elements.map { (JSONKey($0.0), $0.1) }, uniquingKeysWith: { _, last in last }))
  }
}
