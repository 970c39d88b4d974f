import Foundation
import HearthCore
import HearthStore
import Logging
import OnpuAnalysis

/// Everything the server reaches outside itself, built once per process.
public struct HearthEnvironment: Sendable {
  public var config: HearthConfig
  public var database: any HearthDatabase
  public var tokens: TokenService
  public var now: @Sendable () -> Date
  public var newID: @Sendable () -> String
  public var logger: Logger
  /// Wakes this process's idle job workers when a job is enqueued here.
  public let jobWakeup = Wakeup()
  /// The shared model client, when HEARTH_LLM_BASE_URL is set.
  public var llm: LLMClient?
  /// Who answers in Lightward's seat in Softer rooms (SOFTER_VOICE).
  public var softerVoice: any SofterVoice
  /// Onpu's offline analyzer, loaded once per process on first use (`hearth serve` and
  /// `hearth worker` ask at start-up and stop, with what to install, when it fails; other
  /// commands never load it).
  public var onpuAnalyzer: Result<LyricsAnalyzer, OnpuResources.LoadFailure> {
    SharedLyricsAnalyzer.get(
      unidicDirectory: config.onpu.unidicDirectory, kanjidicPath: config.onpu.kanjidicPath)
  }
  /// Who translates Onpu's lyrics (ONPU_TRANSLATOR), if anyone.
  public var onpuTranslation: OnpuTranslation
  /// Takes the commitment for each new Softer room.
  public var softerPayments: any SofterPaymentProvider = LedgerPaymentProvider()

  public init(
    config: HearthConfig, database: any HearthDatabase, secret: String,
    now: @escaping @Sendable () -> Date = { Date() },
    newID: @escaping @Sendable () -> String = { UUID().uuidString.lowercased() },
    logger: Logger
  ) {
    self.config = config
    self.database = database
    self.tokens = TokenService(secret: secret)
    self.now = now
    self.newID = newID
    self.logger = logger
    let llm = config.llm.map { LLMClient(settings: $0) }
    self.llm = llm
    onpuTranslation = OnpuTranslation(config: config, llm: llm)
    if config.softer.voice == .llm, let llm {
      softerVoice = ModelVoice(client: llm)
    } else {
      softerVoice = LightwardClient(
        url: config.softer.lightwardURL, timeoutSeconds: config.softer.lightwardTimeoutSeconds)
    }
  }

  /// Enqueues a job and wakes the workers of this process; use it rather than the store's
  /// `enqueue`, so that a job starts at once instead of at the next poll.
  public func enqueue(_ job: NewJob) async throws -> Job {
    let stored = try await database.enqueue(job, id: newID(), at: now())
    await jobWakeup.signal()
    return stored
  }
}
