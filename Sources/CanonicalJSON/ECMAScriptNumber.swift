/// Number to text as ECMAScript's Number.prototype.toString does it (ECMA-262, 7.1.12.1), which
/// RFC 8785 adopts: the shortest digits that round-trip, in plain or exponent form.
public enum ECMAScriptNumber {
  public static func format(_ value: Double) throws(CanonicalJSONError) -> String {
    guard value.isFinite else { throw CanonicalJSONError(.nonFiniteNumber) }
    if value == 0 { return "0" }
    if value.rounded(.towardZero) == value, abs(value) < 9_007_199_254_740_992 {
      return String(Int64(value))
    }
    let (digits, exponent) = shortestDigits(of: abs(value))
    return (value < 0 ? "-" : "") + layout(digits: digits, exponent: exponent)
  }

  /// The shortest round-tripping digits `d₁d₂…dₖ` and `n` with value = 0.d₁d₂…dₖ × 10ⁿ.
  /// Swift's own description already holds the shortest, closest digits; only the layout differs.
  static func shortestDigits(of value: Double) -> (digits: [UInt8], exponent: Int) {
    let text = Array(value.description.utf8)
    var mantissa = text[...]
    var exponent = 0
    if let e = text.firstIndex(of: UInt8(ascii: "e")) {
      mantissa = text[..<e]
      exponent = Int(String(decoding: text[(e + 1)...], as: UTF8.self))!
    }
    var digits: [UInt8] = []
    var pointPosition: Int?
    for byte in mantissa {
      if byte == UInt8(ascii: ".") {
        pointPosition = digits.count
      } else {
        digits.append(byte)
      }
    }
    var n = (pointPosition ?? digits.count) + exponent
    while digits.first == UInt8(ascii: "0") {
      digits.removeFirst()
      n -= 1
    }
    while digits.last == UInt8(ascii: "0") { digits.removeLast() }
    return (digits, n)
  }

  static func layout(digits: [UInt8], exponent n: Int) -> String {
    let k = digits.count
    let text = String(decoding: digits, as: UTF8.self)
    if k <= n && n <= 21 {
      return text + String(repeating: "0", count: n - k)
    }
    if 0 < n && n <= 21 {
      return String(decoding: digits[..<n], as: UTF8.self) + "."
        + String(decoding: digits[n...], as: UTF8.self)
    }
    if -6 < n && n <= 0 {
      return "0." + String(repeating: "0", count: -n) + text
    }
    let sign = n - 1 < 0 ? "-" : "+"
    let power = String(abs(n - 1))
    if k == 1 { return text + "e" + sign + power }
    return String(UnicodeScalar(digits[0])) + "." + String(decoding: digits[1...], as: UTF8.self)
      + "e" + sign + power
  }
}
