import Crypto
import Foundation
import HearthAccounts
import HearthCore
import HearthNotifications
import HearthPlatform
import HearthSQL
import Logging
import ServiceLifecycle
import Synchronization

/// Opens what a `hearth` process needs from its configuration.
public enum Bootstrap {
  private static let loggingStarted = Mutex(false)

  /// Sends every logger in the process (Hearth's, PostgresNIO's, Hummingbird's) to standard
  /// error at the configured level. LoggingSystem takes one bootstrap per process: the first
  /// call sets it, later ones leave it as it is.
  public static func bootstrapLogging(_ config: HearthConfig) {
    let level = Logger.Level(rawValue: config.logLevel) ?? .info
    loggingStarted.withLock { started in
      guard !started else { return }
      started = true
      LoggingSystem.bootstrap { label in HearthLogHandler(label: label, level: level) }
    }
  }

  /// Raises the soft open-file limit to the hard one: each connection holds a file, and the
  /// default soft limit (often 1024) is the first thing many clients would exhaust.
  public static func raiseOpenFileLimit() {
    var limit = rlimit()
    guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0, limit.rlim_cur < limit.rlim_max
    else { return }
    limit.rlim_cur = limit.rlim_max
    _ = setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
  }

  /// Hands back to the system the memory that starting up used and freed (migrations, the
  /// assets' compression, the API document), which malloc would otherwise keep for itself.
  public static func returnFreedMemory() {
    // glibc's malloc_trim, looked up because Swift's Glibc module does not export malloc.h.
    guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") else { return }
    typealias Trim = @convention(c) (Int) -> Int32
    _ = unsafeBitCast(symbol, to: Trim.self)(0)
  }

  public static func logger(_ config: HearthConfig) -> Logger {
    var logger = Logger(label: "hearth")
    logger.logLevel = Logger.Level(rawValue: config.logLevel) ?? .info
    return logger
  }

  /// HEARTH_SECRET, or the secret kept in the data directory (made on first run, mode 0600).
  public static func secret(_ config: HearthConfig) throws -> String {
    if let secret = config.secret { return secret }
    return try kept("secret", in: config, minimumLength: 32) {
      TokenService.randomToken(bytes: 32)
    }
  }

  /// HEARTH_VAPID_PRIVATE_KEY, or the key kept in the data directory (made on first run, mode
  /// 0600). A new key would orphan every push subscription, so it is never replaced.
  public static func vapidKey(_ config: HearthConfig) throws -> P256.Signing.PrivateKey {
    if let key = config[PushConfig.self].privateKey { return key }
    let text = try kept("vapid", in: config, minimumLength: 43) {
      P256.Signing.PrivateKey().rawRepresentation.base64URL
    }
    guard let scalar = Data(base64URL: text),
      let key = try? P256.Signing.PrivateKey(rawRepresentation: scalar)
    else { throw BootstrapError("\(dataDirectory(config))/vapid does not hold a P-256 key") }
    return key
  }

  /// The text kept in the data directory under `name`, made with `make` on first run.
  private static func kept(
    _ name: String, in config: HearthConfig, minimumLength: Int, make: () -> String
  ) throws -> String {
    let directory = dataDirectory(config)
    let path = directory + "/" + name
    if let existing = try? String(contentsOfFile: path, encoding: .utf8)
      .trimmingCharacters(in: .whitespacesAndNewlines), existing.count >= minimumLength
    {
      return existing
    }
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    let value = make()
    // Created 0600 in one step, never readable by others even for a moment.
    let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL, 0o600)
    guard descriptor >= 0 else { throw BootstrapError("cannot create \(path): errno \(errno)") }
    defer { close(descriptor) }
    let bytes = Array((value + "\n").utf8)
    guard write(descriptor, bytes, bytes.count) == bytes.count else {
      throw BootstrapError("cannot write \(path): errno \(errno)")
    }
    return value
  }

  package static func dataDirectory(_ config: HearthConfig) -> String {
    if case .sqlite(let path) = config.database {
      return URL(fileURLWithPath: path).deletingLastPathComponent().path
    }
    return config.dataDirectory
  }

  /// Brings the platform's and the apps' tables in `database` up to date, and builds the
  /// environment the apps are built on.
  public static func environment(
    _ config: HearthConfig, apps: [any HearthAppModule.Type], database: any HearthDatabase
  ) async throws -> HearthEnvironment {
    let logger = logger(config)
    try await database.migrate(apps.map { $0.schema })
    return HearthEnvironment(
      config: config, database: database, secret: try secret(config),
      vapidKey: try vapidKey(config), logger: logger)
  }
}

public struct BootstrapError: Error, CustomStringConvertible {
  public var description: String
  public init(_ description: String) { self.description = description }
}
