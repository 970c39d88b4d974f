import Foundation

/// Settings read once from the environment; every field has a working default.
public struct HearthConfig: Equatable, Sendable {
  /// The environment the settings were read from, for the sections apps read themselves.
  public var values: [String: String] = [:]
  var sections = ConfigSections()

  public enum Environment: String, Sendable {
    case development, production, testing
  }

  public enum DatabaseLocation: Equatable, Sendable {
    case sqlite(path: String)
    case postgres(url: String)
  }

  public struct LLM: Equatable, Sendable {
    public var baseURL: String
    public var model: String
    public var apiKey: String?

    public init(baseURL: String, model: String, apiKey: String?) {
      self.baseURL = baseURL
      self.model = model
      self.apiKey = apiKey
    }
  }

  public var host = "127.0.0.1"
  public var port = 8080
  public var database = DatabaseLocation.sqlite(path: "./data/hearth.sqlite")
  public var dataDirectory = "./data"
  /// nil means: read or create ./data/secret.
  public var secret: String?
  public var logLevel = "info"
  /// Production unless told otherwise: development (debug routes, cheaper bcrypt, loose sign-up
  /// limits) is a choice someone makes, as `make run` does.
  public var environment = Environment.production
  public var publicURL: String?
  public var trustedProxies: [String] = []
  public var llm: LLM?
  public var bcryptCost = 12
  public var accessTokenSeconds = 900
  public var refreshTokenSeconds = 60 * 60 * 24 * 30
  /// The longest a CLI's sign-in lasts, however often its refresh token rotates.
  public var refreshFamilySeconds = 60 * 60 * 24 * 90
  public var webSessionSeconds = 60 * 60 * 24 * 14
  /// How long a claimed job is held before another worker may take it over.
  public var jobLeaseSeconds = 30
  /// Job handlers one worker process runs at once.
  public var jobConcurrency = 16
  /// The most due jobs one worker process claims beyond its free slots when the queue is backed
  /// up, and holds (their leases kept) until a slot frees: a claim's round trip then feeds more
  /// jobs. It holds only as many as its slots finish in a quarter second at the handlers' pace.
  public var jobClaimAhead = 500
  /// New accounts per client address per hour. Development and tests sign many people up from
  /// one address; production does not.
  public var signupsPerHour: Int { environment == .production ? 20 : 1000 }
  /// Live event streams one account may hold open in one process.
  public var streamsPerAccount = 20
  /// Open connections one client address may hold (a trusted proxy is not counted); the
  /// process as a whole keeps to what its open-file limit allows.
  public var connectionsPerAddress = 256
  /// How long a client has to send a request's head (and how long a connection may idle
  /// between requests), and then its whole body: a slow sender cannot hold a connection.
  public var requestHeadSeconds = 20
  public var requestBodySeconds = 60
  /// The bearer token a scraper shows for /metrics in production (open in development).
  public var metricsToken: String?
  /// Development only: POST /api/debug/clock moves the server's clock forward.
  public var testClock = false
  /// Where mail goes; nil means mail is off and messages are only logged.
  public var smtp: SMTPSettings?
  /// A PEM file of trust roots for the SMTP server's certificate, beside the system's.
  public var smtpCAFile: String?
  public var mailFrom = HearthConfig.defaultMailFrom
  /// Whether new accounts are asked to confirm their email; nil means the environment's default.
  public var emailVerificationSetting: Bool?

  public init() {}

  /// The one preset tests use: a fast bcrypt cost and an ephemeral port.
  public static func testing(databasePath: String) -> HearthConfig {
    var config = HearthConfig()
    config.environment = .testing
    config.port = 0
    config.bcryptCost = 4
    config.database = .sqlite(path: databasePath)
    config.secret = String(repeating: "ab", count: 32)
    config.logLevel = "warning"
    return config
  }

  public var secureCookies: Bool { publicURL?.lowercased().hasPrefix("https://") ?? false }

  public struct Error: Swift.Error, Equatable, CustomStringConvertible {
    public var variable: String
    public var expected: String
    public var value: String

    public init(variable: String, expected: String, value: String) {
      self.variable = variable
      self.expected = expected
      self.value = value
    }

    public var description: String {
      "\(variable)=\(value.debugDescription) is not valid: expected \(expected)."
    }
  }

  public static let logLevels = [
    "trace", "debug", "info", "notice", "warning", "error", "critical",
  ]

  public static func load(_ env: [String: String]) throws(Error) -> HearthConfig {
    var config = HearthConfig()
    config.values = env
    let value = { (name: String) in ConfigReader.value(name, in: env) }
    if let raw = value("HEARTH_ENV") {
      guard let environment = Environment(rawValue: raw.lowercased()) else {
        throw Error(variable: "HEARTH_ENV", expected: "development or production", value: raw)
      }
      config.environment = environment
    }
    config.bcryptCost = config.environment == .production ? 12 : 10
    if let host = value("HEARTH_HOST") { config.host = host }
    if let raw = value("HEARTH_PORT") {
      guard let port = Int(raw), (0...65535).contains(port) else {
        throw Error(variable: "HEARTH_PORT", expected: "a port number from 0 to 65535", value: raw)
      }
      config.port = port
    }
    if let raw = value("HEARTH_DATABASE_URL") {
      config.database = try databaseLocation(raw)
    }
    if let secret = value("HEARTH_SECRET") {
      guard secret.count >= 32 else {
        throw Error(
          variable: "HEARTH_SECRET", expected: "at least 32 characters (for example 64 hex digits)",
          value: "(\(secret.count) characters)")
      }
      config.secret = secret
    }
    if let raw = value("HEARTH_LOG_LEVEL") {
      guard logLevels.contains(raw.lowercased()) else {
        throw Error(
          variable: "HEARTH_LOG_LEVEL", expected: logLevels.joined(separator: ", "), value: raw)
      }
      config.logLevel = raw.lowercased()
    }
    if let raw = value("HEARTH_PUBLIC_URL") {
      guard let url = URL(string: raw), ["http", "https"].contains(url.scheme?.lowercased() ?? ""),
        url.host != nil
      else {
        throw Error(
          variable: "HEARTH_PUBLIC_URL", expected: "an http:// or https:// URL", value: raw)
      }
      config.publicURL = raw.hasSuffix("/") ? String(raw.dropLast()) : raw
    }
    if let raw = value("HEARTH_TRUSTED_PROXIES") {
      let proxies = raw.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
      for proxy in proxies where !isIPAddress(proxy) {
        throw Error(
          variable: "HEARTH_TRUSTED_PROXIES",
          expected: "a comma-separated list of IP addresses", value: raw)
      }
      config.trustedProxies = proxies
    }
    if let token = value("HEARTH_METRICS_TOKEN") {
      guard token.count >= 16 else {
        throw Error(
          variable: "HEARTH_METRICS_TOKEN", expected: "at least 16 characters", value: "(set)")
      }
      config.metricsToken = token
    }
    try config.readMail(value)
    let reader = ConfigReader(platform: config)
    if let count = try reader.whole("HEARTH_STREAMS_PER_ACCOUNT", in: 1...100_000) {
      config.streamsPerAccount = count
    }
    if let count = try reader.whole("HEARTH_CONNECTIONS_PER_ADDRESS", in: 1...100_000) {
      config.connectionsPerAddress = count
    }
    if let seconds = try reader.seconds("HEARTH_JOB_LEASE_SECONDS", in: 1...3600) {
      config.jobLeaseSeconds = seconds
    }
    if let count = try reader.whole("HEARTH_JOB_CONCURRENCY", in: 1...1000) {
      config.jobConcurrency = count
    }
    if let count = try reader.whole("HEARTH_JOB_CLAIM_AHEAD", in: 0...10_000) {
      config.jobClaimAhead = count
    }
    if let raw = value("HEARTH_TEST_CLOCK"), !ConfigReader.switchedOff(raw) {
      guard config.environment != .production else {
        throw Error(variable: "HEARTH_TEST_CLOCK", expected: "unset in production", value: raw)
      }
      config.testClock = true
    }
    if let base = value("HEARTH_LLM_BASE_URL") {
      guard let url = URL(string: base), ["http", "https"].contains(url.scheme ?? "") else {
        throw Error(
          variable: "HEARTH_LLM_BASE_URL",
          expected:
            "the http(s) base URL of an OpenAI-compatible API, like http://127.0.0.1:11434/v1",
          value: base)
      }
      guard let model = value("HEARTH_LLM_MODEL") else {
        throw Error(
          variable: "HEARTH_LLM_MODEL", expected: "a model name when HEARTH_LLM_BASE_URL is set",
          value: "")
      }
      config.llm = LLM(baseURL: base, model: model, apiKey: value("HEARTH_LLM_API_KEY"))
    }
    return config
  }

  static func databaseLocation(_ raw: String) throws(Error) -> DatabaseLocation {
    let lower = raw.lowercased()
    if lower.hasPrefix("postgres://") || lower.hasPrefix("postgresql://") {
      return .postgres(url: raw)
    }
    if lower.hasPrefix("sqlite://") {
      return .sqlite(path: String(raw.dropFirst("sqlite://".count)))
    }
    if lower.hasPrefix("sqlite:") { return .sqlite(path: String(raw.dropFirst("sqlite:".count))) }
    if raw.contains("://") {
      throw Error(
        variable: "HEARTH_DATABASE_URL",
        expected: "a postgres:// URL, a sqlite:// URL or a file path", value: raw)
    }
    return .sqlite(path: raw)
  }

  static func isIPAddress(_ text: String) -> Bool {
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    if parts.count == 4 { return parts.allSatisfy { UInt8($0) != nil } }
    return text.contains(":") && text.allSatisfy { $0.isHexDigit || $0 == ":" || $0 == "." }
  }
}
