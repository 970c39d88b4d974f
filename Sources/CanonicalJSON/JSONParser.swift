/// A strict JSON parser for I-JSON (RFC 7493) input: UTF-8 only, no duplicate keys, no lone
/// surrogates, and every number exactly representable where the text claims an exact integer.
public struct JSONParser {
  public static let maximumDepth = 512

  private let bytes: [UInt8]
  private var index = 0
  private var depth = 0

  private init(_ bytes: [UInt8]) {
    self.bytes = bytes
  }

  public static func parse(_ bytes: [UInt8]) throws(CanonicalJSONError) -> JSON {
    var parser = JSONParser(bytes)
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
      throw CanonicalJSONError(.syntax("a byte-order mark is not allowed"), offset: 0)
    }
    parser.skipWhitespace()
    let value = try parser.parseValue()
    parser.skipWhitespace()
    if parser.index != bytes.count {
      throw parser.error(.syntax("unexpected text after the JSON value"))
    }
    return value
  }

  public static func parse(_ text: String) throws(CanonicalJSONError) -> JSON {
    try parse(Array(text.utf8))
  }

  private func error(_ kind: CanonicalJSONError.Kind) -> CanonicalJSONError {
    CanonicalJSONError(kind, offset: index)
  }

  private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

  private mutating func skipWhitespace() {
    while index < bytes.count {
      switch bytes[index] {
      case 0x20, 0x09, 0x0A, 0x0D: index += 1
      default: return
      }
    }
  }

  private mutating func parseValue() throws(CanonicalJSONError) -> JSON {
    guard let byte = current else { throw error(.syntax("unexpected end of input")) }
    switch byte {
    case UInt8(ascii: "{"):
      return try nested { (parser) throws(CanonicalJSONError) in try parser.parseObject() }
    case UInt8(ascii: "["):
      return try nested { (parser) throws(CanonicalJSONError) in try parser.parseArray() }
    case UInt8(ascii: "\""): return .string(try parseString())
    case UInt8(ascii: "t"):
      try expectLiteral("true")
      return .bool(true)
    case UInt8(ascii: "f"):
      try expectLiteral("false")
      return .bool(false)
    case UInt8(ascii: "n"):
      try expectLiteral("null")
      return .null
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
    default: throw error(.syntax("unexpected character '\(printable(byte))'"))
    }
  }

  private mutating func nested(
    _ body: (inout JSONParser) throws(CanonicalJSONError) -> JSON
  ) throws(CanonicalJSONError) -> JSON {
    depth += 1
    if depth > Self.maximumDepth { throw error(.tooDeep(limit: Self.maximumDepth)) }
    defer { depth -= 1 }
    return try body(&self)
  }

  private mutating func expectLiteral(_ word: StaticString) throws(CanonicalJSONError) {
    let count = word.utf8CodeUnitCount
    let matches = word.withUTF8Buffer { literal in
      index + count <= bytes.count && bytes[index..<index + count].elementsEqual(literal)
    }
    if !matches { throw error(.syntax("expected \(word)")) }
    index += count
  }

  private mutating func parseObject() throws(CanonicalJSONError) -> JSON {
    index += 1
    var members: [JSONKey: JSON] = [:]
    skipWhitespace()
    if current == UInt8(ascii: "}") {
      index += 1
      return .object(members)
    }
    while true {
      skipWhitespace()
      guard current == UInt8(ascii: "\"") else { throw error(.syntax("expected a string key")) }
      let keyOffset = index
      let key = try parseString()
      skipWhitespace()
      guard current == UInt8(ascii: ":") else { throw error(.syntax("expected ':'")) }
      index += 1
      skipWhitespace()
      let value = try parseValue()
      if members.updateValue(value, forKey: JSONKey(key)) != nil {
        throw CanonicalJSONError(.duplicateKey(key), offset: keyOffset)
      }
      skipWhitespace()
      switch current {
      case UInt8(ascii: ","): index += 1
      case UInt8(ascii: "}"):
        index += 1
        return .object(members)
      default: throw error(.syntax("expected ',' or '}' in an object"))
      }
    }
  }

  private mutating func parseArray() throws(CanonicalJSONError) -> JSON {
    index += 1
    var elements: [JSON] = []
    skipWhitespace()
    if current == UInt8(ascii: "]") {
      index += 1
      return .array(elements)
    }
    while true {
      skipWhitespace()
      elements.append(try parseValue())
      skipWhitespace()
      switch current {
      case UInt8(ascii: ","): index += 1
      case UInt8(ascii: "]"):
        index += 1
        return .array(elements)
      default: throw error(.syntax("expected ',' or ']' in an array"))
      }
    }
  }

  private mutating func parseString() throws(CanonicalJSONError) -> String {
    index += 1
    let start = index
    // Fast path: no escapes, so the bytes can be validated as UTF-8 in one go.
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        let text = try decodeUTF8(bytes[start..<index], at: start)
        index += 1
        return text
      }
      if byte == UInt8(ascii: "\\") { break }
      if byte < 0x20 { throw error(.syntax("control character U+00\(hex2(byte)) must be escaped")) }
      index += 1
    }
    var buffer = Array(bytes[start..<index])
    while index < bytes.count {
      let byte = bytes[index]
      switch byte {
      case UInt8(ascii: "\""):
        let text = try decodeUTF8(buffer[...], at: start)
        index += 1
        return text
      case UInt8(ascii: "\\"):
        try parseEscape(into: &buffer)
      case 0..<0x20:
        throw error(.syntax("control character U+00\(hex2(byte)) must be escaped"))
      default:
        buffer.append(byte)
        index += 1
      }
    }
    throw error(.syntax("unterminated string"))
  }

  private func decodeUTF8(_ slice: ArraySlice<UInt8>, at offset: Int) throws(CanonicalJSONError)
    -> String
  {
    guard let text = String(validating: slice, as: UTF8.self) else {
      throw CanonicalJSONError(.invalidUTF8, offset: offset)
    }
    return text
  }

  private mutating func parseEscape(into buffer: inout [UInt8]) throws(CanonicalJSONError) {
    index += 1
    guard let byte = current else { throw error(.syntax("unterminated escape")) }
    index += 1
    switch byte {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): buffer.append(byte)
    case UInt8(ascii: "b"): buffer.append(0x08)
    case UInt8(ascii: "f"): buffer.append(0x0C)
    case UInt8(ascii: "n"): buffer.append(0x0A)
    case UInt8(ascii: "r"): buffer.append(0x0D)
    case UInt8(ascii: "t"): buffer.append(0x09)
    case UInt8(ascii: "u"):
      let unit = try parseHex4()
      var scalarValue = UInt32(unit)
      if (0xD800...0xDBFF).contains(unit) {
        guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
          bytes[index + 1] == UInt8(ascii: "u")
        else { throw error(.loneSurrogate) }
        index += 2
        let low = try parseHex4()
        guard (0xDC00...0xDFFF).contains(low) else { throw error(.loneSurrogate) }
        scalarValue = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
      } else if (0xDC00...0xDFFF).contains(unit) {
        throw error(.loneSurrogate)
      }
      buffer.append(contentsOf: String(Character(Unicode.Scalar(scalarValue)!)).utf8)
    default:
      throw error(.syntax("unknown escape '\\\(printable(byte))'"))
    }
  }

  private mutating func parseHex4() throws(CanonicalJSONError) -> UInt16 {
    guard index + 4 <= bytes.count else { throw error(.syntax("\\u needs four hex digits")) }
    var value: UInt16 = 0
    for byte in bytes[index..<index + 4] {
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
      default: throw error(.syntax("\\u needs four hex digits"))
      }
      value = value << 4 | UInt16(digit)
    }
    index += 4
    return value
  }

  private mutating func parseNumber() throws(CanonicalJSONError) -> Double {
    let start = index
    if current == UInt8(ascii: "-") { index += 1 }
    guard let first = current, isDigit(first) else { throw error(.syntax("expected a digit")) }
    if first == UInt8(ascii: "0") {
      index += 1
      if let next = current, isDigit(next) { throw error(.syntax("leading zeros are not allowed")) }
    } else {
      skipDigits()
    }
    var isInteger = true
    if current == UInt8(ascii: ".") {
      isInteger = false
      index += 1
      guard let next = current, isDigit(next) else {
        throw error(.syntax("expected a digit after '.'"))
      }
      skipDigits()
    }
    if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
      isInteger = false
      index += 1
      if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
      guard let next = current, isDigit(next) else {
        throw error(.syntax("expected exponent digits"))
      }
      skipDigits()
    }
    let text = String(decoding: bytes[start..<index], as: UTF8.self)
    guard let value = Double(text), value.isFinite else {
      throw CanonicalJSONError(.numberOutOfRange(text), offset: start)
    }
    if value == 0, mantissaHasNonZeroDigit(text) {
      throw CanonicalJSONError(.numberOutOfRange(text), offset: start)
    }
    // An integer past 2^53 must name its double exactly, or be that double's canonical text.
    if isInteger, abs(value) >= 9_007_199_254_740_992 {
      let digits = text.hasPrefix("-") ? String(text.dropFirst()) : text
      if digits != ExactInteger.decimalDigits(of: abs(value)),
        digits != (try? ECMAScriptNumber.format(abs(value)))
      {
        throw CanonicalJSONError(.numberOutOfRange(text), offset: start)
      }
    }
    return value
  }

  private func mantissaHasNonZeroDigit(_ text: String) -> Bool {
    text.prefix { $0 != "e" && $0 != "E" }.contains { ("1"..."9").contains($0) }
  }

  private mutating func skipDigits() {
    while let byte = current, isDigit(byte) { index += 1 }
  }

  private func isDigit(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
  }

  private func printable(_ byte: UInt8) -> String {
    (0x20..<0x7F).contains(byte) ? String(UnicodeScalar(byte)) : "\\x\(hex2(byte))"
  }

  private func hex2(_ byte: UInt8) -> String {
    let digits = Array("0123456789abcdef")
    return String([digits[Int(byte >> 4)], digits[Int(byte & 0xF)]])
  }
}
