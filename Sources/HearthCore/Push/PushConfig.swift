import Crypto
import Foundation

/// Web Push settings: the VAPID key that every subscription is bound to, and who the push
/// services may contact about this server.
public struct PushConfig: ConfigSection {
  /// HEARTH_VAPID_PRIVATE_KEY: the key's 32-byte scalar, base64url. Unset means the key kept
  /// in the data directory (made on first run). Hosts sharing one database must share it.
  public var privateKey: P256.Signing.PrivateKey?
  /// HEARTH_VAPID_SUBJECT: a `mailto:` or `https:` contact; by default the public URL.
  public var subject: String?

  public init() {}

  public static func read(_ reader: ConfigReader) throws(HearthConfig.Error) -> PushConfig {
    var config = PushConfig()
    if let raw = reader.value("HEARTH_VAPID_PRIVATE_KEY") {
      guard let scalar = Data(base64URL: raw), scalar.count == 32,
        let key = try? P256.Signing.PrivateKey(rawRepresentation: scalar)
      else {
        throw HearthConfig.Error(
          variable: "HEARTH_VAPID_PRIVATE_KEY",
          expected: "a P-256 private key: 32 bytes in base64url (`hearth vapid` makes one)",
          value: "(set)")
      }
      config.privateKey = key
    }
    if let subject = reader.value("HEARTH_VAPID_SUBJECT") {
      guard subject.hasPrefix("mailto:") || subject.hasPrefix("https://") else {
        throw HearthConfig.Error(
          variable: "HEARTH_VAPID_SUBJECT", expected: "a mailto: or https: URL", value: subject)
      }
      config.subject = subject
    }
    return config
  }

  public static func == (lhs: PushConfig, rhs: PushConfig) -> Bool {
    lhs.privateKey?.rawRepresentation == rhs.privateKey?.rawRepresentation
      && lhs.subject == rhs.subject
  }
}
