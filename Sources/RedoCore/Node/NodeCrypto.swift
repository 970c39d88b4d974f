import CanonicalJSON
import Crypto

/// Content ids and Ed25519 signatures over a node's canonical body.
public enum NodeCrypto {
  public static func contentID(ofCanonicalBody body: [UInt8]) -> String {
    "sha256:" + Hex.encode(SHA256.hash(data: body))
  }

  public static func isValidSignature(
    _ signatureHex: String, publicKeyHex: String, message: [UInt8]
  ) -> Bool {
    guard let signature = Hex.decode(signatureHex), signature.count == 64,
      let keyBytes = Hex.decode(publicKeyHex),
      let key = try? Curve25519.Signing.PublicKey(rawRepresentation: keyBytes)
    else { return false }
    return key.isValidSignature(signature, for: message)
  }
}

/// A device's Ed25519 identity. The private key stays on the device that made it.
public struct RedoKey: Sendable {
  private let privateKey: Curve25519.Signing.PrivateKey

  public init(seedHex: String) throws(NodeRejection) {
    guard let seed = Hex.decode(seedHex), seed.count == 32,
      let key = try? Curve25519.Signing.PrivateKey(rawRepresentation: seed)
    else {
      throw NodeRejection(.encodingViolation, "a private key is 64 lowercase hex characters")
    }
    privateKey = key
  }

  public static func generate() -> RedoKey {
    RedoKey(privateKey: Curve25519.Signing.PrivateKey())
  }

  private init(privateKey: Curve25519.Signing.PrivateKey) {
    self.privateKey = privateKey
  }

  public var seedHex: String { Hex.encode(privateKey.rawRepresentation) }
  public var publicKeyHex: String { Hex.encode(privateKey.publicKey.rawRepresentation) }
  /// The protocol's crypto user id: the first 32 hex characters of the public key.
  public var userId: String { String(publicKeyHex.prefix(32)) }

  public func signatureHex(for message: [UInt8]) -> String {
    Hex.encode(try! privateKey.signature(for: message))
  }

  /// Builds, hashes and signs a node from a draft.
  public func sign(
    _ draft: NodeDraft, deviceId: String, wall: String, authorName: String? = nil
  ) -> RedoNode {
    var node = RedoNode(
      id: "", parents: draft.parents, lamport: draft.lamport, wall: wall,
      author: .init(userId: userId, deviceId: deviceId, publicKey: publicKeyHex, name: authorName),
      action: draft.action, taskId: draft.taskId, payload: draft.payload, signature: nil)
    let body = node.canonicalBody()
    node.id = NodeCrypto.contentID(ofCanonicalBody: body)
    node.signature = signatureHex(for: body)
    return node
  }
}

/// What a device signs to prove it holds a key when registering it with a Hearth account.
public enum KeyRegistration {
  public static func message(accountId: String, publicKey: String) -> [UInt8] {
    let body: JSON = [
      "purpose": "hearth-redo-key", "accountId": .string(accountId),
      "publicKey": .string(publicKey),
    ]
    return try! body.canonicalBytes()
  }
}
