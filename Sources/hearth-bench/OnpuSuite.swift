import Foundation
import HearthCore
import HearthEngines
import HearthHost
import HearthPlatform
import HearthSQLite
import HearthServer
import OnpuAnalysis
import OnpuApp
import OnpuCore

/// Onpu: accent and reading accuracy against kanjium's dictionary (the analyzer beside a direct
/// lookup of UniDic's aType and an always-heiban guess), lines analysed per second beside the
/// `mecab` command on the same text, and the time of a whole 40-line job.
struct OnpuSuite {
  var kanjiumPath: String
  var lines: Int
  var songs: Int
  var mecab: String
  var workDirectory: String
  var missesPath: String? = nil
  var runs = 5
  /// kanjium entries the accuracy is measured on, spread evenly over the file; 0 for all.
  var accuracyEntries = 0
  var wordQueries = 5000

  struct Accuracy: Codable, Sendable {
    var words: Int
    var readings: Int
    var analyzer: Int
    var direct: Int
    var heiban: Int
    var heibanOnMatchedReadings: Int
    var disagreements: [String: Int]
    /// Absent in results from before readings were told apart from other valid ones.
    var equivalents: [String: Int]?
    var equivalentComparable: Int?
    var equivalentAccents: Int?
  }

  struct Throughput: Codable, Sendable {
    var lines: Int
    var characters: Int
    /// Whole runs over every line, in milliseconds.
    var analyzer: Distribution
    var taggerOnly: Distribution
    var mecabCommand: Distribution
    /// The analyzer without JMdict's readings (DictionaryReadings); absent in older results.
    var withoutWords: Distribution?
  }

  struct Result: Codable, Sendable {
    var info: RunInfo
    var accuracy: Accuracy
    var throughput: Throughput
    var songLines: Int
    /// From enqueue to succeeded, in milliseconds.
    var job: Distribution
    /// Absent in results from before the word dictionary.
    var words: OnpuWordSearch?
    /// Absent in results from before the sung-readings set.
    var sungReadings: OnpuSungReadings?
  }

  func run() async throws -> Result {
    let info = RunInfo.current()
    let analyzer = try LyricsAnalyzer()
    let withoutWords = LyricsAnalyzer(tagger: analyzer.tagger, dictionary: analyzer.dictionary)
    let entries = AccentAccuracy.entries(
      kanjium: try String(contentsOfFile: kanjiumPath, encoding: .utf8))
    let measured =
      accuracyEntries > 0 && accuracyEntries < entries.count
      ? stride(from: 0, to: entries.count, by: entries.count / accuracyEntries).map { entries[$0] }
      : entries
    note("onpu: accuracy over \(measured.count) kanjium entries")
    let accuracy = try Self.accuracy(
      entries: measured, analyzer: analyzer, missesPath: missesPath)

    let corpus = Self.corpus(entries: entries, lines: lines)
    let corpusPath = workDirectory + "/corpus.txt"
    try Data((corpus.joined(separator: "\n") + "\n").utf8).write(
      to: URL(fileURLWithPath: corpusPath))
    note("onpu: \(corpus.count) lines through the analyzer, the tagger alone and `mecab`")
    var analyzerRuns: [Double] = []
    var taggerRuns: [Double] = []
    var mecabRuns: [Double] = []
    var withoutWordsRuns: [Double] = []
    let dictionary = try OnpuResources.unidicDirectory(
      configured: nil, roots: OnpuResources.searchRoots())
    for _ in 0..<runs {
      analyzerRuns.append(
        try timed { for line in corpus { _ = analyzer.analyze(line: line) } })
      withoutWordsRuns.append(
        try timed { for line in corpus { _ = withoutWords.analyze(line: line) } })
      taggerRuns.append(try timed { for line in corpus { _ = analyzer.tagger.parse(line) } })
      mecabRuns.append(
        try timed {
          let process = Process()
          process.executableURL = URL(fileURLWithPath: mecab)
          process.arguments = ["-d", dictionary.path, "-o", "/dev/null", corpusPath]
          try process.run()
          process.waitUntilExit()
          guard process.terminationStatus == 0 else {
            throw BenchError("mecab exited with \(process.terminationStatus)")
          }
        })
    }

    let jobTimes = try await jobs(lines: Array(corpus.prefix(40)))
    return Result(
      info: info, accuracy: accuracy,
      throughput: Throughput(
        lines: corpus.count, characters: corpus.reduce(0) { $0 + $1.count },
        analyzer: Distribution(analyzerRuns), taggerOnly: Distribution(taggerRuns),
        mecabCommand: Distribution(mecabRuns), withoutWords: Distribution(withoutWordsRuns)),
      songLines: 40, job: Distribution(jobTimes),
      words: try OnpuWordSearch.measure(queries: wordQueries),
      sungReadings: try OnpuSungReadings.measure(analyzer: analyzer))
  }

  /// How long `work` takes, in milliseconds.
  func timed(_ work: () throws -> Void) throws -> Double {
    let start = monotonicNanos()
    try work()
    return milliseconds(monotonicNanos() - start)
  }

  /// Lines that read like lyrics: dictionary words joined by particles, the same every run.
  static func corpus(entries: [AccentAccuracy.Entry], lines: Int) -> [String] {
    let words = entries.map(\.word).filter {
      $0.count <= 4 && $0.contains(where: LyricsWord.isKanji)
    }
    let particles = ["が", "を", "に", "で", "の", "は", "と", "も", "へ", "から"]
    var state: UInt64 = 0x5EED
    func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }
    return (0..<lines).map { _ in
      (0..<4).map { _ in words[next(words.count)] + particles[next(particles.count)] }
        .joined() + "　" + words[next(words.count)]
    }
  }

  /// Songs of `lines` through the real job handler and worker on SQLite, one after another.
  func jobs(lines: [String]) async throws -> [Double] {
    let path = workDirectory + "/onpu.sqlite"
    for suffix in ["", "-wal", "-shm"] {
      try? FileManager.default.removeItem(atPath: path + suffix)
    }
    let database = try SQLiteDatabase(path: path)
    try await database.migrate(HearthServer.schemas)
    var config = HearthConfig()
    config.logLevel = "warning"
    config.onpu.translator = .off
    let env = HearthEnvironment(
      config: config, database: database, secret: String(repeating: "5e", count: 32),
      logger: quietLogger("hearth"))
    let owner = User(
      id: "owner", email: "owner@example.com", displayName: "Owner", phone: nil,
      passwordHash: "x", timeZone: "UTC", createdAt: env.now())
    try await database.createUser(owner)
    let app = HearthApplication(env: env)
    let worker = Task { try await app.worker().run() }
    try await Task.sleep(for: .milliseconds(250))
    note("onpu: \(songs) songs of \(lines.count) lines through the job worker")
    var times: [Double] = []
    for index in 0..<songs {
      let start = monotonicNanos()
      let job = try await OnpuLibrary(env: env).create(
        title: "Song \(index)", artist: "", lyrics: lines.joined(separator: "\n"), for: owner)
      while try await database.onpuStore.onpuJob(id: job.id)?.status != .succeeded {
        guard monotonicNanos() - start < 60_000_000_000 else {
          throw BenchError("the job of song \(index) did not finish within a minute")
        }
        try await Task.sleep(for: .microseconds(500))
      }
      times.append(milliseconds(monotonicNanos() - start))
    }
    worker.cancel()
    _ = await worker.result
    try await database.close()
    return times
  }
}
