import CBrotli
import CZlib
import HTTPTypes

/// The compressed forms of a response body the server gives (RFC 9110 content codings), and
/// which one a request's Accept-Encoding takes.
package enum ContentEncoding: String, Sendable, CaseIterable {
  case brotli = "br"
  case gzip = "gzip"

  /// The best coding the client accepts among `offered`, or nil for the body as it is.
  /// A coding is accepted when named (or `*`) without `q=0`.
  package static func preferred(_ acceptEncoding: String?, offered: [ContentEncoding])
    -> ContentEncoding?
  {
    guard let acceptEncoding, !acceptEncoding.isEmpty else { return nil }
    var accepted: [String: Bool] = [:]
    for item in acceptEncoding.split(separator: ",") {
      let parts = item.split(separator: ";")
      guard let name = parts.first?.trimmingCharacters(in: .whitespaces).lowercased() else {
        continue
      }
      let refused = parts.dropFirst().contains {
        let parameter = $0.trimmingCharacters(in: .whitespaces).lowercased()
        return parameter.hasPrefix("q=") && (Double(parameter.dropFirst(2)) ?? 1) == 0
      }
      accepted[name] = !refused
    }
    return offered.first { accepted[$0.rawValue] ?? accepted["*"] ?? false }
  }

  /// `bytes` in this coding: brotli at its best quality or gzip at `level` (1 fastest, 9
  /// smallest); nil when compressing fails.
  package func encode(_ bytes: [UInt8], level: Int32 = 9) -> [UInt8]? {
    switch self {
    case .brotli: Self.brotli(bytes)
    case .gzip: Self.gzip(bytes, level: level)
    }
  }

  private static func brotli(_ bytes: [UInt8]) -> [UInt8]? {
    var size = BrotliEncoderMaxCompressedSize(bytes.count)
    guard size > 0 else { return nil }
    var output = [UInt8](repeating: 0, count: size)
    let done = bytes.withUnsafeBufferPointer { input in
      output.withUnsafeMutableBufferPointer { out in
        BrotliEncoderCompress(
          BROTLI_MAX_QUALITY, BROTLI_DEFAULT_WINDOW, BROTLI_MODE_TEXT, input.count,
          input.baseAddress, &size, out.baseAddress)
      }
    }
    guard done == BROTLI_TRUE else { return nil }
    return Array(output.prefix(size))
  }

  private static func gzip(_ bytes: [UInt8], level: Int32) -> [UInt8]? {
    var stream = z_stream()
    // 15 window bits, plus 16 for a gzip header and trailer rather than zlib's.
    guard
      deflateInit2_(
        &stream, level, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY, ZLIB_VERSION,
        Int32(MemoryLayout<z_stream>.size)) == Z_OK
    else { return nil }
    defer { deflateEnd(&stream) }
    var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, UInt(bytes.count))))
    let status = bytes.withUnsafeBufferPointer { input in
      output.withUnsafeMutableBufferPointer { out in
        stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
        stream.avail_in = UInt32(input.count)
        stream.next_out = out.baseAddress
        stream.avail_out = UInt32(out.count)
        return deflate(&stream, Z_FINISH)
      }
    }
    guard status == Z_STREAM_END else { return nil }
    return Array(output.prefix(Int(stream.total_out)))
  }
}
