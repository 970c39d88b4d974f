import Foundation
import HearthCore
import HearthPlatform
import OnpuAnalysis

/// Line and word audio: made by Open JTalk in durable jobs and kept as WAV files, one per text
/// and voice, in the audio directory. `KEY.wav` is made; `KEY.failed` holds why it could not be;
/// `KEY.job` names the job making it again after a failure or a cleared cache.
struct OnpuAudio: Sendable {
  static let queue = "onpu.audio"

  let env: HearthEnvironment
  let directory: URL
  let cacheLimit: Int
  let synthesizer: Result<OpenJTalk, OpenJTalk.Unavailable>

  init(env: HearthEnvironment) {
    self.env = env
    let config = env.config.onpuAudio
    directory = URL(fileURLWithPath: config.directory)
    cacheLimit = config.cacheLimit
    synthesizer = OpenJTalk.locate(config, roots: OnpuResources.searchRoots())
  }

  enum State: Equatable {
    case ready
    case preparing
    case failed(String)
  }

  func file(_ key: String) -> URL { directory.appendingPathComponent("\(key).wav") }
  private func marker(_ key: String, _ kind: String) -> URL {
    directory.appendingPathComponent("\(key).\(kind)")
  }

  /// What there is for `text` now, queueing its job when it is neither made nor failed;
  /// `retry` forgets a failure and queues the job again.
  func prepare(_ text: String, retry: Bool = false) async throws -> State {
    let key = OnpuSpeech.key(text)
    let files = FileManager.default
    if files.fileExists(atPath: file(key).path) { return .ready }
    if case .failure(let unavailable) = synthesizer {
      return .failed("Audio is not available on this server. \(unavailable.description).")
    }
    let failed = marker(key, "failed")
    if files.fileExists(atPath: failed.path) {
      guard retry else {
        return .failed((try? String(contentsOf: failed, encoding: .utf8)) ?? "The audio failed.")
      }
      try? files.removeItem(at: failed)
      try write("audio:\(key)@\(env.newID())", to: marker(key, "job"))
    }
    let jobFile = marker(key, "job")
    let idempotency = (try? String(contentsOf: jobFile, encoding: .utf8)) ?? "audio:\(key)"
    let payload = String(
      decoding: try JSONEncoder().encode(Payload(text: text, key: key)), as: UTF8.self)
    let job = try await env.enqueue(
      NewJob(
        queue: Self.queue, payload: payload, runAt: env.now(), idempotencyKey: idempotency,
        maxAttempts: 2))
    if job.status == .queued || job.status == .running { return .preparing }
    // Its job is done, yet there is no file (the cache was cleared): made again, by a new job.
    let again = "audio:\(key)@\(env.newID())"
    try write(again, to: jobFile)
    _ = try await env.enqueue(
      NewJob(
        queue: Self.queue, payload: payload, runAt: env.now(), idempotencyKey: again,
        maxAttempts: 2))
    return .preparing
  }

  private func write(_ text: String, to url: URL) throws {
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    try Data(text.utf8).write(to: url, options: .atomic)
  }

  struct Payload: Codable {
    var text: String
    var key: String
  }

  var handlers: [String: JobHandler] { [Self.queue: { context in try await run(context) }] }

  func run(_ context: JobContext) async throws {
    let payload = try JSONDecoder().decode(Payload.self, from: Data(context.job.payload.utf8))
    do {
      _ = try await make(payload.text)
    } catch is CancellationError {
      throw CancellationError()
    } catch {
      context.logger.error(
        "Onpu audio failed", metadata: ["key": "\(payload.key)", "error": "\(error)"])
      try? write(
        "The audio could not be made. Try again, or tell the server's administrator.",
        to: marker(payload.key, "failed"))
    }
  }

  /// The WAV file of `text`, made now when it is not there yet.
  func make(_ text: String) async throws -> URL {
    let key = OnpuSpeech.key(text)
    let target = file(key)
    if FileManager.default.fileExists(atPath: target.path) { return target }
    let synthesizer = try self.synthesizer.get()
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let partial = directory.appendingPathComponent(".\(key).\(UUID().uuidString).wav")
    defer { try? FileManager.default.removeItem(at: partial) }
    try await synthesizer.synthesize(text, to: partial)
    if FileManager.default.fileExists(atPath: target.path) { return target }
    try FileManager.default.moveItem(at: partial, to: target)
    let removed = try OnpuAudioCache.prune(directory, keepingAtMost: cacheLimit)
    if removed > 0 {
      env.logger.info(
        "Onpu audio cache pruned",
        metadata: ["removed": "\(removed)", "limitMB": "\(cacheLimit / 1024 / 1024)"])
    }
    return target
  }
}
