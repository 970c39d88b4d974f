import CanonicalJSON
import Foundation
import HearthCore

/// The limits every JSON body meets before a route decodes it: strict I-JSON (no lone
/// surrogates, no duplicate keys, numbers a double holds), nesting at most 32 deep, and for each
/// field its documented limits (maxLength, maxItems, minimum, maximum) or, where none is
/// documented, generous defaults. No string may hold NUL. Each answer is a 400 naming the field.
/// A field whose length its route checks against configuration (and answers in its own way)
/// says so with `lengthCheckedByRoute` in its schema.
package enum InputLimits {
  package static let lengthCheckedByRoute = "x-hearth-length-checked-by-route"

  package static let maximumDepth = 32
  package static let defaultMaxLength = 100_000
  package static let defaultMaxItems = 10_000
  package static let defaultMaxMembers = 1_000

  /// The parsed body, or the first limit it breaks.
  package static func check(_ bytes: [UInt8], schema: JSON?) throws -> JSON {
    let body: JSON
    do {
      body = try JSONParser.parse(bytes)
    } catch {
      throw APIErrorResponse(.malformed("The body is not valid JSON: \(error)."))
    }
    try walk(body, schema: schema, path: "", depth: 1)
    return body
  }

  static func walk(_ value: JSON, schema: JSON?, path: String, depth: Int) throws {
    let field = path.isEmpty ? "body" : path
    guard depth <= maximumDepth else {
      throw APIErrorResponse(
        .invalid(field, "The body nests deeper than \(maximumDepth) levels."))
    }
    switch value {
    case .string(let text):
      let limit = schema?["maxLength"]?.integerValue ?? defaultMaxLength
      if text.unicodeScalars.count > limit, schema?[lengthCheckedByRoute] != .bool(true) {
        throw APIErrorResponse(.invalid(field, "\(field) can be at most \(limit) characters."))
      }
      if text.unicodeScalars.contains("\u{0}") {
        throw APIErrorResponse(.invalid(field, "\(field) cannot contain the NUL character."))
      }
    case .number(let number):
      if let minimum = schema?["minimum"]?.numberValue, number < minimum {
        throw APIErrorResponse(.invalid(field, "\(field) must be at least \(format(minimum))."))
      }
      if let maximum = schema?["maximum"]?.numberValue, number > maximum {
        throw APIErrorResponse(.invalid(field, "\(field) must be at most \(format(maximum))."))
      }
    case .array(let items):
      let limit = schema?["maxItems"]?.integerValue ?? defaultMaxItems
      if items.count > limit {
        throw APIErrorResponse(.invalid(field, "\(field) can hold at most \(limit) items."))
      }
      for (index, item) in items.enumerated() {
        try walk(item, schema: schema?["items"], path: "\(path)[\(index)]", depth: depth + 1)
      }
    case .object(let members):
      if members.count > defaultMaxMembers {
        throw APIErrorResponse(
          .invalid(field, "\(field) can have at most \(defaultMaxMembers) members."))
      }
      for (key, member) in members.sorted(by: { $0.key < $1.key }) {
        if key.string.unicodeScalars.contains("\u{0}") {
          throw APIErrorResponse(.malformed("A member name cannot contain the NUL character."))
        }
        let memberSchema = schema?["properties"]?[key.string] ?? schema?["additionalProperties"]
        try walk(
          member, schema: memberSchema?.objectValue == nil ? nil : memberSchema,
          path: path.isEmpty ? key.string : "\(path).\(key.string)", depth: depth + 1)
      }
    case .null, .bool:
      break
    }
  }

  static func format(_ number: Double) -> String {
    number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number)
  }
}
