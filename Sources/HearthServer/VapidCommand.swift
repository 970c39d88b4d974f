import ArgumentParser
import Crypto
import HearthCore
import HearthHost
import HearthPlatform

struct VapidCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "vapid",
    abstract: "Print the Web Push (VAPID) public key, or make a new key pair with --new.",
    discussion: """
      Without --new: the public key of HEARTH_VAPID_PRIVATE_KEY, or of the key kept in the data \
      directory (made now if there is none). With --new: a fresh key for HEARTH_VAPID_PRIVATE_KEY; \
      changing the key ends every device's push subscription.
      """)

  @Flag(help: "Print a new private key and its public key instead.") var new = false

  func run() async throws {
    let key = new ? P256.Signing.PrivateKey() : try Bootstrap.vapidKey(try loadConfig())
    if new {
      print("HEARTH_VAPID_PRIVATE_KEY=\(key.rawRepresentation.base64URL)")
    }
    print("public key: \(key.publicKey.x963Representation.base64URL)")
  }
}
