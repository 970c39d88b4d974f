import HTTPTypes
import Hummingbird
import NIOCore

/// Gzips pages and JSON answers of `threshold` bytes or more for clients that accept it; smaller
/// ones fit a packet as they are. Streams (live events) and files already compressed pass
/// untouched.
package struct ResponseCompressionMiddleware: RouterMiddleware {
  package typealias Context = AppRequestContext
  package static let threshold = 1400
  static let compressible = ["text/html", "application/json", "application/manifest+json"]

  package init() {}

  package func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    var response = try await next(request, context)
    guard request.method != .head, let length = response.body.contentLength,
      length >= Self.threshold,
      response.headers[.contentEncoding] == nil,
      let type = response.headers[.contentType],
      Self.compressible.contains(where: type.hasPrefix),
      ContentEncoding.preferred(request.headers[.acceptEncoding], offered: [.gzip]) == .gzip
    else { return response }
    let collector = Collector()
    try await response.body.write(collector)
    guard let compressed = ContentEncoding.gzip.encode(collector.box.bytes, level: 5) else {
      response.body = .init(byteBuffer: ByteBuffer(bytes: collector.box.bytes))
      return response
    }
    response.headers[.contentEncoding] = ContentEncoding.gzip.rawValue
    response.headers[.vary] = "Accept-Encoding"
    response.headers[.contentLength] = nil
    response.body = .init(byteBuffer: ByteBuffer(bytes: compressed))
    return response
  }

  /// Takes a body's bytes as the server would write them.
  struct Collector: ResponseBodyWriter {
    final class Box: @unchecked Sendable { var bytes: [UInt8] = [] }
    let box = Box()

    mutating func write(_ buffer: ByteBuffer) async throws {
      box.bytes.append(contentsOf: buffer.readableBytesView)
    }

    consuming func finish(_ trailingHeaders: HTTPFields?) async throws {}
  }
}
