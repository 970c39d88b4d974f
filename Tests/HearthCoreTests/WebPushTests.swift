import Crypto
import Foundation
import Testing

@testable import HearthCore

/// RFC 8291 §5 and Appendix A: the published example, which any implementation must reproduce.
enum RFC8291Example {
  static let plaintext = "When I grow up, I want to be a watermelon"
  static let receiverPrivate = "q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94"
  static let receiverPublic =
    "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4"
  static let senderPrivate = "yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw"
  static let senderPublic =
    "BP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A8"
  static let auth = "BTBZMqHH6r4Tts7J_aSIgg"
  static let salt = "DGv6ra1nlYgDCS1FRnbzlw"
  static let inputKey = "S4lYMb_L0FxCeq0WhDx813KgSYqU26kOyzWUdsXYyrg"
  static let contentKey = "oIhVW04MRdy2XN9CiKLxTg"
  static let nonce = "4h_95klXJ5E_qnoN"
  static let body =
    "DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6T"
    + "lzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Q"
    + "ulcy4a-fN"
}

@Suite struct WebPushTests {
  let keys = try! WebPushKeys(p256dh: RFC8291Example.receiverPublic, auth: RFC8291Example.auth)
  let sender = try! P256.KeyAgreement.PrivateKey(
    rawRepresentation: Data(base64URL: RFC8291Example.senderPrivate)!)

  @Test func reproducesTheRFC8291Example() throws {
    #expect(sender.publicKey.x963Representation.base64URL == RFC8291Example.senderPublic)
    let body = try WebPushEncryption.encrypt(
      Data(RFC8291Example.plaintext.utf8), for: keys, senderKey: sender,
      salt: Data(base64URL: RFC8291Example.salt)!)
    #expect(body.base64URL == RFC8291Example.body)
    #expect(body.count == 144)
  }

  @Test func derivesTheAppendixAIntermediateValues() throws {
    let derived = try WebPushEncryption.deriveKeys(
      for: keys, senderKey: sender, salt: Data(base64URL: RFC8291Example.salt)!)
    #expect(derived.inputKey.withUnsafeBytes { Data($0) }.base64URL == RFC8291Example.inputKey)
    #expect(derived.contentKey.withUnsafeBytes { Data($0) }.base64URL == RFC8291Example.contentKey)
    #expect(derived.nonce.base64URL == RFC8291Example.nonce)
  }

  @Test func theReceiverDecryptsAFreshMessage() throws {
    let receiver = P256.KeyAgreement.PrivateKey()
    let auth = Data((0..<16).map { UInt8($0 * 7) })
    let keys = try WebPushKeys(p256dh: receiver.publicKey.x963Representation, auth: auth)
    let message = Data("日本語も届く".utf8)
    let body = try WebPushEncryption.encrypt(
      message, for: keys, salt: Data(repeating: 9, count: 16))
    #expect(body.count == 86 + message.count + 1 + 16)

    let senderKey = try P256.KeyAgreement.PublicKey(x963Representation: body[21..<86])
    let shared = try receiver.sharedSecretFromKeyAgreement(with: senderKey)
    var info = Data("WebPush: info\0".utf8)
    info.append(keys.p256dh)
    info.append(body[21..<86])
    let ikm = shared.hkdfDerivedSymmetricKey(
      using: SHA256.self, salt: auth, sharedInfo: info, outputByteCount: 32)
    let salt = body.prefix(16)
    let cek = HKDF<SHA256>.deriveKey(
      inputKeyMaterial: ikm, salt: salt, info: Data("Content-Encoding: aes128gcm\0".utf8),
      outputByteCount: 16)
    let nonce = HKDF<SHA256>.deriveKey(
      inputKeyMaterial: ikm, salt: salt, info: Data("Content-Encoding: nonce\0".utf8),
      outputByteCount: 12)
    let sealed = try AES.GCM.SealedBox(
      nonce: AES.GCM.Nonce(data: nonce.withUnsafeBytes { Data($0) }),
      ciphertext: body[86..<(body.count - 16)], tag: body.suffix(16))
    let record = try AES.GCM.open(sealed, using: cek)
    #expect(record == message + [0x02])
  }

  @Test func refusesWhatNoBrowserSends() {
    let good = RFC8291Example.receiverPublic
    #expect(throws: WebPushKeys.Invalid.p256dh) {
      try WebPushKeys(p256dh: String(good.dropLast(4)), auth: RFC8291Example.auth)
    }
    var offCurve = Data(base64URL: good)!
    offCurve[64] ^= 1
    #expect(throws: WebPushKeys.Invalid.p256dh) {
      try WebPushKeys(p256dh: offCurve, auth: Data(base64URL: RFC8291Example.auth)!)
    }
    #expect(throws: WebPushKeys.Invalid.auth) {
      try WebPushKeys(p256dh: good, auth: "c2hvcnQ")
    }
    #expect(throws: WebPushKeys.Invalid.auth) { try WebPushKeys(p256dh: good, auth: "!!") }
  }

  @Test func refusesAPlaintextThatCannotFitOneRecord() throws {
    let limit = Data(repeating: 0x61, count: WebPushEncryption.maxPlaintextBytes)
    let body = try WebPushEncryption.encrypt(limit, for: keys, salt: Data(count: 16))
    #expect(body.count == 4096)
    #expect(throws: WebPushEncryption.Failure.tooLong(bytes: limit.count + 1)) {
      try WebPushEncryption.encrypt(limit + [0x61], for: keys, salt: Data(count: 16))
    }
  }

  @Test func base64URLRoundTripsWithAndWithoutPadding() {
    let bytes = Data((0..<64).map { UInt8($0 * 4 + 1) })
    let text = bytes.base64URL
    #expect(!text.contains("+") && !text.contains("/") && !text.contains("="))
    #expect(Data(base64URL: text) == bytes)
    #expect(Data(base64URL: bytes.base64EncodedString()) == bytes)
    #expect(Data(base64URL: "not base64!") == nil)
  }
}

@Suite struct VAPIDTokenTests {
  let key = P256.Signing.PrivateKey()
  let now = Date(timeIntervalSince1970: 1_795_000_000.75)

  @Test func signsAnES256TokenForTheEndpointsOrigin() throws {
    let token = try VAPIDToken(
      audience: "https://push.example.net", subject: "mailto:ops@example.org", now: now, key: key)
    let parts = token.jwt.split(separator: ".")
    #expect(parts.count == 3)
    let header =
      try JSONSerialization.jsonObject(with: Data(base64URL: parts[0])!) as? [String: String]
    #expect(header == ["typ": "JWT", "alg": "ES256"])
    let claims =
      try JSONSerialization.jsonObject(with: Data(base64URL: parts[1])!) as? [String: Any]
    #expect(claims?["aud"] as? String == "https://push.example.net")
    #expect(claims?["sub"] as? String == "mailto:ops@example.org")
    #expect(claims?["exp"] as? Int == 1_795_000_000 + 12 * 3600)
    let signature = Data(base64URL: parts[2])!
    #expect(signature.count == 64)
    let ecdsa = try P256.Signing.ECDSASignature(rawRepresentation: signature)
    #expect(key.publicKey.isValidSignature(ecdsa, for: Data("\(parts[0]).\(parts[1])".utf8)))
    let authorization = token.authorization(publicKey: key.publicKey)
    #expect(authorization.hasPrefix("vapid t=\(token.jwt),k="))
    #expect(Data(base64URL: authorization.split(separator: "=").last!)?.count == 65)
  }

  @Test(arguments: [
    ("https://fcm.googleapis.com/fcm/send/abc:def", "https://fcm.googleapis.com"),
    (
      "https://Updates.Push.Services.Mozilla.com:443/wpush/v2/x",
      "https://updates.push.services.mozilla.com"
    ),
    ("http://127.0.0.1:8123/push/a?b=c", "http://127.0.0.1:8123"),
    ("http://localhost:80/x", "http://localhost"),
    ("https://web.push.apple.com:8443/Q", "https://web.push.apple.com:8443"),
  ])
  func theAudienceIsTheOrigin(endpoint: String, audience: String) {
    #expect(VAPIDToken.audience(of: URL(string: endpoint)!) == audience)
  }

  @Test func noAudienceForWhatIsNotAWebURL() {
    #expect(VAPIDToken.audience(of: URL(string: "ftp://example.org/x")!) == nil)
    #expect(VAPIDToken.audience(of: URL(string: "/relative")!) == nil)
  }
}

@Suite struct PushConfigTests {
  @Test func readsTheKeyAndSubject() throws {
    let key = P256.Signing.PrivateKey()
    let config = try HearthConfig.load(
      [
        "HEARTH_VAPID_PRIVATE_KEY": key.rawRepresentation.base64URL,
        "HEARTH_VAPID_SUBJECT": "mailto:ops@example.org",
      ], sections: [PushConfig.self])
    #expect(config[PushConfig.self].privateKey?.rawRepresentation == key.rawRepresentation)
    #expect(config[PushConfig.self].subject == "mailto:ops@example.org")
    #expect(
      try HearthConfig.load([:], sections: [PushConfig.self])[PushConfig.self] == PushConfig())
  }

  @Test(arguments: [
    ("HEARTH_VAPID_PRIVATE_KEY", "c2hvcnQ"),
    ("HEARTH_VAPID_PRIVATE_KEY", String(repeating: "_", count: 43)),
    ("HEARTH_VAPID_SUBJECT", "ops@example.org"),
    ("HEARTH_VAPID_SUBJECT", "http://example.org"),
  ])
  func refusesWhatNoPushServiceAccepts(variable: String, value: String) {
    #expect {
      try HearthConfig.load([variable: value], sections: [PushConfig.self])
    } throws: { error in
      (error as? HearthConfig.Error)?.variable == variable
    }
  }
}
