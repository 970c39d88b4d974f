import Crypto
import Foundation

/// RFC 8292 voluntary application server identification: the ES256 JWT a push service checks
/// against the key the subscription was made with.
public struct VAPIDToken: Equatable, Sendable {
  /// The JWT (`header.claims.signature`).
  public let jwt: String
  public let audience: String
  public let expires: Date

  /// A push service refuses an expiry more than a day ahead.
  public static let lifetime: TimeInterval = 12 * 3600

  public init(audience: String, subject: String, now: Date, key: P256.Signing.PrivateKey) throws {
    let expires = Date(
      timeIntervalSince1970: (now.timeIntervalSince1970 + Self.lifetime).rounded(.down))
    let header = Data(#"{"typ":"JWT","alg":"ES256"}"#.utf8).base64URL
    let claims = try Self.claimsEncoder.encode(
      Claims(aud: audience, exp: Int(expires.timeIntervalSince1970), sub: subject))
    let signingInput = header + "." + claims.base64URL
    let signature = try key.signature(for: Data(signingInput.utf8))
    self.jwt = signingInput + "." + signature.rawRepresentation.base64URL
    self.audience = audience
    self.expires = expires
  }

  /// The `Authorization` header's value. No space after the comma: some verifiers split the
  /// header on its last space.
  public func authorization(publicKey: P256.Signing.PublicKey) -> String {
    "vapid t=\(jwt),k=\(publicKey.x963Representation.base64URL)"
  }

  /// The audience is the push endpoint's origin: lowercase scheme and host, and the port only
  /// when it is not the scheme's default.
  public static func audience(of endpoint: URL) -> String? {
    guard let scheme = endpoint.scheme?.lowercased(), ["http", "https"].contains(scheme),
      let host = endpoint.host?.lowercased(), !host.isEmpty
    else { return nil }
    let defaultPort = scheme == "https" ? 443 : 80
    let hostPart = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
    guard let port = endpoint.port, port != defaultPort else { return "\(scheme)://\(hostPart)" }
    return "\(scheme)://\(hostPart):\(port)"
  }

  struct Claims: Codable, Equatable {
    let aud: String
    let exp: Int
    let sub: String
  }

  private static let claimsEncoder: JSONEncoder = {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return encoder
  }()
}
