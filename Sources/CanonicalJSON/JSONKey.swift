/// An object member's name, equal to another only when their UTF-16 code units are (RFC 8785).
/// Swift's `String` equality is canonical equivalence, which would make a precomposed "é" and
/// an "e" followed by a combining accent one key; in JSON they are two.
public struct JSONKey: Hashable, Comparable, Sendable, ExpressibleByStringLiteral,
  CustomStringConvertible
{
  public let string: String

  public init(_ string: String) { self.string = string }
  public init(stringLiteral string: String) { self.string = string }

  public var description: String { string }

  public static func == (lhs: JSONKey, rhs: JSONKey) -> Bool {
    lhs.string.utf8.elementsEqual(rhs.string.utf8)
  }

  public func hash(into hasher: inout Hasher) {
    var text = string
    text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
  }

  /// RFC 8785's member order.
  public static func < (lhs: JSONKey, rhs: JSONKey) -> Bool {
    lhs.string.utf16.lexicographicallyPrecedes(rhs.string.utf16)
  }
}
