/// Quoted-printable (RFC 2045 §6.7) for UTF-8 text: CRLF line ends, encoded lines of at most 76
/// characters.
enum QuotedPrintable {
  static let longest = 76

  static func encode(_ text: String) -> String {
    let lines = text.replacingLineEnds().split(separator: "\n", omittingEmptySubsequences: false)
    return lines.map(encode(line:)).joined(separator: "\r\n")
  }

  private static func encode(line: Substring) -> String {
    let bytes = Array(line.utf8)
    var output = ""
    var current = ""
    for (index, byte) in bytes.enumerated() {
      let isLast = index == bytes.count - 1
      let token = isLiteral(byte, atLineEnd: isLast) ? String(UnicodeScalar(byte)) : escaped(byte)
      // The last token may use the column a soft break would take.
      let room = isLast ? longest : longest - 1
      if current.count + token.count > room {
        output += current + "=\r\n"
        current = ""
      }
      current += token
    }
    return output + current
  }

  /// Trailing white space is encoded: transports may strip it.
  private static func isLiteral(_ byte: UInt8, atLineEnd: Bool) -> Bool {
    if byte == 0x20 || byte == 0x09 { return !atLineEnd }
    return (33...126).contains(byte) && byte != UInt8(ascii: "=")
  }

  private static func escaped(_ byte: UInt8) -> String {
    let digits = Array("0123456789ABCDEF")
    return "=" + String(digits[Int(byte >> 4)]) + String(digits[Int(byte & 0x0F)])
  }
}

extension String {
  /// CRLF, a lone CR and a lone LF each become one LF.
  func replacingLineEnds() -> String {
    var result = ""
    var scalars = unicodeScalars.makeIterator()
    var pending = scalars.next()
    while let scalar = pending {
      pending = scalars.next()
      if scalar == "\r" {
        result.unicodeScalars.append("\n")
        if pending == "\n" { pending = scalars.next() }
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }
}
