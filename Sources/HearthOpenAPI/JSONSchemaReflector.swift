import CanonicalJSON
import Foundation

/// A type that states its own schema: one with hand-written coding, whose shape decoding does
/// not show. `schemaExample` is any value of it, handed back where the reflector decodes one.
public protocol JSONSchemaDescribed {
  static var jsonSchema: JSON { get }
  static var schemaExample: Self { get }
}

/// A body that adds, to its properties' schemas, rules its Swift types cannot carry: lengths,
/// ranges, patterns, formats. The shape (names and types) stays the type's.
public protocol JSONSchemaRefined {
  static var schemaRefinements: [String: JSON] { get }
  /// Properties the API requires although the type keeps them optional, so that its handler
  /// can name a missing one itself, in the order its checks run.
  static var schemaRequired: [String] { get }
}

extension JSONSchemaRefined {
  public static var schemaRefinements: [String: JSON] { [:] }
  public static var schemaRequired: [String] { [] }
}

/// The JSON Schema of a Decodable type, read off the type itself: it is decoded once from a
/// decoder that answers every question and writes down what was asked. A property decoded with
/// `decode` is required, one decoded with `decodeIfPresent` is optional; raw-value enums that are
/// CaseIterable list their cases; `[String: V]` is an object of V; Date is an RFC 3339 string.
public enum JSONSchemaReflector {
  public static func schema<T: Decodable>(of type: T.Type) -> JSON {
    do {
      return try reflect(type).schema
    } catch {
      return ["description": .string("\(failure) \(T.self): \(error)")]
    }
  }

  /// What `schema(of:)` says of a type it could not decode; a test looks for it.
  public static let failure = "Not reflectable:"

  static func reflect<T: Decodable>(_ type: T.Type) throws -> (value: T, schema: JSON) {
    if let described = type as? any JSONSchemaDescribed.Type {
      return (described.schemaExample as! T, described.jsonSchema)
    }
    if let (value, schema) = primitive(type) { return (value as! T, schema) }
    if let enumeration = type as? any (CaseIterable & RawRepresentable).Type,
      let (value, schema) = cases(of: enumeration)
    {
      return (value as! T, schema)
    }
    if let dictionary = type as? any StringKeyedDictionary.Type {
      return (
        dictionary.empty as! T,
        ["type": "object", "additionalProperties": dictionary.valueSchema]
      )
    }
    let decoder = ShapeDecoder()
    let value = try T(from: decoder)
    var schema = decoder.shape.schema
    if let refined = type as? any JSONSchemaRefined.Type,
      case .object(var members) = schema, case .object(var properties)? = members["properties"]
    {
      for (name, rules) in refined.schemaRefinements {
        let key = JSONKey(name)
        guard case .object(let base)? = properties[key], case .object(let added) = rules else {
          continue
        }
        properties[key] = .object(base.merging(added) { _, new in new })
      }
      members["properties"] = .object(properties)
      let required = members["required"]?.arrayValue?.compactMap(\.stringValue) ?? []
      members["required"] = .array(
        (required + refined.schemaRequired.filter { !required.contains($0) }).map(JSON.string))
      schema = .object(members)
    }
    return (value, schema)
  }

  static func primitive<T>(_ type: T.Type) -> (Any, JSON)? {
    switch type {
    case is String.Type: ("", ["type": "string"])
    case is Bool.Type: (false, ["type": "boolean"])
    case is Int.Type: (0 as Int, ["type": "integer"])
    case is Int64.Type: (0 as Int64, ["type": "integer"])
    case is Int8.Type: (0 as Int8, ["type": "integer"])
    case is Int16.Type: (0 as Int16, ["type": "integer"])
    case is Int32.Type: (0 as Int32, ["type": "integer"])
    case is UInt.Type: (0 as UInt, ["type": "integer", "minimum": 0])
    case is UInt8.Type: (0 as UInt8, ["type": "integer", "minimum": 0])
    case is UInt16.Type: (0 as UInt16, ["type": "integer", "minimum": 0])
    case is UInt32.Type: (0 as UInt32, ["type": "integer", "minimum": 0])
    case is UInt64.Type: (0 as UInt64, ["type": "integer", "minimum": 0])
    case is Double.Type: (0 as Double, ["type": "number"])
    case is Float.Type: (0 as Float, ["type": "number"])
    case is Date.Type: (Date(timeIntervalSince1970: 0), ["type": "string", "format": "date-time"])
    case is URL.Type: (URL(string: "https://example.com")!, ["type": "string", "format": "uri"])
    case is JSON.Type: (JSON.null, [:])
    default: nil
    }
  }

  static func cases<E: CaseIterable & RawRepresentable>(of type: E.Type) -> (Any, JSON)? {
    guard let first = E.allCases.first else { return nil }
    let raw = E.allCases.map(\.rawValue)
    if let names = raw as? [String] {
      return (first, ["type": "string", "enum": .array(names.map(JSON.string))])
    }
    if let numbers = raw as? [Int] {
      return (first, ["type": "integer", "enum": .array(numbers.map { .number(Double($0)) })])
    }
    return nil
  }
}

protocol StringKeyedDictionary {
  static var valueSchema: JSON { get }
  static var empty: Self { get }
}

extension Dictionary: StringKeyedDictionary where Key == String, Value: Decodable {
  static var valueSchema: JSON { JSONSchemaReflector.schema(of: Value.self) }
  static var empty: Self { [:] }
}

/// What a type's `init(from:)` asked for; nested parts are read when the schema is.
final class Shape {
  enum Part {
    case schema(JSON)
    case nested(Shape)

    var schema: JSON {
      switch self {
      case .schema(let schema): schema
      case .nested(let shape): shape.schema
      }
    }
  }

  var properties: [String: Part] = [:]
  var required: [String] = []
  var isArray = false
  var items: Part?
  var single: JSON?

  var schema: JSON {
    if let single { return single }
    if isArray { return ["type": "array", "items": items?.schema ?? [:]] }
    return [
      "type": "object", "properties": .object(properties.mapValues(\.schema)),
      "required": .array(required.map(JSON.string)),
    ]
  }
}

final class ShapeDecoder: Decoder {
  let shape: Shape
  var codingPath: [any CodingKey] = []
  var userInfo: [CodingUserInfoKey: Any] = [:]

  init(shape: Shape = Shape()) { self.shape = shape }

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedDecodingContainer<Key> {
    KeyedDecodingContainer(KeyedShape<Key>(shape: shape))
  }

  func unkeyedContainer() -> any UnkeyedDecodingContainer { UnkeyedShape(shape: shape) }

  func singleValueContainer() -> any SingleValueDecodingContainer { SingleShape(shape: shape) }
}

struct KeyedShape<Key: CodingKey>: KeyedDecodingContainerProtocol {
  let shape: Shape
  var codingPath: [any CodingKey] { [] }
  var allKeys: [Key] { [] }

  func contains(_ key: Key) -> Bool { true }
  func decodeNil(forKey key: Key) -> Bool { false }

  func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
    try required(type, key)
  }

  func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
    try optional(type, key)
  }

  func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key)
    -> KeyedDecodingContainer<NestedKey>
  {
    let nested = Shape()
    shape.properties[key.stringValue] = .nested(nested)
    shape.required.append(key.stringValue)
    return KeyedDecodingContainer(KeyedShape<NestedKey>(shape: nested))
  }

  func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedDecodingContainer {
    let nested = Shape()
    shape.properties[key.stringValue] = .nested(nested)
    shape.required.append(key.stringValue)
    return UnkeyedShape(shape: nested)
  }

  func superDecoder() -> any Decoder { ShapeDecoder(shape: shape) }
  func superDecoder(forKey key: Key) -> any Decoder {
    let nested = Shape()
    shape.properties[key.stringValue] = .nested(nested)
    return ShapeDecoder(shape: nested)
  }

  func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try required(type, key) }
  func decode(_ type: String.Type, forKey key: Key) throws -> String { try required(type, key) }
  func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try required(type, key) }
  func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try required(type, key) }
  func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try required(type, key) }
  func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try required(type, key) }
  func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try required(type, key) }
  func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try required(type, key) }
  func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try required(type, key) }
  func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try required(type, key) }
  func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try required(type, key) }
  func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try required(type, key) }
  func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try required(type, key) }
  func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try required(type, key) }
  func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? {
    try optional(type, key)
  }
  func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
    try optional(type, key)
  }
  func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? {
    try optional(type, key)
  }
  func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? {
    try optional(type, key)
  }
  func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? {
    try optional(type, key)
  }
  func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? {
    try optional(type, key)
  }
  func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? {
    try optional(type, key)
  }
  func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? {
    try optional(type, key)
  }
  func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? {
    try optional(type, key)
  }
  func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? {
    try optional(type, key)
  }
  func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? {
    try optional(type, key)
  }
  func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? {
    try optional(type, key)
  }
  func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? {
    try optional(type, key)
  }
  func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? {
    try optional(type, key)
  }

  private func required<T: Decodable>(_ type: T.Type, _ key: Key) throws -> T {
    let (value, schema) = try JSONSchemaReflector.reflect(type)
    shape.properties[key.stringValue] = .schema(schema)
    shape.required.append(key.stringValue)
    return value
  }

  private func optional<T: Decodable>(_ type: T.Type, _ key: Key) throws -> T? {
    let (value, schema) = try JSONSchemaReflector.reflect(type)
    shape.properties[key.stringValue] = .schema(schema)
    return value
  }
}

/// An array of one element, whose schema becomes the array's `items`.
struct UnkeyedShape: UnkeyedDecodingContainer {
  let shape: Shape
  var codingPath: [any CodingKey] { [] }
  var count: Int? { 1 }
  var currentIndex = 0
  var isAtEnd: Bool { currentIndex >= 1 }

  init(shape: Shape) {
    self.shape = shape
    shape.isArray = true
  }

  mutating func decodeNil() -> Bool { false }

  mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try element(type) }

  mutating func decode(_ type: Bool.Type) throws -> Bool { try element(type) }
  mutating func decode(_ type: String.Type) throws -> String { try element(type) }
  mutating func decode(_ type: Double.Type) throws -> Double { try element(type) }
  mutating func decode(_ type: Float.Type) throws -> Float { try element(type) }
  mutating func decode(_ type: Int.Type) throws -> Int { try element(type) }
  mutating func decode(_ type: Int8.Type) throws -> Int8 { try element(type) }
  mutating func decode(_ type: Int16.Type) throws -> Int16 { try element(type) }
  mutating func decode(_ type: Int32.Type) throws -> Int32 { try element(type) }
  mutating func decode(_ type: Int64.Type) throws -> Int64 { try element(type) }
  mutating func decode(_ type: UInt.Type) throws -> UInt { try element(type) }
  mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try element(type) }
  mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try element(type) }
  mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try element(type) }
  mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try element(type) }

  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type)
    -> KeyedDecodingContainer<NestedKey>
  {
    currentIndex += 1
    let nested = Shape()
    shape.items = .nested(nested)
    return KeyedDecodingContainer(KeyedShape<NestedKey>(shape: nested))
  }

  mutating func nestedUnkeyedContainer() -> any UnkeyedDecodingContainer {
    currentIndex += 1
    let nested = Shape()
    shape.items = .nested(nested)
    return UnkeyedShape(shape: nested)
  }

  mutating func superDecoder() -> any Decoder {
    currentIndex += 1
    let nested = Shape()
    shape.items = .nested(nested)
    return ShapeDecoder(shape: nested)
  }

  private mutating func element<T: Decodable>(_ type: T.Type) throws -> T {
    let (value, schema) = try JSONSchemaReflector.reflect(type)
    shape.items = .schema(schema)
    currentIndex += 1
    return value
  }
}

struct SingleShape: SingleValueDecodingContainer {
  let shape: Shape
  var codingPath: [any CodingKey] { [] }

  func decodeNil() -> Bool { false }

  func decode<T: Decodable>(_ type: T.Type) throws -> T { try value(type) }

  func decode(_ type: Bool.Type) throws -> Bool { try value(type) }
  func decode(_ type: String.Type) throws -> String { try value(type) }
  func decode(_ type: Double.Type) throws -> Double { try value(type) }
  func decode(_ type: Float.Type) throws -> Float { try value(type) }
  func decode(_ type: Int.Type) throws -> Int { try value(type) }
  func decode(_ type: Int8.Type) throws -> Int8 { try value(type) }
  func decode(_ type: Int16.Type) throws -> Int16 { try value(type) }
  func decode(_ type: Int32.Type) throws -> Int32 { try value(type) }
  func decode(_ type: Int64.Type) throws -> Int64 { try value(type) }
  func decode(_ type: UInt.Type) throws -> UInt { try value(type) }
  func decode(_ type: UInt8.Type) throws -> UInt8 { try value(type) }
  func decode(_ type: UInt16.Type) throws -> UInt16 { try value(type) }
  func decode(_ type: UInt32.Type) throws -> UInt32 { try value(type) }
  func decode(_ type: UInt64.Type) throws -> UInt64 { try value(type) }

  private func value<T: Decodable>(_ type: T.Type) throws -> T {
    let (value, schema) = try JSONSchemaReflector.reflect(type)
    shape.single = schema
    return value
  }
}
