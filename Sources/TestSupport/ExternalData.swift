import Foundation

/// Conformance data written outside the project (RFC 8785, RFC 8032, Wycheproof, kanjium),
/// copied with their licences into Tests/Fixtures/external.
public enum ExternalData {
  public static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Tests/Fixtures/external").standardized

  public static func bytes(_ path: String) throws -> [UInt8] {
    Array(try Data(contentsOf: root.appendingPathComponent(path)))
  }

  public static func text(_ path: String) throws -> String {
    String(decoding: try bytes(path), as: UTF8.self)
  }
}

/// The checkout this test build came from.
public enum ProjectRoot {
  public static let url = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
}
