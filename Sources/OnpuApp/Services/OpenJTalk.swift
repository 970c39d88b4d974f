import Foundation
import OnpuAnalysis

/// Open JTalk (Debian's `open-jtalk`, its NAIST-jdic and an HTS voice) run as a process: text in,
/// a WAV file out (48 kHz, 16-bit mono).
struct OpenJTalk: Sendable {
  var executable: String
  var dictionary: String
  var voice: String

  static let defaultExecutable = "/usr/bin/open_jtalk"
  static let defaultDictionary = "/var/lib/mecab/dic/open-jtalk/naist-jdic"
  static let voiceFile = ".venv/share/onpu/mei_normal.htsvoice"

  struct Unavailable: Error, CustomStringConvertible {
    var description: String
  }

  struct Failed: Error, CustomStringConvertible {
    var description: String
  }

  /// The tools named by the configuration, or by default Debian's and the voice that
  /// `scripts/setup` puts in .venv/share/onpu; why audio is off when one is missing.
  static func locate(_ config: OnpuAudioConfig, roots: [URL]) -> Result<OpenJTalk, Unavailable> {
    let files = FileManager.default
    let executable = config.openJTalk ?? defaultExecutable
    let dictionary = config.openJTalkDictionary ?? defaultDictionary
    guard files.isExecutableFile(atPath: executable) else {
      return .failure(
        Unavailable(
          description:
            "Open JTalk is not installed (\(executable) is missing): run \(OnpuResources.installCommand), or set ONPU_OPEN_JTALK"
        ))
    }
    guard files.fileExists(atPath: dictionary + "/sys.dic") else {
      return .failure(
        Unavailable(
          description:
            "Open JTalk's dictionary is not installed (\(dictionary) has no sys.dic): run \(OnpuResources.installCommand), or set ONPU_OPEN_JTALK_DIC"
        ))
    }
    let voices =
      config.voice.map { [$0] } ?? roots.map { $0.appendingPathComponent(voiceFile).path }
    guard let voice = voices.first(where: files.isReadableFile(atPath:)) else {
      return .failure(
        Unavailable(
          description:
            "Open JTalk's voice is not installed (no \(config.voice ?? voiceFile)): run \(OnpuResources.installCommand), or set ONPU_VOICE to an .htsvoice file"
        ))
    }
    return .success(OpenJTalk(executable: executable, dictionary: dictionary, voice: voice))
  }

  func arguments(input: String, output: String) -> [String] {
    ["-x", dictionary, "-m", voice, "-ow", output, input]
  }

  /// Says `text` into `output`; fails with Open JTalk's own words when it makes no sound.
  func synthesize(_ text: String, to output: URL, timeout: Duration = .seconds(30)) async throws {
    let input = output.deletingLastPathComponent()
      .appendingPathComponent(".\(UUID().uuidString).txt")
    try Data((text + "\n").utf8).write(to: input)
    defer { try? FileManager.default.removeItem(at: input) }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments(input: input.path, output: output.path)
    let errors = Pipe()
    process.standardError = errors
    process.standardOutput = FileHandle.nullDevice
    nonisolated(unsafe) let running = process
    let watchdog = Task {
      try await Task.sleep(for: timeout)
      if running.isRunning { running.terminate() }
    }
    defer { watchdog.cancel() }
    let status: Int32 = try await withCheckedThrowingContinuation { continuation in
      process.terminationHandler = { continuation.resume(returning: $0.terminationStatus) }
      do { try process.run() } catch { continuation.resume(throwing: error) }
    }
    let message = String(
      decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    let size = (try? FileManager.default.attributesOfItem(atPath: output.path)[.size] as? Int) ?? 0
    guard status == 0, size > 44 else {
      throw Failed(
        description:
          "open_jtalk exited with \(status) and made \(size) bytes: \(message.prefix(300))")
    }
  }
}
