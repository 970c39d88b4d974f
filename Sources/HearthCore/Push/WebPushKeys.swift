import Crypto
import Foundation

/// A browser's push subscription keys: its P-256 public key (`p256dh`) and the 16-byte
/// authentication secret, checked when the subscription is registered.
public struct WebPushKeys: Equatable, Sendable {
  public let p256dh: Data
  public let auth: Data

  public enum Invalid: Error, Equatable {
    /// Names the field that is wrong.
    case p256dh, auth
  }

  public init(p256dh: Data, auth: Data) throws(Invalid) {
    guard p256dh.count == 65, p256dh.first == 0x04,
      (try? P256.KeyAgreement.PublicKey(x963Representation: p256dh)) != nil
    else { throw .p256dh }
    guard auth.count == 16 else { throw .auth }
    self.p256dh = p256dh
    self.auth = auth
  }

  /// Reads the base64url strings of a subscription's `keys`.
  public init(p256dh: String, auth: String) throws(Invalid) {
    guard let key = Data(base64URL: p256dh) else { throw .p256dh }
    guard let secret = Data(base64URL: auth) else { throw .auth }
    try self.init(p256dh: key, auth: secret)
  }
}
