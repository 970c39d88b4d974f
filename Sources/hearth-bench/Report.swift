import Foundation
import HearthPlatform

/// Renders BENCHMARKS.md from whichever result files exist.
struct ReportWriter {
  var directory: String
  var previous: PreviousReport?

  func load<T: Decodable>(_ name: String, as type: T.Type) throws -> T? {
    let path = directory + "/" + name
    guard let data = FileManager.default.contents(atPath: path) else { return nil }
    do {
      let decoder = JSONDecoder()
      decoder.nonConformingFloatDecodingStrategy = .convertFromString(
        positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
      return try decoder.decode(T.self, from: data)
    } catch {
      throw BenchError("\(path) is not a result file this report understands: \(error)")
    }
  }

  func render() throws -> String {
    let http = try load("http.json", as: HTTPResult.self)
    let jobs = try load("jobs.json", as: JobsResult.self)
    let fanout = try load("fanout.json", as: FanoutResult.self)
    let redo = try load("redo.json", as: RedoSuite.Result.self)
    let auralyst = try load("auralyst.json", as: AuralystSuite.Result.self)
    let onpu = try load("onpu.json", as: OnpuSuite.Result.self)
    let capacity = try load("capacity.json", as: CapacityResult.self)
    let infos = [
      http?.info, jobs?.info, fanout?.info, redo?.info, auralyst?.info, onpu?.info, capacity?.info,
    ].compactMap { $0 }
    guard let newest = infos.max(by: { $0.date < $1.date }) else {
      throw BenchError("no result files in \(directory)")
    }

    var out = """
      # Benchmarks

      Written by `make bench` (scripts/bench and Sources/hearth-bench); do not edit by hand.
      Each figure stands beside its comparison, measured in the same run. `make bench SUITE=name`
      reruns one suite and keeps the others' last results, so every section gives its own date.

      - Last written: \(newest.date)
      - Machine: \(newest.machine)
      - Builds: `swift build -c release` (hearth-bench, hearth for the HTTP suite); Redo's CLI
        with `make redo` (release, Swift runtime linked in)


      """
    out += goals(
      http: http, jobs: jobs, fanout: fanout, redo: redo, auralyst: auralyst, onpu: onpu,
      capacity: capacity)
    out += http.map { httpSection($0, machine: newest.machine) } ?? kept("HTTP")
    out += jobs.map { jobsSection($0, machine: newest.machine) } ?? kept("Jobs")
    out +=
      fanout.map { fanoutSection($0, machine: newest.machine) } ?? kept("Fan-out (live events)")
    out += redo.map { redoSection($0, machine: newest.machine) } ?? kept("Redo")
    out += auralyst.map { auralystSection($0, machine: newest.machine) } ?? kept("Auralyst")
    out += onpu.map { onpuSection($0, machine: newest.machine) } ?? kept("Onpu")
    out += capacity.map { capacitySection($0, machine: newest.machine) } ?? kept("Capacity")
    out += """
      ## Reproducing

      `make bench` installs what is missing (wrk, PostgreSQL, gcc, curl, and Python's rfc8785
      in .tmp/bench-venv), builds in release, starts a throwaway PostgreSQL 15 (fsync and
      synchronous_commit on, the defaults) and the servers it needs, runs every suite, stops all
      of it and rewrites this file. `make bench SUITE=http`, `SUITE=jobs`, `SUITE=fanout`,
      `SUITE=redo`, `SUITE=auralyst`, `SUITE=onpu` or `SUITE=capacity` runs one suite. The raw results are kept in
      .tmp/bench/*.json.

      """
    return out
  }

  /// A suite's section from the last report, when this run has no result for it.
  func kept(_ title: String) -> String { previous?.section(title) ?? "" }

  // MARK: - Goals

  func goals(
    http: HTTPResult?, jobs: JobsResult?, fanout: FanoutResult?, redo: RedoSuite.Result?,
    auralyst: AuralystSuite.Result?, onpu: OnpuSuite.Result?, capacity: CapacityResult?
  ) -> String {
    var rows: [[String]] = []
    func kept(_ prefixes: [String]) -> [[String]] {
      previous?.goalRows(startingWith: prefixes) ?? []
    }
    rows += http.map(httpGoals) ?? kept(["GET /api/me", "The stylesheet", "`hearth"])
    rows += jobs.map(jobsGoals) ?? kept(["Jobs"])
    rows += fanout.map(fanoutGoals) ?? kept(["Fan-out", "Live events"])
    rows += redo.map(redoGoals) ?? kept(["Redo:"])
    rows += auralyst.map(auralystGoals) ?? kept(["Auralyst:"])
    rows += onpu.map(onpuGoals) ?? kept(["Onpu:"])
    rows += capacity.map(capacityGoals) ?? kept(["Capacity"])
    guard !rows.isEmpty else { return "" }
    return """
      ## Goals

      Targets to report against, not pass conditions: `make bench` succeeds either way.

      \(table(["Goal", "Measured", "Status"], rows))


      """
  }

  // MARK: - Formatting

  func verdict(_ met: Bool) -> String { met ? "met" : "not met" }

  func dated(_ info: RunInfo, machine: String) -> String {
    var text = "Measured \(info.date)"
    if info.machine != machine { text += " on \(info.machine)" }
    if let load = info.loadAverage {
      text += String(format: " (load average %.2f at the start)", load)
    }
    return text + ". "
  }

  func table(_ header: [String], _ rows: [[String]]) -> String {
    var lines = ["| " + header.joined(separator: " | ") + " |"]
    lines.append("|" + header.map { _ in " --- |" }.joined())
    for row in rows { lines.append("| " + row.joined(separator: " | ") + " |") }
    return lines.joined(separator: "\n")
  }

  func rate(_ value: Double) -> String {
    guard value.isFinite else { return "n/a" }
    let formatter = NumberFormatter()
    formatter.numberStyle = .decimal
    formatter.maximumFractionDigits = 0
    formatter.locale = Locale(identifier: "en_US")
    return formatter.string(from: NSNumber(value: value.rounded())) ?? String(Int(value))
  }

  func mib(_ kib: Int) -> String { String(format: "%.1f MiB", Double(kib) / 1024) }

  func ms(_ value: Double) -> String {
    guard value.isFinite else { return "n/a" }
    if value < 1 { return String(format: "%.2f ms", value) }
    if value < 100 { return String(format: "%.1f ms", value) }
    return String(format: "%.0f ms", value)
  }
}
