import Foundation

extension Data {
  /// RFC 4648 §5 base64url without padding, as JWTs, push keys and tokens use it.
  public var base64URL: String {
    base64EncodedString().replacingOccurrences(of: "+", with: "-")
      .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
  }

  /// Reads base64url with or without padding; the standard alphabet's `+` and `/` are also
  /// accepted, since browsers and libraries differ in what they hand over.
  public init?(base64URL text: some StringProtocol) {
    var base64 = [UInt8]()
    base64.reserveCapacity(text.utf8.count + 3)
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "-"): base64.append(UInt8(ascii: "+"))
      case UInt8(ascii: "_"): base64.append(UInt8(ascii: "/"))
      case UInt8(ascii: "="): continue
      default: base64.append(byte)
      }
    }
    while base64.count % 4 != 0 { base64.append(UInt8(ascii: "=")) }
    self.init(base64Encoded: Data(base64))
  }
}
