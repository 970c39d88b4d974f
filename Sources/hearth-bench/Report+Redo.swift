import Foundation

extension ReportWriter {
  func redoGoals(_ result: RedoSuite.Result) -> [[String]] {
    var rows = [
      [
        "Redo: replay of \(rate(Double(result.tasks))) tasks (\(rate(Double(result.replayNodes))) nodes) under 100 ms",
        ms(result.replay.p50) + " (p50 of 25)", verdict(result.replay.p50 < 100),
      ]
    ]
    if let list = result.cliList, let add = result.cliAdd, let tasks = result.cliTasks {
      rows.append([
        "Redo: `redo list` on a \(rate(Double(tasks)))-task home under 50 ms",
        ms(list.p50) + " (p50)",
        verdict(list.p50 < 50),
      ])
      rows.append([
        "Redo: `redo add` on a \(rate(Double(tasks)))-task home under 50 ms",
        ms(add.p50) + " (p50)",
        verdict(add.p50 < 50),
      ])
    }
    return rows
  }

  func redoSection(_ result: RedoSuite.Result, machine: String) -> String {
    func perSecond(_ timing: RedoSuite.Timing) -> String { rate(timing.perSecond) + "/s" }
    var steps = [
      [
        "Parse (JSON text to checked node, no cryptography)", rate(Double(result.parse.items)),
        ms(result.parse.milliseconds), perSecond(result.parse),
      ],
      [
        "Verify (canonical body, SHA-256 id, Ed25519 signature)", rate(Double(result.verify.items)),
        ms(result.verify.milliseconds), perSecond(result.verify),
      ],
      [
        "Replay (validity, branches, state, all tasks)", rate(Double(result.replayNodes)),
        ms(result.replay.p50) + " p50, " + ms(result.replay.max) + " max",
        rate(Double(result.replayNodes) / result.replay.p50 * 1000) + "/s",
      ],
    ]
    if let nodes = result.forkedNodes, let replay = result.forkedReplay {
      steps.append([
        "Replay, every task forked on two devices and merged", rate(Double(nodes)),
        ms(replay.p50) + " p50, " + ms(replay.max) + " max",
        rate(Double(nodes) / replay.p50 * 1000) + "/s",
      ])
    }
    let verification = [
      [
        "NodeValidator.checkIntegrity (canonicalize, hash, verify)",
        rate(Double(result.verifyAll.items)), ms(result.verifyAll.milliseconds),
        perSecond(result.verifyAll),
      ],
      [
        "swift-crypto `isValidSignature` alone, same signatures",
        rate(Double(result.rawVerify.items)), ms(result.rawVerify.milliseconds),
        perSecond(result.rawVerify),
      ],
    ]
    let canonical = result.canonicalization.map { run in
      [
        run.implementation, rate(Double(run.documents)),
        String(format: "%.1f MB", Double(run.bytes) / 1e6),
        ms(run.parseAndCanonicalizeMilliseconds),
        String(
          format: "%.1f MB/s",
          Double(run.bytes) / 1e6 / (run.parseAndCanonicalizeMilliseconds / 1000)),
        ms(run.canonicalizeOnlyMilliseconds),
        String(
          format: "%.1f MB/s", Double(run.bytes) / 1e6 / (run.canonicalizeOnlyMilliseconds / 1000)),
      ]
    }
    var text = """
      ## Redo

      \(dated(result.info, machine: machine))In-process on a generated signed log:
      \(rate(Double(result.tasks))) weekly tasks of five nodes each (CREATE, CREATE_TODO, UPDATE,
      COMPLETE_TODO, CREATE_TODO), one Ed25519 key. Each step is timed on its own; parsing and
      verification run on one thread, replay shares the tasks out over every core. The forked
      log has as many tasks, nine nodes each: after CREATE and CREATE_TODO one device renames,
      completes and makes the next todo while another edits twice; a MERGE joins the branches
      and a SNOOZE follows it.

      \(table(["Step", "Nodes", "Time", "Rate"], steps))

      Signature verification on \(rate(Double(result.verifyAll.items))) signed nodes, beside
      swift-crypto's raw verify rate on the same (message, signature) pairs:

      \(table(["Verification", "Nodes", "Time", "Rate"], verification))

      RFC 8785 canonicalization of the log's node texts, beside Python's `rfc8785` package on the
      same documents in the same run (both checked to give the same bytes):

      \(table(["Implementation", "Documents", "Size", "Parse + canonicalize", "Throughput", "Canonicalize only", "Throughput"], canonical))


      """
    if let list = result.cliList, let add = result.cliAdd, let tasks = result.cliTasks {
      text += """
        The release `redo` executable (`make redo`) on a home holding \(rate(Double(tasks)))
        tasks (imported from the same log\(result.cliImportMilliseconds.map { ", which took " + ms($0) } ?? "")),
        wall time per run including process start, \(list.count) runs each:

        \(table(["Command", "p50", "max", "mean"], [
          ["`redo list --all`", ms(list.p50), ms(list.max), ms(list.mean)],
          ["`redo add TITLE --priority 3`", ms(add.p50), ms(add.max), ms(add.mean)],
        ]))


        """
    }
    return text
  }
}
