import ArgumentParser
import Foundation
import HearthPlatform

/// The benchmark driver behind `make bench` (scripts/bench runs it; see BENCHMARKS.md).
@main
struct HearthBench: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "hearth-bench",
    abstract: "Hearth's benchmarks. Run them all with `make bench`; scripts/bench calls these.",
    subcommands: [
      Jobs.self, Fanout.self, Redo.self, Auralyst.self, Onpu.self, Report.self, Info.self,
      Ceiling.self,
      FreePort.self,
      Signup.self, OnpuFirstUseCommand.self, Capacity.self,
    ])
}

extension HearthBench {
  struct Jobs: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "No-op jobs through the real JobWorker on SQLite and PostgreSQL, and pgbench.")

    @Option(help: "SQLite file to create (deleted first); omit to skip SQLite.") var sqlite: String?
    @Option(help: "postgres:// URL of a throwaway database (its schema is dropped); omit to skip.")
    var postgresURL: String?
    @Option(help: "pgbench to run against --postgres-url as the ceiling.") var pgbench: String?
    @Option(help: "Jobs per SQLite run.") var sqliteJobs = 5000
    @Option(help: "Jobs per PostgreSQL run.") var postgresJobs = 5000
    @Option(help: "Producer tasks (and pgbench clients).") var producers = 8
    @Option(
      help: "Extra worker settings to measure after the defaults, as CONCURRENCY:IDLE_POLL_MS.")
    var variant: [String] = []
    @Option(
      help:
        "The latency run on a queue that is not backed up, as JOBS:MILLISECONDS_APART; 0 skips it."
    )
    var paced = "100:20"
    @Option(
      help: "The run with enqueueMany, as JOBS:JOBS_PER_CALL (on both stores); 0 skips it.")
    var batched = "20000:100"
    @Option(help: "Where to write the JSON result.") var out: String

    func run() async throws {
      let pacedParts = paced.split(separator: ":").compactMap { Int($0) }
      guard paced == "0" || (pacedParts.count == 2 && pacedParts.allSatisfy { $0 > 0 }) else {
        throw ValidationError("--paced takes JOBS:MILLISECONDS_APART, like 100:20, or 0")
      }
      let batchedParts = batched.split(separator: ":").compactMap { Int($0) }
      guard batched == "0" || (batchedParts.count == 2 && batchedParts.allSatisfy { $0 > 0 })
      else {
        throw ValidationError("--batched takes JOBS:JOBS_PER_CALL, like 20000:100, or 0")
      }
      let variants = try variant.map { text -> JobsSuite.Worker in
        let parts = text.split(separator: ":").compactMap { Int($0) }
        guard (2...3).contains(parts.count), parts[0] > 0, parts[1] > 0, parts.last! >= 0 else {
          throw ValidationError(
            "--variant takes CONCURRENCY:IDLE_POLL_MS[:CLAIM_AHEAD], like 8:10 or 16:250:0")
        }
        return JobsSuite.Worker(
          concurrency: parts[0], idlePollMilliseconds: parts[1],
          claimAhead: parts.count == 3 ? parts[2] : nil)
      }
      let suite = JobsSuite(
        sqlitePath: sqlite, postgresURL: postgresURL, pgbenchPath: pgbench,
        sqliteJobs: sqliteJobs, postgresJobs: postgresJobs, producers: producers,
        variants: variants,
        batched: batched == "0" ? nil : (batchedParts[0], batchedParts[1]),
        paced: paced == "0" ? nil : (pacedParts[0], pacedParts[1]))
      try writeJSON(try await suite.run(), to: out)
    }
  }

  struct Fanout: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract:
        "Live-event delivery from append to every open SSE stream: in-process, and at scale on a separate hearth serve."
    )

    @Option(help: "SQLite file for the in-process server (deleted first).") var database: String
    @Option(help: "Subscriber counts to measure, in order.") var subscribers: [Int] = [1, 100]
    @Option(help: "Events to append per run.") var events = 50
    @Option(help: "Milliseconds between appends, on average.") var interval = 50
    @Option(
      help:
        "Each gap is interval ± up to this many milliseconds (uniform), so that the appends do not phase-lock with the event hub's poll timer."
    )
    var jitter = 25
    @Option(help: "A separate hearth serve for the run at scale (its base URL); omit to skip.")
    var separateURL: String?
    @Option(help: "Its process id, for its resident memory.") var separatePid: Int32?
    @Option(help: "Its SQLite file, where the events are appended.") var separateDatabase: String?
    @Option(help: "Streams to open on it.") var separateSubscribers = 10_000
    @Option(help: "Events to append in the run at scale.") var separateEvents = 20
    @Option(help: "Milliseconds between those appends, on average.") var separateInterval = 200
    @Option(help: "Where to write the JSON result.") var out: String

    func run() async throws {
      var separate: SeparateServer?
      if let separateURL {
        guard let separatePid, let separateDatabase else {
          throw ValidationError("--separate-url needs --separate-pid and --separate-database")
        }
        separate = SeparateServer(
          url: separateURL, pid: separatePid, databasePath: separateDatabase,
          subscribers: separateSubscribers, events: separateEvents, interval: separateInterval)
      }
      let suite = FanoutSuite(
        databasePath: database, subscriberCounts: subscribers, events: events, interval: interval,
        jitter: min(jitter, max(0, interval - 1)), separate: separate)
      try writeJSON(try await suite.run(), to: out)
    }
  }

  struct Redo: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract:
        "Redo: parse, verify and replay a signed log; canonicalization beside Python's rfc8785; the redo CLI on a large home."
    )

    @Option(help: "Tasks in the replayed log (5 nodes each).") var tasks = 10_000
    @Option(help: "Signed nodes to verify.") var verifyNodes = 100_000
    @Option(help: "A release redo executable, for the CLI timings; omit to skip them.") var redo:
      String?
    @Option(help: "A Python with the rfc8785 package, for the comparison; omit to skip it.")
    var python: String?
    @Option(help: "A scratch directory.") var work: String
    @Option(help: "Where to write the JSON result.") var out: String

    func run() throws {
      try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
      let suite = RedoSuite(
        tasks: tasks, verifyNodes: verifyNodes, redoBinary: redo, python: python,
        workDirectory: work)
      try writeJSON(try suite.run(), to: out)
    }
  }

  struct Auralyst: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract:
        "Auralyst: insights over five years of a journal, beside loading those rows from SQLite.")

    @Option(help: "Days of journal.") var days = 1826
    @Option(help: "Symptom entries over those days.") var entries = 10_000
    @Option(help: "A scratch directory.") var work: String
    @Option(help: "Where to write the JSON result.") var out: String

    func run() async throws {
      try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
      let suite = AuralystSuite(days: days, entries: entries, workDirectory: work)
      try writeJSON(try await suite.run(), to: out)
    }
  }

  struct Onpu: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract:
        "Onpu: accent accuracy against kanjium, lines per second beside `mecab`, a 40-line job.")

    @Option(help: "kanjium's accents.txt.") var kanjium: String
    @Option(help: "Lyric-like lines to time.") var lines = 20_000
    @Option(help: "40-line songs to run as jobs.") var songs = 20
    @Option(help: "The mecab command.") var mecab = "/usr/bin/mecab"
    @Option(help: "A scratch directory.") var work: String
    @Option(help: "Where to write the JSON result.") var out: String
    @Option(help: "Where to write kanjium's words whose accent is not exact (TSV).")
    var misses: String?
    @Option(help: "Timed runs over the lines.") var runs = 5
    @Option(help: "kanjium entries to measure accuracy on, spread over the file; 0 for all.")
    var accuracyEntries = 0
    @Option(help: "Word searches to time.") var wordQueries = 5000

    func run() async throws {
      try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
      let suite = OnpuSuite(
        kanjiumPath: kanjium, lines: lines, songs: songs, mecab: mecab, workDirectory: work,
        missesPath: misses, runs: runs, accuracyEntries: accuracyEntries,
        wordQueries: wordQueries)
      try writeJSON(try await suite.run(), to: out)
    }
  }

  struct Report: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Write BENCHMARKS.md from the result files (http.json, jobs.json, fanout.json).")

    @Option(help: "Directory holding the result files.") var results: String
    @Option(help: "The Markdown file to write.") var out = "BENCHMARKS.md"

    func run() throws {
      let previous = (try? String(contentsOfFile: out, encoding: .utf8)).map(PreviousReport.init)
      let markdown = try ReportWriter(directory: results, previous: previous).render()
      try Data(markdown.utf8).write(to: URL(fileURLWithPath: out), options: .atomic)
    }
  }

  struct Info: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Print the date and this machine's description as JSON.")

    func run() throws {
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.sortedKeys]
      print(String(decoding: try encoder.encode(RunInfo.current()), as: UTF8.self))
    }
  }

  struct FreePort: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "free-port", abstract: "Print a loopback TCP port that is free right now.")

    func run() throws { print(try freeLoopbackPort()) }
  }

  struct Signup: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Wait for a server's /healthz, sign up a new person, print the access token.")

    @Option(help: "The server's base URL, like http://127.0.0.1:8080.") var url: String
    @Option(help: "Email for the new account.") var email = "bench@example.com"

    func run() async throws {
      let client = makeHTTPClient(connections: 2)
      do {
        let (_, token) = try await waitAndSignUp(client, base: url, email: email)
        print(token)
      } catch {
        try? await client.shutdown()
        throw error
      }
      try await client.shutdown()
    }
  }
}

extension HearthBench {
  struct OnpuFirstUseCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "onpu-first-use",
      abstract: "Use Onpu once on a running server: a word search, a word card, songs as jobs.")

    @Option(help: "The server's base URL.") var url: String
    @Option(help: "An access token.") var token: String
    @Option(help: "Songs to add (each analysed as a job).") var songs = 6

    func run() async throws {
      try await OnpuFirstUse(base: url, token: token, songs: songs).run()
    }
  }
}

extension HearthBench {
  struct Capacity: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract:
        "The most concurrent people running servers hold with p99 under the goal: one setup, added to --out."
    )

    @Option(help: "The setup's name in the report.") var name: String
    @Option(help: "Base URL of a hearth serve; repeat for each (people spread over them).")
    var url: [String]
    @Option(help: "The servers' database (sqlite:///path or postgres://), for the accounts.")
    var databaseURL: String
    @Option(help: "The servers' HEARTH_SECRET, to mint access tokens as sign-in would.")
    var secret: String
    @Option(help: "hearth worker processes beside the servers (for the report).") var workers = 0
    @Option(help: "People per step, in order, comma-separated.")
    var plan = "100,200,400,800,1600,3200,6400"
    @Option(help: "Seconds per step.") var stepSeconds = 15
    @Option(help: "Mean pause between one person's actions, in milliseconds.") var thinkMs = 5000
    @Option(help: "The p99 a step must stay under, in milliseconds.") var goalMs = 100.0
    @Option(help: "The JSON result: this setup replaces one of its name, others are kept.")
    var out: String

    func run() async throws {
      let plan = self.plan.split(separator: ",").compactMap { Int($0) }
      guard !plan.isEmpty, plan.allSatisfy({ $0 > 0 }) else {
        throw ValidationError("--plan takes people counts like 100,200,400")
      }
      let setup = try await CapacitySuite(
        name: name, urls: url, databaseURL: databaseURL, secret: secret, serves: url.count,
        workers: workers, plan: plan, stepSeconds: stepSeconds, thinkMilliseconds: thinkMs,
        goal: goalMs
      ).run()
      let previous = (try? Data(contentsOf: URL(fileURLWithPath: out))).flatMap {
        try? JSONDecoder().decode(CapacityResult.self, from: $0)
      }
      let result = CapacityResult(
        info: previous?.info ?? .current(), cores: ProcessInfo.processInfo.activeProcessorCount,
        thinkMilliseconds: thinkMs, stepSeconds: stepSeconds, goalMilliseconds: goalMs,
        mix: CapacityAction.allCases.map { .init(action: $0.rawValue, percent: $0.share) },
        setups: (previous?.setups ?? []).filter { $0.name != name } + [setup])
      try writeJSON(result, to: out)
    }
  }
}
