import Foundation
import HearthCore
import Testing
import _CryptoExtras

@testable import OnpuApp

/// The identity-token check alone: keys and time passed in.
struct AppleIdentityTokenTests {
  static let key = try! _RSA.Signing.PrivateKey(keySize: .bits2048)
  static let now = Date(timeIntervalSince1970: 1_800_000_000)
  static let audience = "app.hearth.onpu"
  static var keys: [String: _RSA.Signing.PublicKey] { ["k1": key.publicKey] }

  static func token(
    header: [String: Any] = ["alg": "RS256", "kid": "k1"], claims change: [String: Any?] = [:],
    key: _RSA.Signing.PrivateKey = key
  ) throws -> String {
    var claims: [String: Any] = [
      "iss": "https://appleid.apple.com", "aud": audience, "sub": "001.person.01",
      "exp": now.timeIntervalSince1970 + 600, "nonce": AppleIdentityToken.sha256Hex("raw-nonce"),
      "email": "Person@Example.com", "email_verified": "true",
    ]
    for (name, value) in change { claims[name] = value }
    func part(_ object: [String: Any]) throws -> String {
      try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]).base64URL
    }
    let signed = try part(header) + "." + part(claims)
    let signature = try key.signature(for: Data(signed.utf8), padding: .insecurePKCS1v1_5)
    return signed + "." + signature.rawRepresentation.base64URL
  }

  static func verify(_ token: String, nonce: String = "raw-nonce", at date: Date = now)
    throws(AppleIdentityToken.Failure) -> AppleIdentityToken
  {
    try AppleIdentityToken.verify(token, keys: keys, audience: audience, nonce: nonce, now: date)
  }

  @Test func aGoodTokenGivesItsSubjectAndEmail() throws {
    let token = try Self.verify(try Self.token())
    #expect(
      token
        == AppleIdentityToken(
          subject: "001.person.01", email: "person@example.com", emailVerified: true))
    let listed = try Self.verify(try Self.token(claims: ["aud": ["other", Self.audience]]))
    #expect(listed.subject == "001.person.01")
    let plain = try Self.verify(
      try Self.token(claims: ["email": nil, "email_verified": nil]))
    #expect(plain.email == nil && !plain.emailVerified)
  }

  @Test func eachWrongThingHasItsOwnFailure() throws {
    let other = try _RSA.Signing.PrivateKey(keySize: .bits2048)
    let cases: [(String, AppleIdentityToken.Failure)] = [
      (try Self.token(claims: ["aud": "com.example.other"]), .wrongAudience),
      (try Self.token(claims: ["iss": "https://example.com"]), .wrongIssuer),
      (try Self.token(key: other), .badSignature),
      (try Self.token(header: ["alg": "RS256", "kid": "k9"]), .unknownKey("k9")),
      (try Self.token(claims: ["nonce": nil]), .missingNonce),
      (try Self.token(claims: ["nonce": "raw-nonce"]), .nonceMismatch),
    ]
    for (token, failure) in cases {
      #expect(throws: failure) { try Self.verify(token) }
    }
    #expect(throws: AppleIdentityToken.Failure.nonceMismatch) {
      try Self.verify(try Self.token(), nonce: "another")
    }
    #expect(throws: AppleIdentityToken.Failure.self) {
      try Self.verify(try Self.token(header: ["alg": "HS256", "kid": "k1"]))
    }
    #expect(throws: AppleIdentityToken.Failure.self) { try Self.verify("not-a-token") }
  }

  @Test func expiryAllowsAMinuteOfDrift() throws {
    let token = try Self.token()
    let exp = Self.now.addingTimeInterval(600)
    #expect(try Self.verify(token, at: exp.addingTimeInterval(59)).subject == "001.person.01")
    #expect(throws: AppleIdentityToken.Failure.expired) {
      try Self.verify(token, at: exp.addingTimeInterval(61))
    }
  }

  @Test func aKeySetGivesItsRSASigningKeys() throws {
    let primitives = try Self.key.publicKey.getKeyPrimitives()
    let (n, e) = (primitives.modulus, primitives.publicExponent)
    let json = """
      {"keys": [
        {"kty": "RSA", "kid": "k1", "use": "sig", "alg": "RS256",
         "n": "\(n.base64URL)", "e": "\(e.base64URL)"},
        {"kty": "EC", "kid": "ec", "crv": "P-256", "x": "AA", "y": "AA"}
      ]}
      """
    let keys = try AppleKeys.parse(Data(json.utf8))
    #expect(Array(keys.keys) == ["k1"])
    #expect(try Self.verify(try Self.token()).subject == "001.person.01")
    #expect(throws: (any Error).self) { try AppleKeys.parse(Data(#"{"keys": []}"#.utf8)) }
  }
}

@Test func theAppleSettingsAreReadAndCheckedAtStart() throws {
  let defaults = try appConfig([:])
  #expect(defaults.onpu.appleAudience == nil)
  #expect(defaults.onpu.appleJWKSURL == "https://appleid.apple.com/auth/keys")
  let set = try appConfig([
    "HEARTH_ENV": "development", "ONPU_APPLE_AUDIENCE": "app.hearth.onpu",
    "ONPU_APPLE_JWKS_URL": "http://127.0.0.1:9/keys",
  ])
  #expect(set.onpu.appleAudience == "app.hearth.onpu")
  #expect(set.onpu.appleJWKSURL == "http://127.0.0.1:9/keys")
  do {
    _ = try appConfig([
      "HEARTH_ENV": "production", "HEARTH_EMAIL_VERIFICATION": "off",
      "ONPU_APPLE_JWKS_URL": "http://a.example/k",
    ])
    Issue.record("production took an http:// JWKS URL")
  } catch let error as HearthConfig.Error {
    #expect(error.variable == "ONPU_APPLE_JWKS_URL")
  }
  // Outside production a development token of any length works (the app's debug build
  // sends a short one); production still refuses one.
  let dev = try appConfig(["HEARTH_ENV": "development", "ONPU_DEV_BYPASS_TOKEN": "dev"])
  #expect(dev.onpu.devBypassToken == "dev")
}
