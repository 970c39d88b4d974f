import Crypto
import Foundation

/// A script, stylesheet or icon from a module's Resources, served from memory under /static: by its
/// name with brief caching, and by a name carrying a hash of its bytes, which browsers may keep
/// for good. Pages link the hashed name, so a browser never runs an old script on a new page.
public struct StaticAsset: Sendable {
  public let name: String
  public let body: [UInt8]
  public let contentType: String
  /// `notes.3f2a9c1d0b7e.js` for `notes.js`.
  public let hashedName: String

  public init(name: String, bytes: [UInt8]) {
    self.name = name
    body = bytes
    contentType = Self.contentType(of: name)
    let hash = SHA256.hash(data: bytes).prefix(6).map { String(format: "%02x", $0) }.joined()
    let dot = name.lastIndex(of: ".") ?? name.endIndex
    hashedName = name[..<dot] + "." + hash + name[dot...]
  }

  /// Where pages link it.
  public var url: String { "/static/" + hashedName }

  static func contentType(of name: String) -> String {
    if name.hasSuffix(".css") { return "text/css; charset=utf-8" }
    if name.hasSuffix(".js") { return "text/javascript; charset=utf-8" }
    if name.hasSuffix(".svg") { return "image/svg+xml" }
    return "application/octet-stream"
  }
}

/// Every asset by both of its names, for /static.
package struct StaticAssets: Sendable {
  package let byName: [String: (asset: StaticAsset, immutable: Bool)]

  package init(_ assets: [StaticAsset]) {
    var byName: [String: (asset: StaticAsset, immutable: Bool)] = [:]
    for asset in assets {
      byName[asset.name] = (asset, false)
      byName[asset.hashedName] = (asset, true)
    }
    self.byName = byName
  }
}
