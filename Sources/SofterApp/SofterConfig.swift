import HearthCore
import HearthPlatform

/// Who takes Lightward's seat in Softer rooms, and how it is reached (SOFTER_*).
public struct SofterConfig: ConfigSection {
  public enum Voice: String, Sendable {
    /// Lightward's own API.
    case lightward
    /// The platform's OpenAI-compatible model (HEARTH_LLM_*), seated in Lightward's chair.
    case llm
  }

  public var voice = Voice.lightward
  public var lightwardURL = "https://lightward.com/api/plain"
  /// Lightward answers when it has finished: a long reply takes minutes.
  public var lightwardTimeoutSeconds = 300
  /// A room still waiting for someone after this many days ends.
  public var pendingDays = 7

  public init() {}

  public static func read(_ reader: ConfigReader) throws(HearthConfig.Error) -> SofterConfig {
    var config = SofterConfig()
    if let url = try reader.httpURL(
      "SOFTER_LIGHTWARD_URL", expected: "the http(s) URL of Lightward's plain-text API")
    {
      config.lightwardURL = url
    }
    if let seconds = try reader.seconds("SOFTER_LIGHTWARD_TIMEOUT_SECONDS", in: 1...600) {
      config.lightwardTimeoutSeconds = seconds
    }
    if let days = try reader.whole("SOFTER_PENDING_DAYS", in: 1...365, unit: "whole days") {
      config.pendingDays = days
    }
    if let raw = reader.value("SOFTER_VOICE") {
      guard let voice = Voice(rawValue: raw.lowercased()) else {
        throw HearthConfig.Error(variable: "SOFTER_VOICE", expected: "lightward or llm", value: raw)
      }
      guard voice != .llm || reader.platform.llm != nil else {
        throw HearthConfig.Error(
          variable: "SOFTER_VOICE", expected: "lightward, or llm with HEARTH_LLM_BASE_URL set",
          value: raw)
      }
      config.voice = voice
    }
    return config
  }
}

extension HearthConfig {
  public var softer: SofterConfig {
    get { self[SofterConfig.self] }
    set { self[SofterConfig.self] = newValue }
  }
}
