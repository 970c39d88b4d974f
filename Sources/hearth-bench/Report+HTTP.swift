import Foundation

/// What wrk's `done` hook writes (scripts/bench), times in milliseconds.
struct WrkResult: Codable, Sendable {
  var requests: Int
  var seconds: Double
  var rps: Double
  var p50: Double
  var p90: Double
  var p99: Double
  var max: Double
  var mean: Double
  var non2xx: Int
  var socketErrors: Int
}

struct HTTPRun: Codable, Sendable {
  var server: String
  var target: String
  var result: WrkResult
}

struct HTTPResult: Codable, Sendable {
  struct MemoryReading: Codable, Sendable {
    /// `serve` or `worker`; absent in results from before the worker was measured (serve).
    var process: String?
    var when: String
    /// VmRSS, and of it RssAnon and RssFile (absent in older results).
    var kib: Int
    var anonKib: Int?
    var fileKib: Int?

    var command: String { "`hearth \(process ?? "serve")`" }
  }

  var info: RunInfo
  var wrk: String
  var notes: [String]?
  /// The resident size of `hearth serve` and `hearth worker` at moments of the run.
  var memory: [MemoryReading]?
  var runs: [HTTPRun]

  func run(_ server: String, _ target: String) -> WrkResult? {
    runs.first { $0.server == server && $0.target.hasPrefix(target) }?.result
  }

  /// The C server's figure, the ceiling for every request.
  var cCeiling: WrkResult? { runs.first { $0.server.hasPrefix("C ceiling") }?.result }
}

extension ReportWriter {
  func httpGoals(_ result: HTTPResult) -> [[String]] {
    var rows: [[String]] = []
    let me = result.run("hearth serve", "GET /api/me")
    let css = result.run("hearth serve", "GET /static/hearth.css")
    if let me, let framework = result.run("Hummingbird ceiling", "GET /api/me") {
      let share = me.rps / framework.rps
      rows.append([
        "GET /api/me (bearer) at 66% or more of the framework ceiling's requests/s",
        String(format: "%.0f%% (%@ of %@)", share * 100, rate(me.rps), rate(framework.rps)),
        verdict(share >= 0.66),
      ])
    }
    if let me, let c = result.cCeiling {
      let share = me.rps / c.rps
      rows.append([
        "GET /api/me (bearer) at 25% or more of the C ceiling's requests/s",
        String(format: "%.0f%% (%@ of %@)", share * 100, rate(me.rps), rate(c.rps)),
        verdict(share >= 0.25),
      ])
    }
    if let css, let framework = result.run("Hummingbird ceiling", "GET /static/hearth.css") {
      let share = css.rps / framework.rps
      rows.append([
        "The stylesheet within 10% of the framework ceiling's requests/s",
        String(format: "%.0f%% (%@ of %@)", share * 100, rate(css.rps), rate(framework.rps)),
        verdict(share >= 0.9),
      ])
    }
    return rows + memoryGoals(result.memory ?? [])
  }

  /// Idle under 60 MiB before Onpu's dictionaries are touched; after its first use, anonymous
  /// memory under 100 MiB (the dictionaries' mapped pages, file-backed, apart).
  func memoryGoals(_ memory: [HTTPResult.MemoryReading]) -> [[String]] {
    var rows: [[String]] = []
    for reading in memory where reading.when.hasPrefix("idle") {
      rows.append([
        "\(reading.command) idle under 60 MiB resident", mib(reading.kib),
        verdict(reading.kib < 60 * 1024),
      ])
    }
    for reading in memory where reading.when.contains("Onpu") {
      guard let anon = reading.anonKib, let file = reading.fileKib else { continue }
      rows.append([
        "\(reading.command) \(reading.when): anonymous memory under 100 MiB",
        "\(mib(anon)) anonymous (\(mib(file)) file-backed, \(mib(reading.kib)) resident)",
        verdict(anon < 100 * 1024),
      ])
    }
    return rows
  }

  func httpSection(_ result: HTTPResult, machine: String) -> String {
    let rows = result.runs.map { run in
      [
        run.target, run.server, rate(run.result.rps), ms(run.result.p50), ms(run.result.p99),
        ms(run.result.max),
        run.result.non2xx + run.result.socketErrors == 0
          ? "0" : "\(run.result.non2xx) non-2xx, \(run.result.socketErrors) socket",
      ]
    }
    var text = """
      ## HTTP

      \(dated(result.info, machine: machine))`wrk \(result.wrk)` against a release `hearth serve`
      (SQLite in a temporary file, log level warning) and two ceilings: the framework's, the
      same Hummingbird server as `hearth serve` (`hearth-bench ceiling`) answering the same
      bytes from memory with no middleware; and a minimal C server
      (scripts/bench-static-server.c: epoll, one thread per core, the same stylesheet bytes
      from memory). Latency percentiles are wrk's.

      \(table(["Request", "Server", "Requests/s", "p50", "p99", "max", "Errors"], rows))


      """
    for run in result.runs where run.server.hasPrefix("hearth") {
      var shares: [String] = []
      if let framework = result.run("Hummingbird ceiling", run.target) {
        shares.append(
          String(format: "%.0f%% of the framework ceiling's", run.result.rps / framework.rps * 100))
      }
      if let c = result.cCeiling {
        shares.append(String(format: "%.0f%% of the C ceiling's", run.result.rps / c.rps * 100))
      }
      if !shares.isEmpty {
        text += "- \(run.target) on hearth: \(shares.joined(separator: " and ")) requests/s.\n"
      }
    }
    for line in result.notes ?? [] { text += "- \(line)\n" }
    if let memory = result.memory, !memory.isEmpty {
      text += """

        Memory of `hearth serve` and `hearth worker` (/proc/PID/status): resident (VmRSS), and
        of it anonymous (RssAnon: the process's own) and file-backed (RssFile: the executable,
        libraries and memory-mapped dictionaries, shared between processes and dropped by the
        kernel under pressure). The idle and Onpu readings are of a fresh serve (one job at a
        time) and worker on one SQLite file.


        """
      text +=
        table(
          ["Process", "When", "Resident", "Anonymous", "File-backed"],
          memory.map {
            [
              $0.command, $0.when, mib($0.kib), $0.anonKib.map(mib) ?? "n/a",
              $0.fileKib.map(mib) ?? "n/a",
            ]
          }) + "\n"
    }
    return text + "\n"
  }
}
