import Foundation
import HearthSQL

extension ReportWriter {
  func jobsGoals(_ result: JobsResult) -> [[String]] {
    var rows: [[String]] = []
    func store(_ name: String) -> String { name == "postgresql" ? "PostgreSQL" : "SQLite" }
    for name in ["postgresql", "sqlite"] {
      guard let single = result.defaultRun(name) else { continue }
      let bound = max(100, single.jobs / 100)
      rows.append([
        "Jobs, \(store(name)): single enqueues from \(single.producers) producers drained as fast "
          + "as they come (backlog at the last enqueue within \(bound))",
        "\(rate(single.enqueuesPerSecond)) enqueues/s, \(rate(single.jobsPerSecond)) jobs/s, "
          + "backlog \(single.backlogAtLastEnqueue ?? 0)",
        verdict((single.backlogAtLastEnqueue ?? .max) <= bound),
      ])
      rows.append([
        "Jobs, \(store(name)): enqueue-to-start p50 under 20 ms at full load",
        ms(single.startLatency.p50), verdict(single.startLatency.p50 < 20),
      ])
      if let run = result.pacedRun(name), let interval = run.pacedIntervalMilliseconds {
        rows.append([
          "Jobs, \(store(name)): enqueue-to-start p50 under 5 ms (paced: 1 job every \(interval) ms)",
          ms(run.startLatency.p50), verdict(run.startLatency.p50 < 5),
        ])
      }
      if let batched = result.batchedRun(name) {
        let goal: Double = name == "postgresql" ? 5000 : 10000
        rows.append([
          "Jobs, \(store(name)): \(rate(goal)) no-op jobs/s or more with enqueueMany and batched claims",
          "\(rate(batched.jobsPerSecond)) jobs/s", verdict(batched.jobsPerSecond >= goal),
        ])
      }
    }
    for (run, ceiling, kind, goal) in [
      (result.defaultRun("postgresql"), result.pgbench, "single enqueues", 0.8),
      (result.batchedRun("postgresql"), result.pgbenchBatched, "enqueueMany", 0.5),
    ] {
      guard let run, let ceiling else { continue }
      let share = run.jobsPerSecond / ceiling.jobsPerSecond
      rows.append([
        "Jobs, PostgreSQL (\(kind)): \(goal)x or more of the pgbench ceiling with the same SQL",
        String(
          format: "%@ of pgbench's %@ jobs/s: %.2fx", rate(run.jobsPerSecond),
          rate(ceiling.jobsPerSecond), share),
        verdict(share >= goal),
      ])
    }
    return rows
  }

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
    for ceiling in [result.pgbench, result.pgbenchBatched].compactMap({ $0 }) {
      let batch = ceiling.jobsPerTransaction ?? 1
      rows.append([
        "PostgreSQL",
        "pgbench ceiling: \(ceiling.clients) clients, same SQL, \(batch) "
          + (batch == 1 ? "job" : "jobs") + " per transaction",
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
        call `enqueue` in a loop (one transaction per job), or `enqueueMany` where the row says \
        so, while the worker claims jobs in batches (as many as it has free slots and, once its \
        handlers are known to take under 250 ms on average, more held ahead while the queue is \
        backed up: as many as its slots finish in 250 ms at their pace, up to 500; \
        the row with no claim ahead is the worker as it was before), runs a no-op handler and \
        records completions in batches. Jobs/s runs from the first enqueue \
        to the last completion; enqueues/s from the first enqueue to the last one returning. \
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
    if let ceiling = result.pgbench ?? result.pgbenchBatched {
      paragraphs.append(
        """
        The ceilings: `pgbench -n -M \(ceiling.protocolMode) -c \(ceiling.clients) \
        -j \(ceiling.threads)` on the same database (schema reset first), each for as long as \
        the Hearth run it compares with took, with a script holding the store's own statements \
        from JobStore+SQL.swift: the enqueue INSERT with its NOTIFY, the claim (one \
        statement: the dead-letter UPDATE and the `FOR UPDATE SKIP LOCKED` claim UPDATE) and \
        the batched complete UPDATE, each its own transaction, for one job per pgbench \
        transaction, or a batch of jobs as `enqueueMany` writes them. Jobs/s counts the jobs \
        that ended `succeeded` (a claim that finds every queued row locked by another client \
        completes nothing). Each client enqueues before it claims, so its queue stays nearly \
        empty.
        """)
      for run in [result.pgbench, result.pgbenchBatched].compactMap({ $0 }) {
        paragraphs.append(
          "pgbench with \(run.jobsPerTransaction ?? 1) per transaction: "
            + String(format: "%.0f", run.tps)
            + " tps over \(run.transactions) transactions (\(run.failedTransactions) failed, "
            + "average latency \(ms(run.latencyAverageMilliseconds))), \(run.jobsSucceeded) jobs "
            + "succeeded.")
      }
    } else if let error = result.pgbenchError {
      paragraphs.append("The pgbench ceiling failed: \(error.prefix(300))")
    }
    if let compared = jobsBaseline(result) { paragraphs.append(compared) }
    return paragraphs.joined(separator: "\n\n") + "\n\n"
  }
}

extension JobsResult {
  /// The run at full load with JobWorker's defaults and single enqueues.
  func defaultRun(_ store: String) -> JobsRun? {
    runs.first {
      $0.store == store && $0.concurrency == nil && $0.pacedIntervalMilliseconds == nil
        && $0.enqueueBatch == nil
    }
  }

  /// The run with `enqueueMany` and JobWorker's defaults.
  func batchedRun(_ store: String) -> JobsRun? {
    runs.first { $0.store == store && $0.enqueueBatch != nil && $0.concurrency == nil }
  }

  func pacedRun(_ store: String) -> JobsRun? {
    runs.first { $0.store == store && $0.pacedIntervalMilliseconds != nil }
  }
}
