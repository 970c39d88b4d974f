import Foundation

/// A parsed application/x-www-form-urlencoded body.
public struct FormData: Sendable {
  public private(set) var values: [String: String] = [:]

  public init(_ body: String) {
    for pair in body.split(separator: "&") {
      let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      let key = Self.decode(parts[0])
      let value = parts.count > 1 ? Self.decode(parts[1]) : ""
      if values[key] == nil { values[key] = value }
    }
  }

  public subscript(_ key: String) -> String? { values[key] }

  package static func decode(_ text: Substring) -> String {
    let spaced = text.replacingOccurrences(of: "+", with: " ")
    return spaced.removingPercentEncoding ?? spaced
  }
}
