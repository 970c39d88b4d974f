import Foundation

/// A mailbox: an ASCII address and, for people to read, a display name in any script.
public struct MailAddress: Equatable, Sendable, CustomStringConvertible {
  public let name: String?
  public let address: String

  public init(_ address: String, name: String? = nil) throws(MailError) {
    guard Self.isValid(address) else { throw .invalidAddress(address) }
    if let name, name.hasLineBreak { throw .lineBreakInHeader("display name") }
    self.address = address
    self.name = name.flatMap { $0.isEmpty ? nil : $0 }
  }

  /// `Name <address>`, `"Name, Inc." <address>` or a bare address.
  public init(parsing text: String) throws(MailError) {
    let text = text.trimmingCharacters(in: .whitespaces)
    guard text.hasSuffix(">"), let open = text.lastIndex(of: "<") else {
      try self.init(text)
      return
    }
    var name = text[..<open].trimmingCharacters(in: .whitespaces)
    if name.count >= 2, name.hasPrefix("\""), name.hasSuffix("\"") {
      name = String(name.dropFirst().dropLast())
        .replacingOccurrences(of: "\\\"", with: "\"")
        .replacingOccurrences(of: "\\\\", with: "\\")
    }
    let address = text[text.index(after: open)..<text.index(before: text.endIndex)]
    try self.init(String(address), name: name)
  }

  public var domain: Substring { address[address.index(after: address.lastIndex(of: "@")!)...] }

  public var description: String { name.map { "\($0) <\(address)>" } ?? address }

  static func isValid(_ address: String) -> Bool {
    let parts = address.split(separator: "@", omittingEmptySubsequences: false)
    guard parts.count == 2, address.utf8.count <= 254, !parts[0].isEmpty, !parts[1].isEmpty
    else { return false }
    let local = parts[0].utf8.allSatisfy { isAtext($0) || $0 == UInt8(ascii: ".") }
    let domain = parts[1].utf8.allSatisfy { byte in
      isAlphanumeric(byte) || [UInt8(ascii: "-"), UInt8(ascii: ".")].contains(byte)
    }
    return local && domain && !parts[1].hasPrefix(".") && !parts[1].hasSuffix(".")
  }

  static func isAlphanumeric(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
      || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
      || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
  }

  /// RFC 5322's atext: what a local part or a plain display-name word may hold unquoted.
  static func isAtext(_ byte: UInt8) -> Bool {
    isAlphanumeric(byte) || "!#$%&'*+-/=?^_`{|}~".utf8.contains(byte)
  }
}
