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
    let infos = [http?.info, jobs?.info, fanout?.info, redo?.info, auralyst?.info, onpu?.info]
      .compactMap { $0 }
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
      http: http, jobs: jobs, fanout: fanout, redo: redo, auralyst: auralyst, onpu: onpu)
    out += http.map { httpSection($0, machine: newest.machine) } ?? kept("HTTP")
    out += jobs.map { jobsSection($0, machine: newest.machine) } ?? kept("Jobs")
    out +=
      fanout.map { fanoutSection($0, machine: newest.machine) } ?? kept("Fan-out (live events)")
    out += redo.map { redoSection($0, machine: newest.machine) } ?? kept("Redo")
    out += auralyst.map { auralystSection($0, machine: newest.machine) } ?? kept("Auralyst")
    out += onpu.map { onpuSection($0, machine: newest.machine) } ?? kept("Onpu")
    out += """
      ## Reproducing

      `make bench` installs what is missing (wrk, PostgreSQL, gcc, curl, and Python's rfc8785
      in .tmp/bench-venv), builds in release, starts a throwaway PostgreSQL 15 (fsync and
      synchronous_commit on, the defaults) and the servers it needs, runs every suite, stops all
      of it and rewrites this file. `make bench SUITE=http`, `SUITE=jobs`, `SUITE=fanout`,
      `SUITE=redo`, `SUITE=auralyst` or `SUITE=onpu` runs one suite. The raw results are kept in
      .tmp/bench/*.json.

      """
    return out
  }

  /// A suite's section from the last report, when this run has no result for it.
  func kept(_ title: String) -> String { previous?.section(title) ?? "" }

  // MARK: - Goals

  func goals(
    http: HTTPResult?, jobs: JobsResult?, fanout: FanoutResult?, redo: RedoSuite.Result?,
    auralyst: AuralystSuite.Result?, onpu: OnpuSuite.Result?
  ) -> String {
    var rows: [[String]] = []
    let postgres = jobs?.defaultRun("postgresql")
    let sqlite = jobs?.defaultRun("sqlite")
    func verdict(_ met: Bool) -> String { met ? "met" : "not met" }
    func kept(_ prefixes: [String]) -> [[String]] {
      previous?.goalRows(startingWith: prefixes) ?? []
    }
    rows += http.map(httpGoals) ?? kept(["GET /api/me", "The stylesheet", "`hearth serve` idle"])
    if jobs == nil { rows += kept(["No-op jobs", "Within 1.5x", "Enqueue-to-start"]) }
    if let postgres {
      rows.append([
        "No-op jobs at 5,000/s or more on PostgreSQL (BullMQ's published figure)",
        "\(rate(postgres.jobsPerSecond)) jobs/s", verdict(postgres.jobsPerSecond >= 5000),
      ])
      if let ceiling = jobs?.pgbench {
        let ratio = ceiling.jobsPerSecond / postgres.jobsPerSecond
        rows.append([
          "Within 1.5x of the pgbench ceiling",
          String(format: "pgbench %@ jobs/s is %.2fx Hearth's", rate(ceiling.jobsPerSecond), ratio),
          verdict(ratio <= 1.5),
        ])
      }
    }
    for (store, name) in [("postgresql", "PostgreSQL"), ("sqlite", "SQLite")] {
      if let run = store == "postgresql" ? postgres : sqlite {
        rows.append([
          "Enqueue-to-start p50 under 5 ms (\(name), \(run.producers) producers flat out)",
          ms(run.startLatency.p50), verdict(run.startLatency.p50 < 5),
        ])
      }
      if let run = jobs?.pacedRun(store), let interval = run.pacedIntervalMilliseconds {
        rows.append([
          "Enqueue-to-start p50 under 5 ms (\(name), paced: 1 job every \(interval) ms)",
          ms(run.startLatency.p50), verdict(run.startLatency.p50 < 5),
        ])
      }
    }
    if fanout == nil { rows += kept(["Fan-out"]) }
    if let run = fanout?.runs.max(by: { $0.subscribers < $1.subscribers }) {
      let complete = run.deliveries == run.expectedDeliveries
      rows.append([
        "Fan-out p99 under 50 ms (\(run.subscribers) subscribers)",
        ms(run.latency.p99)
          + (complete ? "" : " (\(run.deliveries)/\(run.expectedDeliveries) delivered)"),
        verdict(run.latency.p99 < 50 && complete),
      ])
    }
    rows += redo.map(redoGoals) ?? kept(["Redo:"])
    rows += auralyst.map(auralystGoals) ?? kept(["Auralyst:"])
    rows += onpu.map(onpuGoals) ?? kept(["Onpu:"])
    guard !rows.isEmpty else { return "" }
    return """
      ## Goals

      Targets to report against, not pass conditions: `make bench` succeeds either way.

      \(table(["Goal", "Measured", "Status"], rows))


      """
  }

  // MARK: - Jobs

  func jobsSection(_ result: JobsResult, machine: String) -> String {
    var rows: [[String]] = []
    for run in result.runs {
      let paced = run.pacedIntervalMilliseconds != nil
      rows.append([
        run.store == "postgresql" ? "PostgreSQL" : "SQLite", run.label, "\(run.jobs)",
        paced ? "(paced)" : rate(run.jobsPerSecond), String(format: "%.2f s", run.seconds),
        paced ? "(paced)" : rate(run.enqueuesPerSecond),
        "\(ms(run.enqueueLatency.p50)) / \(ms(run.enqueueLatency.p99))",
        "\(ms(run.startLatency.p50)) / \(ms(run.startLatency.p99))",
        run.backlogAtLastEnqueue.map { "\($0)" } ?? "",
      ])
    }
    if let ceiling = result.pgbench {
      rows.append([
        "PostgreSQL", "pgbench ceiling: \(ceiling.clients) clients, same SQL",
        "\(ceiling.jobsSucceeded)", rate(ceiling.jobsPerSecond), "\(ceiling.seconds) s", "n/a",
        "n/a", "n/a", "about 0",
      ])
    }
    let producers = result.runs.first?.producers ?? 8
    var paragraphs = [
      "## Jobs",
      dated(result.info, machine: machine)
        + """
        In-process, on the real stores (SQLiteDatabase on a temporary file; PostgresDatabase on \
        the throwaway PostgreSQL 15) and the real JobWorker: \(producers) producer tasks each \
        call `enqueue` in a loop (one transaction per job) while the worker claims, runs a no-op \
        handler and completes every job. Jobs/s runs from the first enqueue to the last \
        completion; enqueues/s from the first enqueue to the last one returning. \
        Enqueue-to-start runs from just before `enqueue` is called (the time travels in the \
        payload) to the start of the handler. Backlog is the number of jobs enqueued but not yet \
        started when the last enqueue returned.
        """,
      table(
        [
          "Store", "Worker", "Jobs", "Jobs/s", "Wall time", "Enqueues/s", "Enqueue p50 / p99",
          "Enqueue-to-start p50 / p99", "Backlog",
        ], rows),
    ]
    if result.runs.contains(where: { $0.pacedIntervalMilliseconds != nil }) {
      paragraphs.append(
        """
        Rows marked paced measure pickup on a queue that is not backed up: one producer \
        enqueues one job at a time on a fixed schedule, well below the worker's capacity, so \
        enqueue-to-start there is the worker's own pickup delay.
        """)
    }
    let backedUp = result.runs.filter {
      $0.pacedIntervalMilliseconds == nil && $0.enqueuesPerSecond > $0.jobsPerSecond * 1.2
    }
    if !backedUp.isEmpty {
      let ratios = backedUp.map { run in
        String(
          format: "%@ with %@ %.1fx", run.store == "postgresql" ? "PostgreSQL" : "SQLite",
          run.concurrency == nil ? "JobWorker defaults" : run.label,
          run.enqueuesPerSecond / run.jobsPerSecond)
      }
      paragraphs.append(
        "Where producers enqueued faster than the worker drained (enqueues/s over jobs/s: "
          + ratios.joined(separator: "; ")
          + "), the queue backed up, and enqueue-to-start there is mostly time spent waiting in that backlog."
      )
    }
    if let ceiling = result.pgbench {
      var text = """
        The ceiling: `pgbench -n -M \(ceiling.protocolMode) -c \(ceiling.clients) \
        -j \(ceiling.threads) -T \(ceiling.seconds)` on the same database (schema reset first), \
        for as long as Hearth's PostgreSQL run with JobWorker defaults took, with a script \
        holding the store's own statements from PostgresDatabase+Jobs.swift: the enqueue INSERT \
        and its NOTIFY, the claim (one statement: the dead-letter UPDATE and the `FOR UPDATE \
        SKIP LOCKED` claim UPDATE) and the complete UPDATE, each its own transaction. One pgbench \
        transaction is one job's whole life, so transactions/s maps one to one to jobs/s: \
        \(String(format: "%.0f", ceiling.tps)) tps over \(ceiling.transactions) transactions \
        (\(ceiling.failedTransactions) failed, average latency \
        \(ms(ceiling.latencyAverageMilliseconds))), and \(ceiling.jobsSucceeded) jobs ended \
        `succeeded`, \(rate(ceiling.jobsPerSecond)) jobs/s (a claim that finds every queued row \
        locked by another client completes nothing). Each client enqueues before it claims, so \
        its queue stays nearly empty.
        """
      if let postgres = result.defaultRun("postgresql") {
        text += String(
          format:
            " Hearth's PostgreSQL run with JobWorker defaults reaches %.0f%% of it (the ceiling is %.2fx).",
          postgres.jobsPerSecond / ceiling.jobsPerSecond * 100,
          ceiling.jobsPerSecond / postgres.jobsPerSecond)
      }
      paragraphs.append(text)
    } else if let error = result.pgbenchError {
      paragraphs.append("The pgbench ceiling failed: \(error.prefix(300))")
    }
    if let compared = jobsBaseline(result) { paragraphs.append(compared) }
    return paragraphs.joined(separator: "\n\n") + "\n\n"
  }

  // MARK: - Fan-out

  func fanoutSection(_ result: FanoutResult, machine: String) -> String {
    let rows = result.runs.map { run in
      [
        "\(run.subscribers)",
        "\(run.events), \(run.intervalMilliseconds)"
          + (run.jitterMilliseconds.map { $0 > 0 ? " ± \($0)" : "" } ?? "") + " ms apart",
        "\(run.deliveries) / \(run.expectedDeliveries)", ms(run.latency.p50), ms(run.latency.p99),
        ms(run.latency.max), ms(run.latency.mean), ms(run.appendLatency.p50),
      ]
    }
    return """
      ## Fan-out (live events)

      \(dated(result.info, machine: machine))In-process: the app from HearthApplication on a
      temporary SQLite file, served on a loopback port; one account; N Server-Sent Events streams
      open on GET /api/events with its bearer token (AsyncHTTPClient, streaming). Events for
      that account are appended with `env.database.appendEvent`; each delivery is timed from
      just before the append to the arrival of its `data:` line at one subscriber. The
      one-subscriber run is the comparison for the fan-out cost.

      \(table(
        ["Subscribers", "Events", "Delivered", "p50", "p99", "max", "mean", "Append p50"], rows))

      Streams learn of new events from EventHub, which reads new events once for every stream
      of the process, on a timer on SQLite (its `interval`, 10 ms when this was written) and at
      each NOTIFY on PostgreSQL, so on SQLite a delivery waits up to one poll interval. The gaps
      between appends vary uniformly around their mean, so that they do not meet the timer at a
      fixed phase.


      """
  }

  // MARK: - Formatting

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

extension JobsResult {
  /// The run at full load with JobWorker's defaults.
  func defaultRun(_ store: String) -> JobsRun? {
    runs.first { $0.store == store && $0.concurrency == nil && $0.pacedIntervalMilliseconds == nil }
  }

  func pacedRun(_ store: String) -> JobsRun? {
    runs.first { $0.store == store && $0.pacedIntervalMilliseconds != nil }
  }
}
