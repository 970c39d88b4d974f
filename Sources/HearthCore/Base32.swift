/// RFC 4648 base 32, the alphabet authenticator apps read secrets in; written without padding.
public enum Base32 {
  static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567".utf8)

  public static func encode(_ bytes: [UInt8]) -> String {
    var output: [UInt8] = []
    var buffer = 0
    var bits = 0
    for byte in bytes {
      buffer = (buffer << 8) | Int(byte)
      bits += 8
      while bits >= 5 {
        output.append(alphabet[(buffer >> (bits - 5)) & 31])
        bits -= 5
      }
    }
    if bits > 0 { output.append(alphabet[(buffer << (5 - bits)) & 31]) }
    return String(decoding: output, as: UTF8.self)
  }

  /// Reads upper or lower case, ignoring spaces, dashes and `=` padding; nil for anything else.
  public static func decode(_ text: String) -> [UInt8]? {
    var output: [UInt8] = []
    var buffer = 0
    var bits = 0
    for character in text.uppercased().utf8 where !" -=".utf8.contains(character) {
      guard let value = alphabet.firstIndex(of: character) else { return nil }
      buffer = ((buffer << 5) | value) & 0xFFFF
      bits += 5
      if bits >= 8 {
        output.append(UInt8((buffer >> (bits - 8)) & 0xFF))
        bits -= 8
      }
    }
    return output
  }
}
