extension JSON {
  /// The RFC 8785 (JCS) form: UTF-8, keys sorted by UTF-16 code units, no whitespace, ECMAScript
  /// numbers, minimal string escapes.
  public func canonicalBytes() throws(CanonicalJSONError) -> [UInt8] {
    var output: [UInt8] = []
    output.reserveCapacity(256)
    try Self.write(self, to: &output)
    return output
  }

  public func canonicalString() throws(CanonicalJSONError) -> String {
    String(decoding: try canonicalBytes(), as: UTF8.self)
  }

  /// Parses `bytes` strictly and returns their canonical form.
  public static func canonicalize(_ bytes: [UInt8]) throws(CanonicalJSONError) -> [UInt8] {
    try JSONParser.parse(bytes).canonicalBytes()
  }

  static func write(_ value: JSON, to output: inout [UInt8]) throws(CanonicalJSONError) {
    switch value {
    case .null: output.append(contentsOf: "null".utf8)
    case .bool(let flag): output.append(contentsOf: (flag ? "true" : "false").utf8)
    case .number(let number): output.append(contentsOf: try ECMAScriptNumber.format(number).utf8)
    case .string(let text): writeString(text, to: &output)
    case .array(let elements):
      output.append(UInt8(ascii: "["))
      for (position, element) in elements.enumerated() {
        if position > 0 { output.append(UInt8(ascii: ",")) }
        try write(element, to: &output)
      }
      output.append(UInt8(ascii: "]"))
    case .object(let members):
      output.append(UInt8(ascii: "{"))
      let keys = members.keys.sorted()
      for (position, key) in keys.enumerated() {
        if position > 0 { output.append(UInt8(ascii: ",")) }
        writeString(key.string, to: &output)
        output.append(UInt8(ascii: ":"))
        try write(members[key]!, to: &output)
      }
      output.append(UInt8(ascii: "}"))
    }
  }

  static func writeString(_ text: String, to output: inout [UInt8]) {
    output.append(UInt8(ascii: "\""))
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "\""): output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
      case UInt8(ascii: "\\"): output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
      case 0x08: output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "b")])
      case 0x09: output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
      case 0x0A: output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
      case 0x0C: output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "f")])
      case 0x0D: output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
      case 0..<0x20:
        let digits = Array("0123456789abcdef".utf8)
        output.append(contentsOf: "\\u00".utf8)
        output.append(digits[Int(byte >> 4)])
        output.append(digits[Int(byte & 0xF)])
      default: output.append(byte)
      }
    }
    output.append(UInt8(ascii: "\""))
  }
}
