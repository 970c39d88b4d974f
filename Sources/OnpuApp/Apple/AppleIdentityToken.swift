import Crypto
import Foundation
import HearthCore
import _CryptoExtras

/// An identity token from Sign in with Apple, checked: an RS256 JWT signed by one of Apple's
/// keys, issued by Apple to this app, not expired, and bound to the nonce the client made.
/// Pure: the keys and the time come in.
struct AppleIdentityToken: Equatable, Sendable {
  static let issuer = "https://appleid.apple.com"
  /// Clocks drift; a token a minute past its expiry still counts.
  static let leeway: TimeInterval = 60

  var subject: String
  var email: String?
  var emailVerified: Bool

  /// What was wrong with a token, as the answer names it.
  enum Failure: Error, Equatable {
    case malformed(String)
    /// No key with the token's `kid`; the keys may be worth fetching again.
    case unknownKey(String)
    case badSignature
    case wrongIssuer
    case wrongAudience
    case expired
    case missingNonce
    case nonceMismatch

    var error: APIError {
      switch self {
      case .malformed(let why):
        APIError(status: 401, code: "invalid_identity_token", message: why, field: "identityToken")
      case .unknownKey(let kid):
        APIError(
          status: 401, code: "unknown_key",
          message: "The identity token names a key Apple does not publish (kid \(kid)).",
          field: "identityToken")
      case .badSignature:
        APIError(
          status: 401, code: "bad_signature",
          message: "The identity token's signature does not match Apple's key.",
          field: "identityToken")
      case .wrongIssuer:
        APIError(
          status: 401, code: "wrong_issuer",
          message: "The identity token was not issued by \(AppleIdentityToken.issuer).",
          field: "identityToken")
      case .wrongAudience:
        APIError(
          status: 401, code: "wrong_audience",
          message: "The identity token was issued for another app.", field: "identityToken")
      case .expired:
        APIError(
          status: 401, code: "token_expired",
          message: "The identity token has expired; sign in with Apple again.",
          field: "identityToken")
      case .missingNonce:
        APIError(
          status: 400, code: "missing_nonce",
          message: "The identity token has no nonce claim; ask Apple for one with the request.",
          field: "identityToken")
      case .nonceMismatch:
        APIError(
          status: 401, code: "nonce_mismatch",
          message: "The identity token's nonce is not the SHA-256 of the nonce sent.",
          field: "nonce")
      }
    }
  }

  private struct Header: Decodable {
    var alg: String?
    var kid: String?
  }

  private struct Claims: Decodable {
    var iss: String?
    var aud: Audience?
    var exp: Double?
    var sub: String?
    var nonce: String?
    var email: String?
    var emailVerified: Flag?

    enum CodingKeys: String, CodingKey {
      case iss, aud, exp, sub, nonce, email
      case emailVerified = "email_verified"
    }
  }

  /// `aud` is a string or an array of strings.
  private struct Audience: Decodable {
    var values: [String]

    init(from decoder: any Decoder) throws {
      let container = try decoder.singleValueContainer()
      if let one = try? container.decode(String.self) {
        values = [one]
      } else {
        values = try container.decode([String].self)
      }
    }
  }

  /// Apple sends booleans as JSON booleans or as the strings "true" and "false".
  private struct Flag: Decodable {
    var value: Bool

    init(from decoder: any Decoder) throws {
      let container = try decoder.singleValueContainer()
      if let flag = try? container.decode(Bool.self) {
        value = flag
      } else {
        value = try container.decode(String.self) == "true"
      }
    }
  }

  /// The key id the token names, to look up (and fetch) its key before `verify`.
  static func keyID(of token: String) throws(Failure) -> String {
    let parts = token.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count == 3, let data = Data(base64URL: String(parts[0])),
      let header = try? JSONDecoder().decode(Header.self, from: data)
    else { throw .malformed("The identity token is not a JWT.") }
    guard header.alg == "RS256" else {
      throw .malformed("The identity token is not signed with RS256.")
    }
    guard let kid = header.kid, !kid.isEmpty else {
      throw .malformed("The identity token names no key (kid).")
    }
    return kid
  }

  /// `nonce` is the raw nonce the client sent; the token carries its SHA-256 in lower-case hex.
  static func verify(
    _ token: String, keys: [String: AppleKeys.Key], audience: String, nonce: String,
    now: Date
  ) throws(Failure) -> AppleIdentityToken {
    let kid = try keyID(of: token)
    guard let key = keys[kid] else { throw .unknownKey(kid) }
    let parts = token.split(separator: ".", omittingEmptySubsequences: false)
    guard let signature = Data(base64URL: String(parts[2])),
      key.isValidSignature(
        _RSA.Signing.RSASignature(rawRepresentation: signature),
        for: SHA256.hash(data: Data("\(parts[0]).\(parts[1])".utf8)),
        padding: .insecurePKCS1v1_5)
    else { throw .badSignature }
    guard let data = Data(base64URL: String(parts[1])),
      let claims = try? JSONDecoder().decode(Claims.self, from: data)
    else { throw .malformed("The identity token's claims are not JSON.") }
    guard claims.iss == issuer else { throw .wrongIssuer }
    guard claims.aud?.values.contains(audience) == true else { throw .wrongAudience }
    guard let exp = claims.exp, now.timeIntervalSince1970 < exp + leeway else { throw .expired }
    guard let subject = claims.sub, !subject.isEmpty else {
      throw .malformed("The identity token names no subject (sub).")
    }
    guard let claimed = claims.nonce else { throw .missingNonce }
    guard claimed.lowercased() == sha256Hex(nonce) else { throw .nonceMismatch }
    let email = claims.email.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
    return AppleIdentityToken(
      subject: subject, email: email?.isEmpty == false ? email : nil,
      emailVerified: claims.emailVerified?.value ?? false)
  }

  static func sha256Hex(_ text: String) -> String {
    SHA256.hash(data: Data(text.utf8)).map { String(format: "%02x", $0) }.joined()
  }
}
