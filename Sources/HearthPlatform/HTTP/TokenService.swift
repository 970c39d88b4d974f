import Crypto
import Foundation

/// Random secrets, their stored hashes, and signed short-lived access tokens.
public struct TokenService: Sendable {
  package let key: SymmetricKey
  /// Seals what the server must read back but the database alone should not reveal.
  let sealingKey: SymmetricKey

  public init(secret: String) {
    key = SymmetricKey(data: SHA256.hash(data: Data(("hearth-access:" + secret).utf8)))
    sealingKey = SymmetricKey(data: SHA256.hash(data: Data(("hearth-seal:" + secret).utf8)))
  }

  /// `bytes` encrypted and authenticated (AES-GCM) with a key from the server's secret.
  func seal(_ bytes: [UInt8]) throws -> String {
    guard let combined = try AES.GCM.seal(bytes, using: sealingKey).combined else {
      throw StoreError.unreadable("sealed box")
    }
    return Self.base64URL(combined)
  }

  /// What `seal` sealed; nil when the text was not sealed with this server's secret.
  func open(_ text: String) -> [UInt8]? {
    guard let data = Self.data(base64URL: text), let box = try? AES.GCM.SealedBox(combined: data),
      let bytes = try? AES.GCM.open(box, using: sealingKey)
    else { return nil }
    return Array(bytes)
  }

  public static func randomToken(bytes: Int = 32) -> String {
    var generator = SystemRandomNumberGenerator()
    var data = Data(capacity: bytes + 7)
    while data.count < bytes {
      withUnsafeBytes(of: generator.next()) { data.append(contentsOf: $0) }
    }
    return base64URL(data.prefix(bytes))
  }

  public static func hash(_ token: String) -> String {
    SHA256.hash(data: Data(token.utf8)).map { String(format: "%02x", $0) }.joined()
  }

  package struct Claims: Codable {
    var sid: String
    var uid: String
    var exp: Int
  }

  public func accessToken(sessionID: String, userID: String, expires: Date) -> String {
    let claims = Claims(sid: sessionID, uid: userID, exp: Int(expires.timeIntervalSince1970))
    let body = Self.base64URL((try? JSONEncoder().encode(claims)) ?? Data())
    let mac = HMAC<SHA256>.authenticationCode(for: Data(body.utf8), using: key)
    return "hat1." + body + "." + Self.base64URL(Data(mac))
  }

  /// Returns (sessionID, userID) of a well-signed token that has not expired.
  public func verify(accessToken token: String, now: Date) -> (sessionID: String, userID: String)? {
    let parts = token.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count == 3, parts[0] == "hat1", let mac = Self.data(base64URL: String(parts[2])),
      HMAC<SHA256>.isValidAuthenticationCode(mac, authenticating: Data(parts[1].utf8), using: key),
      let json = Self.data(base64URL: String(parts[1])),
      let claims = try? JSONDecoder().decode(Claims.self, from: json),
      Double(claims.exp) > now.timeIntervalSince1970
    else { return nil }
    return (claims.sid, claims.uid)
  }

  package static func base64URL(_ data: Data) -> String {
    data.base64EncodedString().replacingOccurrences(of: "+", with: "-")
      .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
  }

  package static func data(base64URL text: String) -> Data? {
    var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(
      of: "_", with: "/")
    while base64.count % 4 != 0 { base64 += "=" }
    return Data(base64Encoded: base64)
  }
}
