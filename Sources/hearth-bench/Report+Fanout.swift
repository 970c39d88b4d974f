import Foundation

extension ReportWriter {
  func fanoutGoals(_ result: FanoutResult) -> [[String]] {
    var rows: [[String]] = []
    func delivered(_ run: FanoutRun) -> String {
      run.deliveries == run.expectedDeliveries
        ? "" : " (\(run.deliveries)/\(run.expectedDeliveries) delivered)"
    }
    let inProcess = result.runs.filter { $0.server == nil }
    if let run = inProcess.max(by: { $0.subscribers < $1.subscribers }) {
      rows.append([
        "Fan-out p99 under 50 ms (\(run.subscribers) subscribers)",
        ms(run.latency.p99) + delivered(run),
        verdict(run.latency.p99 < 50 && run.deliveries == run.expectedDeliveries),
      ])
    }
    if let run = result.runs.first(where: { $0.server != nil }) {
      rows.append([
        "Live events: every event delivered, delivery p99 under 250 ms, with \(rate(Double(run.subscribers))) streams on one `hearth serve`",
        ms(run.latency.p99) + delivered(run),
        verdict(run.latency.p99 < 250 && run.deliveries == run.expectedDeliveries),
      ])
      if let perStream = run.kibPerStream {
        rows.append([
          "Live events: under 25 KiB of `hearth serve` memory per open stream",
          String(format: "%.1f KiB", perStream), verdict(perStream < 25),
        ])
      }
    }
    return rows
  }

  func fanoutSection(_ result: FanoutResult, machine: String) -> String {
    let rows = result.runs.map { run in
      [
        run.server ?? "in-process", rate(Double(run.subscribers)),
        "\(run.events), \(run.intervalMilliseconds)"
          + (run.jitterMilliseconds.map { $0 > 0 ? " ± \($0)" : "" } ?? "") + " ms apart",
        "\(run.deliveries) / \(run.expectedDeliveries)", ms(run.latency.p50), ms(run.latency.p99),
        ms(run.latency.max), ms(run.latency.mean), ms(run.appendLatency.p50),
      ]
    }
    var text = """
      ## Fan-out (live events)

      \(dated(result.info, machine: machine))In-process: the app from HearthApplication on a
      temporary SQLite file, served on a loopback port; one account; N Server-Sent Events streams
      open on GET /api/events with its bearer token, each a bare NIO connection whose lines are
      read and timed on its event loop, so that the bench takes as little as it can of the CPU it
      shares with the server (figures before 2026-11-30 were read with AsyncHTTPClient, which
      took more). Events for
      that account are appended with `env.database.appendEvent`; each delivery is timed from
      just before the append to the arrival of its `data:` line at one subscriber. The
      one-subscriber run is the comparison for the fan-out cost. The `hearth serve` row is the
      run at scale: a separate release `hearth serve` on its own SQLite file (the bench raises
      its open-file limit, and lets one account hold that many streams), the streams opened
      500 at a time, and the events appended to its database by the bench process, where its
      event hub reads them as it reads any other process's writes. Every stream stays open
      until all of them have every event (before 2026-11-30 a stream closed once it had the
      last one, and those closings slowed the last event's deliveries to the others).

      \(table(
        ["Server", "Streams", "Events", "Delivered", "p50", "p99", "max", "mean", "Append p50"],
        rows))

      Streams learn of new events from EventHub, which reads new events once for every stream
      of the process, on a timer on SQLite (its `interval`, 10 ms when this was written) and at
      each NOTIFY on PostgreSQL, so on SQLite a delivery waits up to one poll interval. It keeps
      each event's SSE frame beside it, encoded once for every stream, and writes it to each
      stream's connection itself, from that connection's event loop, while the stream's task
      sleeps; one timer hands back the streams whose keep-alive is due. The gaps
      between appends vary uniformly around their mean, so that they do not meet the timer at a
      fixed phase.
      """
    for run in result.runs where run.server != nil {
      guard let before = run.residentBeforeKiB, let open = run.residentOpenKiB else { continue }
      text += "\n\nResident memory of `hearth serve` (VmRSS): \(mib(before)) before the streams, "
      text += "\(mib(open)) with \(rate(Double(run.subscribers))) streams open"
      text += run.residentAfterKiB.map { ", \(mib($0)) after the events were delivered" } ?? ""
      text += String(format: "; %.1f KiB per stream.", run.kibPerStream ?? .nan)
    }
    return text + "\n\n\n"
  }
}

extension FanoutRun {
  /// What each open stream added to the separate server's resident memory.
  var kibPerStream: Double? {
    guard let before = residentBeforeKiB, let open = residentOpenKiB, subscribers > 0 else {
      return nil
    }
    return Double(open - before) / Double(subscribers)
  }
}
