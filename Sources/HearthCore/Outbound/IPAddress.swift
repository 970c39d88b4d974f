import Foundation

/// An IP address as the network sees it, however it was written: the bytes, not the text.
public enum IPAddress: Hashable, Sendable, CustomStringConvertible {
  case v4(UInt32)
  /// Sixteen bytes, in network order.
  case v6([UInt8])

  /// The address written in a URL host or given to a resolver: IPv4 in any notation the C
  /// library accepts (dotted, one integer, hex, octal, short forms, a trailing dot) and IPv6 with
  /// or without brackets and zone id. Nil for anything else, names included.
  public init?(literal text: String) {
    var host = Substring(text)
    if host.hasPrefix("["), host.hasSuffix("]") { host = host.dropFirst().dropLast() }
    if host.contains(":") {
      guard let bytes = Self.v6Bytes(host.split(separator: "%", maxSplits: 1)[0]) else {
        return nil
      }
      self = .v6(bytes)
    } else if let value = Self.v4Value(host) {
      self = .v4(value)
    } else {
      return nil
    }
  }

  /// The zone id of a scoped IPv6 literal (`fe80::1%eth0`, or `%25eth0` as URLs write it).
  public static func zone(of text: String) -> String? {
    guard text.contains(":"), let percent = text.firstIndex(of: "%") else { return nil }
    return String(text[text.index(after: percent)...]).replacingOccurrences(of: "]", with: "")
  }

  /// True when the last label is written as a number (`10.1`, `0x7f`): such a host is an
  /// IPv4 address to the C library, or nothing at all, never a name.
  public static func looksNumeric(_ host: String) -> Bool {
    var labels = host.split(separator: ".", omittingEmptySubsequences: false)
    if labels.count > 1, labels.last == "" { labels.removeLast() }
    guard let last = labels.last?.lowercased(), !last.isEmpty else { return false }
    if last.hasPrefix("0x") { return last.dropFirst(2).allSatisfy(\.isHexDigit) }
    return last.allSatisfy(\.isASCIIDigitCharacter)
  }

  public var description: String {
    switch self {
    case .v4(let value):
      return (0..<4).map { String((value >> (24 - 8 * UInt32($0))) & 0xff) }.joined(separator: ".")
    case .v6(let bytes):
      return stride(from: 0, to: 16, by: 2).map {
        String(UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1]), radix: 16)
      }.joined(separator: ":")
    }
  }

  // MARK: - IPv4

  /// inet_aton's grammar, which WHATWG URLs share: one to four parts, each decimal, 0x-hex or
  /// 0-octal; the last part fills the bytes the others left.
  static func v4Value(_ text: Substring) -> UInt32? {
    var parts = text.split(separator: ".", omittingEmptySubsequences: false)
    if parts.count > 1, parts.last == "" { parts.removeLast() }
    guard (1...4).contains(parts.count) else { return nil }
    var numbers: [UInt64] = []
    for part in parts {
      guard let number = v4Part(part) else { return nil }
      numbers.append(number)
    }
    guard numbers.dropLast().allSatisfy({ $0 <= 255 }) else { return nil }
    let lastBits = UInt64(8 * (5 - numbers.count))
    guard numbers[numbers.count - 1] < (1 << lastBits) else { return nil }
    var value: UInt64 = numbers[numbers.count - 1]
    for (index, number) in numbers.dropLast().enumerated() {
      value |= number << UInt64(24 - 8 * index)
    }
    return UInt32(value)
  }

  static func v4Part(_ part: Substring) -> UInt64? {
    var digits = Substring(part.lowercased())
    var radix = 10
    if digits.hasPrefix("0x") {
      digits = digits.dropFirst(2)
      radix = 16
      if digits.isEmpty { return 0 }
    } else if digits.count > 1, digits.hasPrefix("0") {
      digits = digits.dropFirst()
      radix = 8
    }
    guard !digits.isEmpty, digits.count <= 32, digits.allSatisfy(\.isASCIIHexDigitCharacter),
      let number = UInt64(digits, radix: radix), number <= UInt64(UInt32.max)
    else { return nil }
    return number
  }

  // MARK: - IPv6

  /// RFC 4291 text: eight groups, one `::`, and an optional dotted IPv4 tail.
  static func v6Bytes(_ text: Substring) -> [UInt8]? {
    let halves = text.components(separatedBy: "::")
    guard halves.count <= 2 else { return nil }
    func groups(_ half: String) -> [UInt16]? {
      guard !half.isEmpty else { return [] }
      var result: [UInt16] = []
      let pieces = half.split(separator: ":", omittingEmptySubsequences: false)
      for (index, piece) in pieces.enumerated() {
        if index == pieces.count - 1, piece.contains(".") {
          guard let value = dottedQuad(piece) else { return nil }
          result += [UInt16(value >> 16), UInt16(value & 0xffff)]
        } else {
          guard (1...4).contains(piece.count), let group = UInt16(piece, radix: 16) else {
            return nil
          }
          result.append(group)
        }
      }
      return result
    }
    guard let head = groups(halves[0]) else { return nil }
    var all = head
    if halves.count == 2 {
      guard let tail = groups(halves[1]), head.count + tail.count <= 7 else { return nil }
      all += Array(repeating: 0, count: 8 - head.count - tail.count) + tail
    }
    guard all.count == 8 else { return nil }
    return all.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xff)] }
  }

  /// Strict a.b.c.d, the only IPv4 form inside IPv6 text.
  static func dottedQuad(_ text: Substring) -> UInt32? {
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count == 4 else { return nil }
    var value: UInt32 = 0
    for part in parts {
      guard (1...3).contains(part.count), part.allSatisfy(\.isASCIIDigitCharacter),
        let byte = UInt32(part), byte <= 255
      else { return nil }
      value = value << 8 | byte
    }
    return value
  }
}

extension Character {
  fileprivate var isASCIIDigitCharacter: Bool { isASCII && isNumber }
  fileprivate var isASCIIHexDigitCharacter: Bool { isASCII && isHexDigit }
}
