/// Why a text is not JSON that RFC 8785 can canonicalize, with the byte offset where it went wrong.
public struct CanonicalJSONError: Error, Equatable, Sendable, CustomStringConvertible {
  public enum Kind: Equatable, Sendable {
    case syntax(String)
    case invalidUTF8
    case loneSurrogate
    case duplicateKey(String)
    case numberOutOfRange(String)
    case nonFiniteNumber
    case tooDeep(limit: Int)
  }

  public let kind: Kind
  /// Byte offset in the input, when the error came from parsing.
  public let offset: Int?

  public init(_ kind: Kind, offset: Int? = nil) {
    self.kind = kind
    self.offset = offset
  }

  /// True when the problem is with the characters themselves rather than the JSON structure.
  public var isEncodingError: Bool {
    switch kind {
    case .invalidUTF8, .loneSurrogate: true
    default: false
    }
  }

  public var description: String {
    let place = offset.map { " at byte \($0)" } ?? ""
    switch kind {
    case .syntax(let detail): return "invalid JSON\(place): \(detail)"
    case .invalidUTF8: return "invalid UTF-8\(place)"
    case .loneSurrogate: return "lone UTF-16 surrogate in a \\u escape\(place)"
    case .duplicateKey(let key): return "duplicate object key \"\(key)\"\(place)"
    case .numberOutOfRange(let text):
      return "number \(text)\(place) is outside I-JSON's range (an IEEE-754 double, exactly)"
    case .nonFiniteNumber: return "NaN and Infinity have no JSON form"
    case .tooDeep(let limit): return "nesting deeper than \(limit) levels\(place)"
    }
  }
}
