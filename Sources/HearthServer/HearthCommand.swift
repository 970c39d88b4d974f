import ArgumentParser
import Foundation
import HearthCore
import HearthEngines
import HearthHost
import HearthPlatform
import Hummingbird
import ServiceLifecycle

public struct HearthCommand: AsyncParsableCommand {
  public static let configuration = CommandConfiguration(
    commandName: "hearth",
    abstract: "The self-hosted server behind Softer, Redo, Auralyst and Onpu.",
    subcommands: [
      Serve.self, Worker.self, Migrate.self, UserCommand.self, MailCommand.self, Backup.self,
      VapidCommand.self,
    ],
    defaultSubcommand: Serve.self)

  public init() {}
}

/// Reads the configuration or exits with a message that names the bad variable; then sets up
/// logging for the process at the configured level. `serving` adds what only a server needs.
func loadConfig(serving: Bool = false) throws -> HearthConfig {
  let config: HearthConfig
  do {
    config = try HearthConfig.load(
      ProcessInfo.processInfo.environment, sections: HearthServer.configSections)
    if serving { try config.checkMailForServing() }
  } catch {
    throw ValidationError("Configuration error: \(error.description)")
  }
  Bootstrap.bootstrapLogging(config)
  return config
}

struct Serve: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Serve the web pages and APIs, and run job workers and live events in-process.")

  @Option(help: "Address to listen on (HEARTH_HOST, default 127.0.0.1).") var host: String?
  @Option(help: "Port to listen on (HEARTH_PORT, default 8080).") var port: Int?

  func run() async throws {
    var config = try loadConfig(serving: true)
    if let host { config.host = host }
    if let port { config.port = port }
    try await HearthService.run(.serve, config: config)
  }
}

struct Worker: AsyncParsableCommand {
  static let configuration = CommandConfiguration(abstract: "Run job workers only.")

  func run() async throws {
    try await HearthService.run(.worker, config: try loadConfig(serving: true))
  }
}

struct Migrate: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Bring the database schema up to date, then exit.")

  func run() async throws {
    let env = try await Bootstrap.environment(try loadConfig())
    print("The \(env.database.kindName) database is up to date.")
    try await env.database.close()
  }
}

struct Backup: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Write a consistent copy of the SQLite database to PATH.")

  @Argument(help: "Where to write the copy.") var path: String

  func run() async throws {
    let config = try loadConfig()
    guard case .sqlite(let source) = config.database else {
      throw ValidationError(
        "hearth backup copies SQLite databases; for PostgreSQL use pg_dump (see the README).")
    }
    guard !FileManager.default.fileExists(atPath: path) else {
      throw ValidationError("\(path) already exists; choose a new file name.")
    }
    let env = try await Bootstrap.environment(config)
    try Bootstrap.backupSQLite(env.database, to: path)
    print("Backed up \(source) to \(path).")
    try await env.database.close()
  }
}

extension HearthCommand {
  /// Parses the arguments and runs the chosen subcommand. Every file it makes (the database and
  /// its journal, backups, the secret) is the owner's alone from the moment it exists.
  public static func runFromCommandLine() async {
    umask(0o077)
    do {
      var command = try parseAsRoot()
      if var asyncCommand = command as? any AsyncParsableCommand {
        try await asyncCommand.run()
      } else {
        try command.run()
      }
    } catch {
      exit(withError: error)
    }
  }
}
