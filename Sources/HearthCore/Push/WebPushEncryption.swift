import Crypto
import Foundation

/// RFC 8291 message encryption with RFC 8188's aes128gcm content coding, in one record: what
/// a push service carries and only the subscribing browser can read.
public enum WebPushEncryption {
  /// The record size written in the header; one record always fits.
  static let recordSize: UInt32 = 4096
  /// A push service accepts 4096 bytes of body: less the 86-byte header, the 16-byte tag and
  /// the record's delimiter.
  public static let maxPlaintextBytes = 4096 - 86 - 16 - 1

  public enum Failure: Error, Equatable {
    case tooLong(bytes: Int)
  }

  /// Encrypts `plaintext` for the subscription. The sender's key pair and the salt are new
  /// for every message; they are parameters so that the RFC's example can be reproduced.
  public static func encrypt(
    _ plaintext: Data, for keys: WebPushKeys,
    senderKey: P256.KeyAgreement.PrivateKey = .init(), salt: Data
  ) throws -> Data {
    guard plaintext.count <= maxPlaintextBytes else {
      throw Failure.tooLong(bytes: plaintext.count)
    }
    let derived = try deriveKeys(for: keys, senderKey: senderKey, salt: salt)
    var record = plaintext
    record.append(0x02)
    let box = try AES.GCM.seal(
      record, using: derived.contentKey, nonce: try AES.GCM.Nonce(data: derived.nonce))
    let senderPublic = senderKey.publicKey.x963Representation
    var body = salt
    withUnsafeBytes(of: recordSize.bigEndian) { body.append(contentsOf: $0) }
    body.append(UInt8(senderPublic.count))
    body.append(senderPublic)
    body.append(box.ciphertext)
    body.append(box.tag)
    return body
  }

  struct DerivedKeys {
    let inputKey: SymmetricKey
    let contentKey: SymmetricKey
    let nonce: Data
  }

  static func deriveKeys(
    for keys: WebPushKeys, senderKey: P256.KeyAgreement.PrivateKey, salt: Data
  ) throws -> DerivedKeys {
    let receiver = try P256.KeyAgreement.PublicKey(x963Representation: keys.p256dh)
    let shared = try senderKey.sharedSecretFromKeyAgreement(with: receiver)
    var keyInfo = Data("WebPush: info".utf8)
    keyInfo.append(0)
    keyInfo.append(keys.p256dh)
    keyInfo.append(senderKey.publicKey.x963Representation)
    let inputKey = shared.hkdfDerivedSymmetricKey(
      using: SHA256.self, salt: keys.auth, sharedInfo: keyInfo, outputByteCount: 32)
    let contentKey = HKDF<SHA256>.deriveKey(
      inputKeyMaterial: inputKey, salt: salt, info: Data("Content-Encoding: aes128gcm\0".utf8),
      outputByteCount: 16)
    let nonce = HKDF<SHA256>.deriveKey(
      inputKeyMaterial: inputKey, salt: salt, info: Data("Content-Encoding: nonce\0".utf8),
      outputByteCount: 12)
    return DerivedKeys(
      inputKey: inputKey, contentKey: contentKey,
      nonce: nonce.withUnsafeBytes { Data($0) })
  }
}
