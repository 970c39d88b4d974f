import ArgumentParser
import CanonicalJSON
import Foundation
import RedoCore

public struct RedoCommand: AsyncParsableCommand {
  public static let configuration = CommandConfiguration(
    commandName: "redo",
    abstract: "Redo task manager CLI: local-first tasks on a signed, content-addressed change log.",
    discussion: "State lives in $REDO_HOME (default ~/.redo). Every command here works offline.",
    subcommands: [
      Init.self, Add.self, List.self, Stats.self, Show.self, Edit.self, Complete.self, Snooze.self,
      Archive.self, Unarchive.self, Delete.self, History.self, Export.self, Import.self,
      Verify.self, Login.self, Sync.self, Refused.self, Share.self, Unshare.self, Leave.self,
      Key.self,
      Debug.self,
    ])

  public init() {}

  /// Runs the command line; problems print one clear line on stderr and exit non-zero.
  public static func runFromCommandLine() async {
    do {
      var command = try parseAsRoot()
      if var asyncCommand = command as? any AsyncParsableCommand {
        try await asyncCommand.run()
      } else {
        try command.run()
      }
    } catch let error as CLIError {
      FileHandle.standardError.write(Data("redo: \(error.description)\n".utf8))
      Foundation.exit(1)
    } catch let error as NodeRejection {
      FileHandle.standardError.write(Data("redo: \(error.description)\n".utf8))
      Foundation.exit(1)
    } catch {
      exit(withError: error)
    }
  }
}

struct Init: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "init",
    abstract: "Make this device's Ed25519 identity (identity.json, mode 0600) and an empty store.")

  @Option(help: "Your name, written into the nodes you sign.") var name: String?
  @Flag(help: "Replace an existing identity (its key is lost unless exported).") var force = false

  func run() throws {
    let home = RedoHome.resolve()
    if home.isInitialized && !force {
      let identity = try home.loadIdentity()
      print(
        "Already initialized in \(home.path) (user \(identity.key.userId)). Use --force to replace the key."
      )
      return
    }
    let identity = Identity(key: .generate(), deviceId: UUID().uuidString.lowercased(), name: name)
    try home.save(identity)
    _ = try home.openStore()
    print("Initialized \(home.path)")
    print("user id:    \(identity.key.userId)")
    print("public key: \(identity.key.publicKeyHex)")
  }
}

struct Key: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "key",
    abstract: "Move this identity to another device on purpose.",
    subcommands: [KeyExport.self, KeyImport.self])
}

struct KeyExport: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "export", abstract: "Print the identity, private key included, as JSON.")

  func run() throws {
    let identity = try RedoHome.resolve().loadIdentity()
    FileHandle.standardError.write(
      Data("redo: this output holds your private key; keep it secret\n".utf8))
    print(try identity.json.canonicalString())
  }
}

struct KeyImport: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "import",
    abstract: "Use an exported identity on this device (FILE, or - for stdin).")

  @Argument(help: "A file written by `redo key export`, or - for standard input.") var file: String
  @Flag(help: "Replace an existing identity.") var force = false

  func run() throws {
    let home = RedoHome.resolve()
    if home.isInitialized && !force {
      throw CLIError("\(home.identityPath) exists; use --force to replace it")
    }
    let bytes = try readInput(file)
    let imported: Identity
    do {
      imported = try Identity(json: try JSONParser.parse(bytes))
    } catch {
      throw CLIError("\(file) is not an exported identity: \(error)")
    }
    // The key moves; the device id stays this device's own.
    let identity = Identity(
      key: imported.key, deviceId: UUID().uuidString.lowercased(), name: imported.name)
    try home.save(identity)
    _ = try home.openStore()
    print("Imported user \(identity.key.userId) into \(home.path)")
  }
}

func readInput(_ file: String) throws -> [UInt8] {
  if file == "-" { return Array(FileHandle.standardInput.readDataToEndOfFile()) }
  guard let data = FileManager.default.contents(atPath: file) else {
    throw CLIError("cannot read \(file)")
  }
  return Array(data)
}

func printJSON(_ value: JSON) throws {
  print(try value.canonicalString())
}
