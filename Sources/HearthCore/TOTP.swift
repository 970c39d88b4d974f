import Crypto
import Foundation

/// Time-based one-time passwords (RFC 6238 over RFC 4226's HOTP): HMAC-SHA1, a 30-second step,
/// six digits, the parameters every authenticator app assumes.
public struct TOTP: Sendable {
  public let secret: [UInt8]
  public var digits = 6
  public var period: TimeInterval = 30

  public init(secret: [UInt8], digits: Int = 6) {
    self.secret = secret
    self.digits = digits
  }

  public func step(at date: Date) -> Int64 {
    Int64((date.timeIntervalSince1970 / period).rounded(.down))
  }

  public func code(step: Int64) -> String {
    var counter = UInt64(bitPattern: step).bigEndian
    let message = withUnsafeBytes(of: &counter) { Array($0) }
    let mac = Array(
      HMAC<Insecure.SHA1>.authenticationCode(for: message, using: SymmetricKey(data: secret)))
    let offset = Int(mac[mac.count - 1] & 0x0F)
    let truncated =
      (UInt32(mac[offset] & 0x7F) << 24) | (UInt32(mac[offset + 1]) << 16)
      | (UInt32(mac[offset + 2]) << 8) | UInt32(mac[offset + 3])
    var modulus: UInt32 = 1
    for _ in 0..<digits { modulus *= 10 }
    let number = String(truncated % modulus)
    return String(repeating: "0", count: digits - number.count) + number
  }

  public func code(at date: Date) -> String { code(step: step(at: date)) }

  /// The step, within `window` steps either side of `date` (clocks drift), whose code `code` is;
  /// nil when none is. Every candidate is compared in full, so the time taken says nothing.
  public func matchingStep(_ code: String, at date: Date, window: Int64 = 1) -> Int64? {
    let typed = Array(code.filter { !$0.isWhitespace }.utf8)
    let now = step(at: date)
    var found: Int64?
    for candidate in (now - window)...(now + window) {
      let expected = Array(self.code(step: candidate).utf8)
      var difference = UInt8(typed.count == expected.count ? 0 : 1)
      for (a, b) in zip(typed, expected) { difference |= a ^ b }
      if difference == 0 && found == nil { found = candidate }
    }
    return found
  }

  /// The `otpauth://` address an authenticator app reads (as a QR code or pasted).
  public func provisioningURI(account: String, issuer: String) -> String {
    var allowed = CharacterSet.alphanumerics
    allowed.insert(charactersIn: "-._~@")
    let label = "\(issuer):\(account)".addingPercentEncoding(withAllowedCharacters: allowed) ?? ""
    let issuerParameter = issuer.addingPercentEncoding(withAllowedCharacters: allowed) ?? ""
    return
      "otpauth://totp/\(label)?secret=\(Base32.encode(secret))&issuer=\(issuerParameter)"
      + "&algorithm=SHA1&digits=\(digits)&period=\(Int(period))"
  }
}
