import CanonicalJSON
import Foundation

/// Checks a JSON value against the subset of JSON Schema (2020-12) that Hearth's OpenAPI
/// document uses: type, enum, properties, required, additionalProperties, items, maxItems,
/// minimum, maximum, minLength, maxLength, pattern and the date-time format.
public enum JSONSchemaCheck {
  /// Every way `value` breaks `schema`, each naming where in the value it is; empty when it fits.
  public static func problems(_ value: JSON, _ schema: JSON, at path: String = "$") -> [String] {
    guard case .object(let rules) = schema else { return [] }
    var found: [String] = []
    if let types = rules["type"].map(typeNames), !types.contains(where: { fits(value, $0) }) {
      return ["\(path): expected \(types.joined(separator: " or ")), got \(describe(value))"]
    }
    if let allowed = rules["enum"]?.arrayValue, !allowed.contains(value) {
      found.append(
        "\(path): \(describe(value)) is not one of \(allowed.map(describe).joined(separator: ", "))"
      )
    }
    switch value {
    case .object(let members):
      for name in rules["required"]?.arrayValue?.compactMap(\.stringValue) ?? []
      where members[JSONKey(name)] == nil {
        found.append("\(path): \"\(name)\" is required")
      }
      let properties = rules["properties"]?.objectValue ?? [:]
      for (name, member) in members.sorted(by: { $0.key < $1.key }) {
        if let property = properties[name] {
          found += problems(member, property, at: "\(path).\(name)")
        } else if let extra = rules["additionalProperties"] {
          if extra == .bool(false) {
            found.append("\(path): \"\(name)\" is not a documented property")
          } else {
            found += problems(member, extra, at: "\(path).\(name)")
          }
        }
      }
    case .array(let elements):
      if let most = rules["maxItems"]?.integerValue, elements.count > most {
        found.append("\(path): \(elements.count) items, at most \(most) documented")
      }
      if let items = rules["items"] {
        for (index, element) in elements.enumerated() {
          found += problems(element, items, at: "\(path)[\(index)]")
        }
      }
    case .number(let number):
      if let least = rules["minimum"]?.numberValue, number < least {
        found.append("\(path): \(describe(value)) is below the minimum \(describe(.number(least)))")
      }
      if let most = rules["maximum"]?.numberValue, number > most {
        found.append("\(path): \(describe(value)) is above the maximum \(describe(.number(most)))")
      }
    case .string(let text):
      let length = text.unicodeScalars.count
      if let least = rules["minLength"]?.integerValue, length < least {
        found.append("\(path): \(length) characters, at least \(least) documented")
      }
      if let most = rules["maxLength"]?.integerValue, length > most {
        found.append("\(path): \(length) characters, at most \(most) documented")
      }
      if let pattern = rules["pattern"]?.stringValue,
        text.range(of: pattern, options: .regularExpression) == nil
      {
        found.append("\(path): \(describe(value)) does not match \(pattern)")
      }
      if rules["format"]?.stringValue == "date-time", !isDateTime(text) {
        found.append("\(path): \(describe(value)) is not an RFC 3339 date-time")
      }
    default:
      break
    }
    return found
  }

  static func typeNames(_ type: JSON) -> [String] {
    type.arrayValue?.compactMap(\.stringValue) ?? type.stringValue.map { [$0] } ?? []
  }

  static func fits(_ value: JSON, _ type: String) -> Bool {
    switch (type, value) {
    case ("null", .null), ("boolean", .bool), ("object", .object), ("array", .array),
      ("number", .number), ("string", .string):
      true
    case ("integer", .number(let number)): number.rounded(.towardZero) == number
    default: false
    }
  }

  static func describe(_ value: JSON) -> String {
    switch value {
    case .null: "null"
    case .bool(let flag): String(flag)
    case .number(let number):
      number.rounded(.towardZero) == number && abs(number) < 1e15
        ? String(Int64(number)) : String(number)
    case .string(let text): "\"\(text.prefix(60))\""
    case .array(let elements): "an array of \(elements.count)"
    case .object: "an object"
    }
  }

  static func isDateTime(_ text: String) -> Bool {
    let plain = Date.ISO8601FormatStyle()
    let fractional = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
    return (try? plain.parse(text)) != nil || (try? fractional.parse(text)) != nil
  }
}
