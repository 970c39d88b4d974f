import Foundation
import HearthCore
import HearthNotifications
import HearthPlatform
import Logging
import OnpuAnalysis
import OnpuCore

/// Onpu's songs and the jobs that make them: a job is queued with the lyrics, a durable job runs
/// translation (if a translator is configured), the offline analysis and the finish, and a
/// succeeded job leaves a song in the owner's library.
public struct OnpuLibrary: Sendable {
  static let queue = "onpu.analyze"

  let env: HearthEnvironment
  let settings: OnpuConfig
  /// Who translates the lyrics (ONPU_TRANSLATOR), if anyone.
  let translation: OnpuTranslation
  var database: any HearthDatabase { env.database }

  public init(env: HearthEnvironment) {
    self.env = env
    settings = env.config.onpu
    translation = OnpuTranslation(config: settings, llm: env.llm)
  }

  /// The offline analyzer, loaded once per process on first use (`hearth serve` and
  /// `hearth worker` check at start-up that its dictionaries are installed, and stop with what
  /// to install when one is missing; other commands never load it).
  var analyzer: Result<LyricsAnalyzer, OnpuResources.LoadFailure> {
    SharedLyricsAnalyzer.get(
      unidicDirectory: settings.unidicDirectory, kanjidicPath: settings.kanjidicPath,
      edictPath: settings.edictPath, cacheDirectory: settings.cacheDirectory)
  }

  /// The dictionaries are installed and their cache directory can be written, checked without
  /// loading anything big.
  func checkDictionaries() throws(OnpuResources.LoadFailure) {
    do {
      try LyricsAnalyzer.installed(
        unidicDirectory: settings.unidicDirectory, kanjidicPath: settings.kanjidicPath,
        edictPath: settings.edictPath)
    } catch {
      throw OnpuResources.LoadFailure(description: String(describing: error))
    }
    let cache = settings.cacheDirectory ?? OnpuResources.defaultCacheDirectory()
    try? FileManager.default.createDirectory(atPath: cache, withIntermediateDirectories: true)
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: cache, isDirectory: &isDirectory),
      isDirectory.boolValue, FileManager.default.isWritableFile(atPath: cache)
    else {
      throw OnpuResources.LoadFailure(
        description:
          "Onpu's dictionary cache \(cache) cannot be written: set ONPU_CACHE_DIR to a directory this user may write, where EDICT's prepared copy is kept"
      )
    }
  }

  /// The reference's LyricsJobResult: translations and lyricsData keyed by line number, each
  /// line compact unless a word's pitch is unknown (OnpuClientLine). `words`, Hearth's own,
  /// says per line which words read as the lyrics' ruby notation gives and which have no known
  /// pitch; absent when no word is either.
  struct JobResult: Codable {
    var translations: [String: String]
    var lyricsData: [String: OnpuClientLine]
    var words: [String: [WordNote]]?
  }

  struct WordNote: Codable, Equatable {
    /// The word's place in its line, from 0.
    var word: Int
    var readingSource: LyricsWord.ReadingSource?
    var pitchUnknown: Bool?
  }

  struct JobView: Codable {
    var jobId: String
    var status: OnpuJob.Status
    var stage: OnpuJob.Stage?
    var updatedAt: Int64
    var result: JobResult?
    var error: String?
  }

  // MARK: Jobs

  public func create(title: String, artist: String, lyrics: String, for user: User) async throws
    -> OnpuJob
  {
    let job = try await database.onpuStore.createOnpuJob(
      OnpuJob(
        id: env.newID(), ownerID: user.id, title: title, artist: artist, lyrics: lyrics,
        createdAt: env.now()))
    try await schedule(job)
    return job
  }

  /// A job unchanged for this long is not being worked on: its worker died on its last
  /// attempt, which leaves no attempt to finish it. Longer than the slowest translation.
  static let stalledAfter: TimeInterval = 30 * 60

  static func isStalled(_ job: OnpuJob, at now: Date) -> Bool {
    !job.status.isTerminal
      && Double(OnpuStoreSupport.milliseconds(now) - job.updatedAt) > stalledAfter * 1000
  }

  /// Queues a failed (or stalled) job again, as the same job; once, however many ask at once.
  func retry(_ job: OnpuJob) async throws -> OnpuJob {
    let from: Set<OnpuJob.Status> =
      job.status == .failed
      ? [.failed] : Self.isStalled(job, at: env.now()) ? [.queued, .running] : []
    guard !from.isEmpty,
      let queued = try await database.onpuStore.updateOnpuJob(
        id: job.id, from: from, to: .queued, stage: nil, error: nil, at: env.now())
    else {
      throw APIErrorResponse(
        .conflict("status", "Only a failed job can be tried again; this one is \(job.status)."))
    }
    try await schedule(queued)
    return queued
  }

  /// A job that cannot be queued fails at once, with why, rather than waiting forever.
  private func schedule(_ job: OnpuJob) async throws {
    let payload = #"{"jobId":"\#(job.id)"}"#
    do {
      _ = try await env.enqueue(
        NewJob(
          queue: Self.queue, payload: payload, runAt: env.now(),
          idempotencyKey: "\(job.id)@\(job.updatedAt)", maxAttempts: 3))
    } catch {
      _ = try? await database.onpuStore.updateOnpuJob(
        id: job.id, from: [.queued], to: .failed, stage: nil,
        error: "The song could not be queued; try again.", at: env.now())
      throw error
    }
  }

  /// The job when it is the user's; 404 for anyone else, as for a job that does not exist.
  func job(_ id: String, for user: User) async throws -> OnpuJob {
    guard let job = try await database.onpuStore.onpuJob(id: id), job.ownerID == user.id else {
      throw APIErrorResponse(.notFound("job"))
    }
    return job
  }

  func view(_ job: OnpuJob) async throws -> JobView {
    var result: JobResult?
    if job.status == .succeeded, let songID = job.songID,
      let song = try await database.onpuStore.onpuSong(id: songID)
    {
      result = try Self.result(song)
    }
    return JobView(
      jobId: job.id, status: job.status, stage: job.stage,
      updatedAt: job.updatedAt, result: result, error: job.error)
  }

  static func result(_ song: OnpuSong) throws -> JobResult? {
    guard let analysis = song.analysis else { return nil }
    let lines = try OnpuSongCoding.lines(analysis)
    let translations = try OnpuSongCoding.translations(analysis)
    var translated: [String: String] = [:]
    for (index, text) in translations.enumerated() {
      if let text { translated["\(index)"] = text }
    }
    var compact: [String: OnpuClientLine] = [:]
    var notes: [String: [WordNote]] = [:]
    for (index, line) in lines.enumerated() {
      compact["\(index)"] = OnpuClientLine(line)
      let noted = line.words.enumerated().compactMap { position, word in
        word.readingSource == nil && word.isPitchUnknown == nil
          ? nil
          : WordNote(
            word: position, readingSource: word.readingSource, pitchUnknown: word.isPitchUnknown)
      }
      if !noted.isEmpty { notes["\(index)"] = noted }
    }
    return JobResult(
      translations: translated, lyricsData: compact, words: notes.isEmpty ? nil : notes)
  }

  /// The user's changes after `since`: every unacknowledged job, or only finished ones.
  func changes(for user: User, since: Int64, finishedOnly: Bool, limit: Int) async throws
    -> [OnpuJob.Change]
  {
    try await database.onpuStore.onpuJobs(
      ownerID: user.id, changedAfter: since, pending: finishedOnly ? false : nil, limit: limit
    ).map(OnpuJob.Change.init)
  }

  func hasPending(_ user: User) async throws -> Bool {
    try await !database.onpuStore.onpuJobs(
      ownerID: user.id, changedAfter: 0, pending: true, limit: 1
    )
    .isEmpty
  }

  /// Answers at once when something changed after `since` or nothing is pending; otherwise
  /// waits for the next change of one of the user's jobs, or the timeout.
  func longPoll(
    for user: User, since: Int64, limit: Int, timeout: Duration, hub: EventHub
  ) async throws -> ([OnpuJob.Change], Bool) {
    let deadline = ContinuousClock.now + timeout
    while true {
      let cursor = hub.latest
      let changes = try await changes(for: user, since: since, finishedOnly: false, limit: limit)
      let pending = try await hasPending(user)
      let remaining = deadline - ContinuousClock.now
      if !changes.isEmpty || !pending || remaining <= .zero || Task.isCancelled {
        return (changes, pending)
      }
      await hub.wait(after: cursor, timeout: remaining)
    }
  }

  // MARK: The job

  var handlers: [String: JobHandler] {
    [
      Self.queue: { context in try await run(context) },
      Self.translationQueue: { context in try await runTranslation(context) },
    ]
  }

  /// The lines a song is analysed by.
  static func lines(of lyrics: String) -> [String] { LyricsText.lines(of: lyrics) }

  /// The lines as sung, for the translator: without the readings their ruby notation gives.
  static func sungLines(_ lines: [String]) -> [String] {
    lines.map { RubyNotation(parsing: $0).text }
  }

  struct Payload: Decodable { var jobId: String }

  func run(_ context: JobContext) async throws {
    let id = try JSONDecoder().decode(Payload.self, from: Data(context.job.payload.utf8)).jobId
    do {
      try await process(id, context)
    } catch is CancellationError {
      // Shutting down: the worker puts the job back for the next process.
      throw CancellationError()
    } catch {
      if context.job.attempts >= context.job.maxAttempts {
        try? await recordFailure(id, error, stage: nil, logger: context.logger)
      }
      throw error
    }
  }

  /// The job failed: the owner reads what happened in words, the log keeps the error itself.
  func recordFailure(
    _ id: String, _ error: any Error, stage: OnpuJob.Stage?, logger: Logger
  ) async throws {
    logger.error(
      "Onpu job failed",
      metadata: ["job": "\(id)", "stage": "\(stage?.rawValue ?? "-")", "error": "\(error)"])
    _ = try await database.onpuStore.updateOnpuJob(
      id: id, from: [.queued, .running], to: .failed, stage: stage,
      error: OnpuFailureText.job(error), at: env.now())
  }

  private func process(_ id: String, _ context: JobContext) async throws {
    guard let job = try await database.onpuStore.onpuJob(id: id), job.songID == nil else { return }
    guard try await advance(id, .translating) else { return }
    let lines = Self.lines(of: job.lyrics)
    let translated = try await translation.outcome(
      Self.sungLines(lines), logger: context.logger)
    guard try await advance(id, .lyricsData) else { return }
    let analyzer: LyricsAnalyzer
    switch self.analyzer {
    case .success(let loaded): analyzer = loaded
    case .failure(let failure):
      try await recordFailure(id, failure, stage: .lyricsData, logger: context.logger)
      return
    }
    let analysed = try await linesWithCorrections(
      job.lyrics, ownerID: job.ownerID, songID: nil, analyzer: analyzer)
    guard try await advance(id, .finalizing) else { return }
    let song = OnpuSong(
      id: env.newID(), ownerID: job.ownerID, jobID: job.id, title: job.title, artist: job.artist,
      lyrics: job.lyrics, createdAt: env.now(),
      analysis: try OnpuSongCoding.analysis(
        lines: analysed, translations: translated.translations,
        state: translated.state.rawValue, error: Self.translationError(translated)))
    _ = try await database.onpuStore.finishOnpuJob(id: id, song: song, at: env.now())
    context.logger.info(
      "Onpu song ready",
      metadata: [
        "job": "\(id)", "lines": "\(lines.count)",
        "translations": "\(translated.state.rawValue)",
      ])
    if env.now().timeIntervalSince(job.createdAt) > Self.noticeAfterSeconds {
      try await env.notifier.send(
        NotificationDraft(
          kind: Self.songReady, to: [job.ownerID], title: "“\(song.title)” is ready",
          body: song.artist.isEmpty
            ? "Furigana, pitch accent and translations are in."
            : "\(song.artist): furigana, pitch accent and translations are in.",
          url: "/onpu/songs/\(song.id)", dedupeKey: "onpu:song-ready:\(job.id)",
          occurredAt: env.now()))
    }
  }

  /// A song done sooner than this was watched being made; only a longer wait earns a notice.
  static let noticeAfterSeconds: TimeInterval = 5
  static let songReady = NotificationKind(
    "onpu.song-ready", label: "A song you added is ready to study", urgency: .low)

  /// False when the job went away (removed, finished or failed by another attempt).
  private func advance(_ id: String, _ stage: OnpuJob.Stage) async throws -> Bool {
    try await database.onpuStore.updateOnpuJob(
      id: id, from: [.queued, .running], to: .running, stage: stage, error: nil, at: env.now())
      != nil
  }

  // MARK: Songs

  func song(_ id: String, for user: User) async throws -> OnpuSong {
    guard let song = try await database.onpuStore.onpuSong(id: id), song.ownerID == user.id else {
      throw APIErrorResponse(.notFound("song"))
    }
    return song
  }

  /// The user's songs, newest first; `query` matches title, artist or lyrics, any case.
  func songs(for user: User, matching query: String = "") async throws -> [OnpuSong] {
    let songs = try await database.onpuStore.onpuSongs(ownerID: user.id)
    let needle = query.trimmingCharacters(in: .whitespaces)
    guard !needle.isEmpty else { return songs }
    return songs.filter { song in
      [song.title, song.artist, song.lyrics].contains {
        $0.localizedCaseInsensitiveContains(needle)
      }
    }
  }
}

/// How a song's analysis is stored: lines as JSON, translations as a JSON array with null for a
/// line that has none.
enum OnpuSongCoding {
  static func analysis(
    lines: [LyricsLine], translations: [String?], state: String, error: String? = nil
  ) throws -> OnpuSong.Analysis {
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    return OnpuSong.Analysis(
      lyricsData: String(decoding: try encoder.encode(lines), as: UTF8.self),
      translations: try encoded(translations), translationState: state, translationError: error)
  }

  static func encoded(_ translations: [String?]) throws -> String {
    String(decoding: try JSONEncoder().encode(translations), as: UTF8.self)
  }

  static func lines(_ analysis: OnpuSong.Analysis) throws -> [LyricsLine] {
    try JSONDecoder().decode([LyricsLine].self, from: Data(analysis.lyricsData.utf8))
  }

  static func translations(_ analysis: OnpuSong.Analysis) throws -> [String?] {
    try JSONDecoder().decode([String?].self, from: Data(analysis.translations.utf8))
  }
}
