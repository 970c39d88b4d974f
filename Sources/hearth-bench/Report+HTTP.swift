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
    var when: String
    var kib: Int
  }

  var info: RunInfo
  var wrk: String
  var notes: [String]?
  /// `hearth serve`'s resident size at moments of the run.
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
        "GET /api/me (bearer) at 50% or more of the framework ceiling's requests/s",
        String(format: "%.0f%% (%@ of %@)", share * 100, rate(me.rps), rate(framework.rps)),
        verdict(share >= 0.5),
      ])
    }
    if let c = result.cCeiling {
      for (name, run, goal) in [
        ("GET /api/me (bearer)", me, 0.25), ("The stylesheet", css, 0.5),
      ] {
        guard let run else { continue }
        let share = run.rps / c.rps
        rows.append([
          "\(name) at \(Int(goal * 100))% or more of the C ceiling's requests/s",
          String(format: "%.0f%% (%@ of %@)", share * 100, rate(run.rps), rate(c.rps)),
          verdict(share >= goal),
        ])
      }
    }
    if let idle = result.memory?.first {
      rows.append([
        "`hearth serve` idle under 60 MiB resident", mib(idle.kib),
        verdict(idle.kib < 60 * 1024),
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
      text += "\nResident memory of `hearth serve` (VmRSS):\n\n"
      text += table(["When", "Resident"], memory.map { [$0.when, mib($0.kib)] }) + "\n"
    }
    return text + "\n"
  }
}
