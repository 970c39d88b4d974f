/// Splits the bytes a server sends into replies: lines of `ddd-text` ended by `ddd text` or a
/// bare `ddd`, every line with the same code.
public struct SMTPReplyReader: Sendable {
  public static let longestLine = 4096
  public static let mostLines = 100

  private var buffer: [UInt8] = []
  private var code: Int?
  private var lines: [String] = []

  public init() {}

  /// Bytes received and not yet read as part of a reply.
  public var unreadByteCount: Int { buffer.count }

  public mutating func append<Bytes: Sequence<UInt8>>(_ bytes: Bytes) { buffer += bytes }

  /// The next whole reply, or nil until more bytes arrive.
  public mutating func next() throws(SMTPError) -> SMTPReply? {
    while let end = buffer.firstIndex(of: UInt8(ascii: "\n")) {
      var line = buffer[..<end]
      if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
      buffer.removeSubrange(...end)
      if let reply = try read(line: Array(line)) { return reply }
    }
    guard buffer.count <= Self.longestLine else { throw .malformed("a reply line is too long") }
    return nil
  }

  private mutating func read(line: [UInt8]) throws(SMTPError) -> SMTPReply? {
    guard line.count <= Self.longestLine else { throw .malformed("a reply line is too long") }
    guard line.count >= 3, line[0...2].allSatisfy({ (0x30...0x39).contains($0) }),
      (UInt8(ascii: "2")...UInt8(ascii: "5")).contains(line[0]),
      let lineCode = Int(String(decoding: line[0...2], as: UTF8.self))
    else { throw .malformed("a reply line does not start with a code") }
    let separator = line.count > 3 ? line[3] : UInt8(ascii: " ")
    guard separator == UInt8(ascii: " ") || separator == UInt8(ascii: "-") else {
      throw .malformed("a reply code is not followed by a space or a hyphen")
    }
    guard code == nil || code == lineCode else {
      throw .malformed("the lines of one reply carry different codes")
    }
    code = lineCode
    lines.append(String(decoding: line.dropFirst(4), as: UTF8.self))
    guard lines.count <= Self.mostLines else { throw .malformed("a reply has too many lines") }
    guard separator == UInt8(ascii: " ") else { return nil }
    defer {
      code = nil
      lines = []
    }
    return SMTPReply(code: lineCode, lines: lines)
  }
}
