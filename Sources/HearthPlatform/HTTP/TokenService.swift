import Crypto
import Foundation
import HearthSQL
import Synchronization

/// Random secrets, their stored hashes, and signed short-lived access tokens.
public struct TokenService: Sendable {
  package let key: SymmetricKey
  /// Seals what the server must read back but the database alone should not reveal.
  let sealingKey: SymmetricKey
  /// Signs capabilities handed out for one thing (a notice's button), apart from access tokens.
  let signingKey: SymmetricKey
  /// Access tokens already verified, so that a client's next requests skip the HMAC and the
  /// parsing; what a token says cannot change, and its expiry is checked on every use.
  private let verified = VerifiedTokens()

  public init(secret: String) {
    key = SymmetricKey(data: SHA256.hash(data: Data(("hearth-access:" + secret).utf8)))
    sealingKey = SymmetricKey(data: SHA256.hash(data: Data(("hearth-seal:" + secret).utf8)))
    signingKey = SymmetricKey(data: SHA256.hash(data: Data(("hearth-sign:" + secret).utf8)))
  }

  /// `bytes` encrypted and authenticated (AES-GCM) with a key from the server's secret.
  package func seal(_ bytes: [UInt8]) throws -> String {
    guard let combined = try AES.GCM.seal(bytes, using: sealingKey).combined else {
      throw StoreError.unreadable("sealed box")
    }
    return combined.base64URL
  }

  /// What `seal` sealed; nil when the text was not sealed with this server's secret.
  package func open(_ text: String) -> [UInt8]? {
    guard let data = Data(base64URL: text), let box = try? AES.GCM.SealedBox(combined: data),
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
    return data.prefix(bytes).base64URL
  }

  public static func hash(_ token: String) -> String {
    SHA256.hash(data: Data(token.utf8)).map { String(format: "%02x", $0) }.joined()
  }

  package struct Claims: Codable, Sendable {
    var sid: String
    var uid: String
    var exp: Int
  }

  public func accessToken(sessionID: String, userID: String, expires: Date) -> String {
    let claims = Claims(sid: sessionID, uid: userID, exp: Int(expires.timeIntervalSince1970))
    let body = ((try? JSONEncoder().encode(claims)) ?? Data()).base64URL
    let mac = HMAC<SHA256>.authenticationCode(for: Data(body.utf8), using: key)
    return "hat1." + body + "." + Data(mac).base64URL
  }

  /// A base64url HMAC of `subject`: whoever holds it may do what the subject names.
  package func signature(of subject: String) -> String {
    Data(HMAC<SHA256>.authenticationCode(for: Data(subject.utf8), using: signingKey)).base64URL
  }

  package func isSignature(_ text: String, of subject: String) -> Bool {
    guard let mac = Data(base64URL: text) else { return false }
    return HMAC<SHA256>.isValidAuthenticationCode(
      mac, authenticating: Data(subject.utf8), using: signingKey)
  }

  /// Returns (sessionID, userID) of a well-signed token that has not expired.
  public func verify(accessToken token: String, now: Date) -> (sessionID: String, userID: String)? {
    if let claims = verified.claims(of: token) {
      return Double(claims.exp) > now.timeIntervalSince1970 ? (claims.sid, claims.uid) : nil
    }
    let parts = token.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count == 3, parts[0] == "hat1", let mac = Data(base64URL: parts[2]),
      HMAC<SHA256>.isValidAuthenticationCode(mac, authenticating: Data(parts[1].utf8), using: key),
      let json = Data(base64URL: parts[1]),
      let claims = try? JSONDecoder().decode(Claims.self, from: json),
      Double(claims.exp) > now.timeIntervalSince1970
    else { return nil }
    verified.remember(token, claims)
    return (claims.sid, claims.uid)
  }
}

/// A bounded memo of verified access tokens; emptied whole when full, since a client simply
/// verifies again.
final class VerifiedTokens: Sendable {
  static let capacity = 10_000
  private let tokens = Mutex<[String: TokenService.Claims]>([:])

  func claims(of token: String) -> TokenService.Claims? {
    tokens.withLock { $0[token] }
  }

  func remember(_ token: String, _ claims: TokenService.Claims) {
    tokens.withLock { tokens in
      if tokens.count >= Self.capacity { tokens.removeAll(keepingCapacity: true) }
      tokens[token] = claims
    }
  }
}
