import Crypto
import Foundation
import HTTPTypes
import Hummingbird

/// A script, stylesheet or icon from a module's Resources, served from memory under /static: by its
/// name with brief caching, and by a name carrying a hash of its bytes, which browsers may keep
/// for good. Pages link the hashed name, so a browser never runs an old script on a new page.
///
/// A script module (`.mjs`) names the modules it imports by their plain names
/// (`from "./hearth.mjs"`) and is served with their hashed names instead: its own hash then
/// covers theirs, so a module kept for good never imports another version of another, and a page
/// that links a module by its hashed name gets the same copy its scripts import.
public struct StaticAsset: Sendable {
  public let name: String
  /// The bytes as served, kept once: the answers under both names share them.
  package let buffer: ByteBuffer
  public let contentType: String
  /// `notes.3f2a9c1d0b7e.mjs` for `notes.mjs`.
  public let hashedName: String
  /// The body compressed once, in each coding that makes it smaller.
  package let encoded: [ContentEncoding: ByteBuffer]
  /// The hash of the bytes, which names this version for If-None-Match.
  package let version: String

  /// `linking` holds the modules a script module's imports name; a module that imports one not
  /// given here stops the server at its start, rather than leaving a page with two copies of it.
  public init(name: String, bytes: [UInt8], linking modules: [StaticAsset] = []) {
    self.name = name
    let body = name.hasSuffix(".mjs") ? ModuleImports.link(bytes, of: name, to: modules) : bytes
    buffer = ByteBuffer(bytes: body)
    contentType = Self.contentType(of: name)
    version = SHA256.hash(data: body).prefix(12).map { String(format: "%02x", $0) }.joined()
    let dot = name.lastIndex(of: ".") ?? name.endIndex
    hashedName = name[..<dot] + "." + version.prefix(12) + name[dot...]
    var encoded: [ContentEncoding: ByteBuffer] = [:]
    for coding in ContentEncoding.allCases {
      if let smaller = coding.encode(body), smaller.count < body.count {
        encoded[coding] = ByteBuffer(bytes: smaller)
      }
    }
    self.encoded = encoded
  }

  public var body: [UInt8] { Array(buffer.readableBytesView) }

  /// Where pages link it.
  public var url: String { "/static/" + hashedName }

  static func contentType(of name: String) -> String {
    if name.hasSuffix(".css") { return "text/css; charset=utf-8" }
    if name.hasSuffix(".js") || name.hasSuffix(".mjs") { return "text/javascript; charset=utf-8" }
    if name.hasSuffix(".svg") { return "image/svg+xml" }
    return "application/octet-stream"
  }
}

/// Every asset by both of its names, each answer prepared once: the bytes in every coding, with
/// their headers, and a 304 for a browser that has this version already.
package struct StaticAssets: Sendable {
  struct Variant: Sendable {
    var body: ByteBuffer
    var headers: HTTPFields
  }

  struct File: Sendable {
    var identity: Variant
    var encoded: [(ContentEncoding, Variant)]
    var etags: Set<String>
    var notModified: HTTPFields
  }

  private let files: [String: File]

  /// `headers` go on every answer (the security headers, which these answers skip the
  /// middleware for).
  package init(_ assets: [StaticAsset], headers: HTTPFields = [:]) {
    var files: [String: File] = [:]
    for asset in assets {
      files[asset.name] = Self.file(asset, immutable: false, headers: headers)
      files[asset.hashedName] = Self.file(asset, immutable: true, headers: headers)
    }
    self.files = files
  }

  private static func file(_ asset: StaticAsset, immutable: Bool, headers: HTTPFields) -> File {
    var common = headers
    common[.cacheControl] =
      immutable ? "public, max-age=31536000, immutable" : "public, max-age=300"
    common[.vary] = "Accept-Encoding"
    func variant(_ body: ByteBuffer, _ coding: ContentEncoding?) -> Variant {
      var fields = common
      fields[.contentType] = asset.contentType
      fields[.eTag] = etag(asset, coding)
      if let coding { fields[.contentEncoding] = coding.rawValue }
      return Variant(body: body, headers: fields)
    }
    let encoded = ContentEncoding.allCases.compactMap { coding in
      asset.encoded[coding].map { (coding, variant($0, coding)) }
    }
    return File(
      identity: variant(asset.buffer, nil), encoded: encoded,
      etags: Set([etag(asset, nil)] + encoded.map { etag(asset, $0.0) }), notModified: common)
  }

  /// Each coding is its own representation, with its own strong validator.
  private static func etag(_ asset: StaticAsset, _ coding: ContentEncoding?) -> String {
    "\"" + asset.version + (coding.map { "-" + $0.rawValue } ?? "") + "\""
  }

  /// The answer for the file `name`, or nil when there is none.
  package func response(_ name: Substring, to request: Request) -> Response? {
    guard let file = files[String(name)] else { return nil }
    if let tags = request.headers[.ifNoneMatch],
      tags == "*"
        || tags.split(separator: ",").contains(where: {
          file.etags.contains($0.trimmingCharacters(in: .whitespaces))
        })
    {
      var headers = file.notModified
      headers[.eTag] = file.etags.first(where: tags.contains) ?? file.identity.headers[.eTag]
      return Response(status: .notModified, headers: headers)
    }
    let coding = ContentEncoding.preferred(
      request.headers[.acceptEncoding], offered: file.encoded.map(\.0))
    let variant = file.encoded.first(where: { $0.0 == coding })?.1 ?? file.identity
    return Response(
      status: .ok, headers: variant.headers,
      body: request.method == .head ? .init() : .init(byteBuffer: variant.body))
  }
}
