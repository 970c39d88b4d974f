/// One server reply: a three-digit code and its lines of text (RFC 5321 §4.2).
public struct SMTPReply: Equatable, Sendable, CustomStringConvertible {
  public let code: Int
  /// The text of each line, without the code and its separator.
  public let lines: [String]

  public init(code: Int, lines: [String]) {
    self.code = code
    self.lines = lines
  }

  public var isPositive: Bool { (200..<400).contains(code) }
  public var isTransientFailure: Bool { (400..<500).contains(code) }

  /// The RFC 3463 status at the start of the first line, like `5.7.8`.
  public var enhancedStatus: String? {
    guard let first = lines.first?.split(separator: " ", maxSplits: 1).first else { return nil }
    let parts = first.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count == 3, ["2", "4", "5"].contains(parts[0]),
      parts.allSatisfy({ (1...3).contains($0.count) && $0.allSatisfy(\.isASCII) && Int($0) != nil })
    else { return nil }
    return String(first)
  }

  /// The first line's words after the enhanced status.
  public var text: String {
    guard let first = lines.first else { return "" }
    guard let status = enhancedStatus else { return first }
    return String(first.dropFirst(status.count).drop { $0 == " " })
  }

  /// The code and the enhanced status: what a log line or an error names.
  public var status: String { enhancedStatus.map { "\(code) \($0)" } ?? "\(code)" }

  public var description: String {
    "\(code) " + lines.joined(separator: " / ")
  }
}
