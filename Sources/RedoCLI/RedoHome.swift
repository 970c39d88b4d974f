import CanonicalJSON
import Foundation
import RedoCore

/// $REDO_HOME (default ~/.redo): the identity file and the node store.
struct RedoHome {
  let path: String

  static func resolve(_ environment: [String: String] = ProcessInfo.processInfo.environment)
    -> RedoHome
  {
    if let home = environment["REDO_HOME"], !home.isEmpty { return RedoHome(path: home) }
    let user = environment["HOME"] ?? FileManager.default.homeDirectoryForCurrentUser.path
    return RedoHome(path: user + "/.redo")
  }

  var identityPath: String { path + "/identity.json" }
  var storePath: String { path + "/redo.sqlite" }
  var isInitialized: Bool { FileManager.default.fileExists(atPath: identityPath) }

  func loadIdentity() throws -> Identity {
    guard isInitialized else {
      throw CLIError("no identity in \(path): run `redo init` first (or set REDO_HOME)")
    }
    let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: identityPath)))
    do {
      return try Identity(json: try JSONParser.parse(bytes))
    } catch {
      throw CLIError("\(identityPath) is not a redo identity: \(error)")
    }
  }

  /// Writes the identity with mode 0600 from the start, so the key is never readable by others.
  func save(_ identity: Identity) throws {
    try FileManager.default.createDirectory(
      atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    let bytes = try identity.json.canonicalBytes() + [0x0A]
    let temporary = identityPath + ".new"
    FileManager.default.createFile(
      atPath: temporary, contents: Data(bytes), attributes: [.posixPermissions: 0o600])
    guard rename(temporary, identityPath) == 0 else {
      throw CLIError("cannot write \(identityPath)")
    }
  }

  func openStore() throws -> LocalStore {
    _ = try loadIdentity()
    return try LocalStore(path: storePath)
  }
}

/// This device's signing key and names. The private key never leaves the file unless exported.
struct Identity {
  var key: RedoKey
  var deviceId: String
  var name: String?

  init(key: RedoKey, deviceId: String, name: String?) {
    self.key = key
    self.deviceId = deviceId
    self.name = name
  }

  init(json: JSON) throws {
    guard let seed = json["privateKey"]?.stringValue, let deviceId = json["deviceId"]?.stringValue
    else {
      throw CLIError("privateKey and deviceId are required")
    }
    key = try RedoKey(seedHex: seed)
    if let publicKey = json["publicKey"]?.stringValue, publicKey != key.publicKeyHex {
      throw CLIError("publicKey does not belong to privateKey")
    }
    self.deviceId = deviceId
    name = json["name"]?.stringValue
  }

  var json: JSON {
    var members: [String: JSON] = [
      "privateKey": .string(key.seedHex), "publicKey": .string(key.publicKeyHex),
      "userId": .string(key.userId), "deviceId": .string(deviceId),
    ]
    if let name { members["name"] = .string(name) }
    return .object(members)
  }
}

struct CLIError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
