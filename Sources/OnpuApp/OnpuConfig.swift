import HearthCore
import HearthPlatform

/// Onpu: where its dictionaries are, who translates, which optional gates are on (ONPU_*,
/// GEMINI_*).
public struct OnpuConfig: ConfigSection {
  public enum Translator: String, Sendable {
    case gemini, llm, off
  }

  public var translator = Translator.off
  public var geminiAPIKey: String?
  public var geminiModel = "gemini-2.5-flash"
  public var geminiBaseURL = "https://generativelanguage.googleapis.com/v1beta"
  public var geminiTimeoutSeconds = 120
  /// The `tarukingu` header value app clients must send; nil leaves the gate off.
  public var appHeader: String?
  /// X-Dev-Token acting as one shared development user; never in production.
  public var devBypassToken: String?
  /// The app's bundle id, which Apple's identity tokens must name; nil turns Sign in with Apple
  /// off (its routes answer 404).
  public var appleAudience: String?
  public var appleJWKSURL = "https://appleid.apple.com/auth/keys"
  public var unidicDirectory: String?
  public var kanjidicPath: String?
  public var edictPath: String?
  /// Where EDICT's prepared copy is kept; nil for $XDG_CACHE_HOME/hearth or ~/.cache/hearth.
  public var cacheDirectory: String?
  public var maxLyricsCharacters = 20_000
  public var maxLines = 500
  public var requestsPerMinute = 120

  public init() {}

  public static func read(_ reader: ConfigReader) throws(HearthConfig.Error) -> OnpuConfig {
    typealias Error = HearthConfig.Error
    var config = OnpuConfig()
    config.geminiAPIKey = reader.value("GEMINI_API_KEY")
    if let model = reader.value("GEMINI_MODEL") { config.geminiModel = model }
    if let url = try reader.httpURL(
      "GEMINI_BASE_URL", expected: "the http(s) base URL of the Gemini API")
    {
      config.geminiBaseURL = url.hasSuffix("/") ? String(url.dropLast()) : url
    }
    if let seconds = try reader.seconds("GEMINI_TIMEOUT_SECONDS", in: 1...600) {
      config.geminiTimeoutSeconds = seconds
    }
    let hasModel = reader.platform.llm != nil
    if config.geminiAPIKey != nil {
      config.translator = .gemini
    } else if hasModel {
      config.translator = .llm
    }
    if let raw = reader.value("ONPU_TRANSLATOR") {
      guard let translator = Translator(rawValue: raw.lowercased()) else {
        throw Error(variable: "ONPU_TRANSLATOR", expected: "gemini, llm or off", value: raw)
      }
      guard translator != .gemini || config.geminiAPIKey != nil else {
        throw Error(
          variable: "ONPU_TRANSLATOR", expected: "gemini only with GEMINI_API_KEY set",
          value: raw)
      }
      guard translator != .llm || hasModel else {
        throw Error(
          variable: "ONPU_TRANSLATOR", expected: "llm only with HEARTH_LLM_BASE_URL set",
          value: raw)
      }
      config.translator = translator
    }
    if let raw = reader.value("ONPU_APP_HEADER"), !ConfigReader.switchedOff(raw) {
      config.appHeader = raw
    }
    if let raw = reader.value("ONPU_DEV_BYPASS_TOKEN"), !ConfigReader.switchedOff(raw) {
      guard reader.platform.environment != .production else {
        throw Error(
          variable: "ONPU_DEV_BYPASS_TOKEN", expected: "unset (or false) in production",
          value: "(set)")
      }
      config.devBypassToken = raw
    }
    if let raw = reader.value("ONPU_APPLE_AUDIENCE"), !ConfigReader.switchedOff(raw) {
      config.appleAudience = raw
    }
    if let url = try reader.httpURL(
      "ONPU_APPLE_JWKS_URL", expected: "the http(s) URL of Apple's keys (a JWKS)")
    {
      guard reader.platform.environment != .production || url.lowercased().hasPrefix("https:")
      else {
        throw Error(
          variable: "ONPU_APPLE_JWKS_URL", expected: "an https:// URL in production", value: url)
      }
      config.appleJWKSURL = url
    }
    config.unidicDirectory = reader.value("ONPU_UNIDIC_DIR")
    config.kanjidicPath = reader.value("ONPU_KANJIDIC_PATH")
    config.edictPath = reader.value("ONPU_EDICT_PATH")
    config.cacheDirectory = reader.value("ONPU_CACHE_DIR")
    return config
  }
}

extension HearthConfig {
  public var onpu: OnpuConfig {
    get { self[OnpuConfig.self] }
    set { self[OnpuConfig.self] = newValue }
  }
}
