import Foundation
import HearthCore

/// Where Onpu's audio comes from and goes (ONPU_OPEN_JTALK, ONPU_OPEN_JTALK_DIC, ONPU_VOICE,
/// ONPU_AUDIO_DIR, ONPU_AUDIO_CACHE_MB); unset means Debian's Open JTalk, the voice
/// `scripts/setup` installs, `onpu-audio` in the data directory and at most 1,024 MB of audio.
public struct OnpuAudioConfig: ConfigSection {
  public var openJTalk: String?
  public var openJTalkDictionary: String?
  public var voice: String?
  public var directory = "./data/onpu-audio"
  /// The audio kept, in bytes; the files heard least lately go first past it.
  public var cacheLimit = 1024 * 1024 * 1024

  public init() {}

  public static func read(_ reader: ConfigReader) throws(HearthConfig.Error) -> OnpuAudioConfig {
    var config = OnpuAudioConfig()
    config.openJTalk = reader.value("ONPU_OPEN_JTALK")
    config.openJTalkDictionary = reader.value("ONPU_OPEN_JTALK_DIC")
    config.voice = reader.value("ONPU_VOICE")
    if let megabytes = try reader.whole(
      "ONPU_AUDIO_CACHE_MB", in: 1...1_048_576, unit: "whole megabytes")
    {
      config.cacheLimit = megabytes * 1024 * 1024
    }
    if let directory = reader.value("ONPU_AUDIO_DIR") {
      config.directory = directory
    } else if case .sqlite(let path) = reader.platform.database {
      config.directory =
        URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent("onpu-audio")
        .path
    } else {
      config.directory = reader.platform.dataDirectory + "/onpu-audio"
    }
    return config
  }
}

extension HearthConfig {
  public var onpuAudio: OnpuAudioConfig {
    get { self[OnpuAudioConfig.self] }
    set { self[OnpuAudioConfig.self] = newValue }
  }
}
