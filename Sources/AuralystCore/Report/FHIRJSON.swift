import Foundation

/// JSON as FHIR resources are written: members keep the order they are given in (resourceType
/// first), and a member whose value is nil is left out, so a resource reads as one literal.
public indirect enum FHIRJSON: Hashable, Sendable {
  case string(String)
  case integer(Int)
  case decimal(Double)
  case bool(Bool)
  case array([FHIRJSON])
  case object([Member])

  public struct Member: Hashable, Sendable {
    public var key: String
    public var value: FHIRJSON

    public init(_ key: String, _ value: FHIRJSON) {
      self.key = key
      self.value = value
    }
  }

  /// The value of the member `key` of an object.
  public subscript(key: String) -> FHIRJSON? {
    guard case .object(let members) = self else { return nil }
    return members.first { $0.key == key }?.value
  }

  /// An object with `members` added at its end.
  public func adding(_ members: [Member]) -> FHIRJSON {
    guard case .object(let own) = self else { return self }
    return .object(own + members)
  }

  /// Compact JSON text, UTF-8.
  public var data: Data { Data(text.utf8) }

  public var text: String {
    var out = ""
    write(to: &out)
    return out
  }

  private func write(to out: inout String) {
    switch self {
    case .string(let value): Self.quote(value, to: &out)
    case .integer(let value): out += String(value)
    case .decimal(let value):
      out +=
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    case .bool(let value): out += value ? "true" : "false"
    case .array(let items):
      out += "["
      for (index, item) in items.enumerated() {
        if index > 0 { out += "," }
        item.write(to: &out)
      }
      out += "]"
    case .object(let members):
      out += "{"
      for (index, member) in members.enumerated() {
        if index > 0 { out += "," }
        Self.quote(member.key, to: &out)
        out += ":"
        member.value.write(to: &out)
      }
      out += "}"
    }
  }

  private static func quote(_ text: String, to out: inout String) {
    out += "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      case _ where scalar.value < 0x20:
        let hex = String(scalar.value, radix: 16)
        out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: out.unicodeScalars.append(scalar)
      }
    }
    out += "\""
  }
}

extension FHIRJSON: ExpressibleByStringInterpolation, ExpressibleByIntegerLiteral,
  ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
  public init(stringLiteral value: String) { self = .string(value) }
  public init(stringInterpolation: DefaultStringInterpolation) {
    self = .string(String(stringInterpolation: stringInterpolation))
  }
  public init(integerLiteral value: Int) { self = .integer(value) }
  public init(booleanLiteral value: Bool) { self = .bool(value) }
  public init(arrayLiteral elements: FHIRJSON...) { self = .array(elements) }
  public init(dictionaryLiteral elements: (String, FHIRJSON?)...) {
    self = .object(elements.compactMap { key, value in value.map { Member(key, $0) } })
  }
}
