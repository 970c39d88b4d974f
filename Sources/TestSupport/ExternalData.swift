import Foundation

/// Conformance data written outside the project, in ../shared/external beside the checkout.
public enum ExternalData {
  public static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("../shared/external").standardized

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
