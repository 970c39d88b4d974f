import CQREncode

/// A QR code drawn on the server (libqrencode), as the dark modules of a square grid.
public struct QRCode: Equatable, Sendable {
  public let size: Int
  let dark: [Bool]

  /// Nil only when the text is too long for any QR code.
  public init?(_ text: String) {
    guard let code = QRcode_encodeString8bit(text, 0, QR_ECLEVEL_M) else { return nil }
    defer { QRcode_free(code) }
    let width = Int(code.pointee.width)
    size = width
    dark = (0..<(width * width)).map { code.pointee.data[$0] & 1 == 1 }
  }

  public func isDark(row: Int, column: Int) -> Bool { dark[row * size + column] }

  /// An SVG of the code with the quiet zone of four modules readers need around it; one path,
  /// dark on white whatever the page's colours, so a camera reads it in dark mode too.
  public func svg(label: String, pixels: Int = 232) -> String {
    let side = size + 8
    var path = ""
    for row in 0..<size {
      for column in 0..<size where isDark(row: row, column: column) {
        path += "M\(column + 4) \(row + 4)h1v1h-1z"
      }
    }
    let escaped = label.replacingOccurrences(of: "&", with: "&amp;")
      .replacingOccurrences(of: "\"", with: "&quot;").replacingOccurrences(of: "<", with: "&lt;")
    return """
      <svg class="qr-code" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 \(side) \(side)" \
      width="\(pixels)" height="\(pixels)" role="img" aria-label="\(escaped)" \
      shape-rendering="crispEdges"><rect width="\(side)" height="\(side)" fill="#fff"/>\
      <path fill="#000" d="\(path)"/></svg>
      """
  }
}
