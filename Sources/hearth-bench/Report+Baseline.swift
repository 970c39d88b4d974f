import Foundation

/// This build beside an earlier commit, when scripts/bench-baseline measured the same suites
/// on it in the same session.
extension ReportWriter {
  /// A result measured on an earlier commit by scripts/bench-baseline, with that commit.
  func baseline<T: Decodable>(_ name: String, as type: T.Type) -> (String, T)? {
    let folder = directory + "/baseline"
    guard
      let commit = try? String(contentsOfFile: folder + "/commit", encoding: .utf8)
        .trimmingCharacters(in: .whitespacesAndNewlines),
      let result = try? ReportWriter(directory: folder).load(name, as: type)
    else { return nil }
    return (commit, result)
  }

  /// The relative change from `old` to `new`, signed.
  func change(from old: Double, to new: Double) -> String {
    guard old > 0 else { return "n/a" }
    return String(format: "%+.1f %%", (new - old) / old * 100)
  }

  func besideBaseline(_ commit: String, _ info: RunInfo) -> String {
    "Beside the same suite on commit \(commit), measured in the same session (\(info.date)):"
  }

  /// Each flat-out jobs run beside the same run on the baseline commit.
  func jobsBaseline(_ result: JobsResult) -> String? {
    guard let (commit, before) = baseline("jobs.json", as: JobsResult.self) else { return nil }
    let compared = result.runs.compactMap { run -> [String]? in
      guard run.pacedIntervalMilliseconds == nil,
        let old = before.runs.first(where: { $0.store == run.store && $0.label == run.label })
      else { return nil }
      return [
        run.store == "postgresql" ? "PostgreSQL" : "SQLite", run.label,
        rate(old.jobsPerSecond), rate(run.jobsPerSecond),
        change(from: old.jobsPerSecond, to: run.jobsPerSecond),
      ]
    }
    return besideBaseline(commit, before.info) + "\n\n"
      + table(
        ["Store", "Worker", "Commit \(commit) jobs/s", "This build jobs/s", "Change"], compared)
  }

  /// Auralyst's medians beside the baseline commit's.
  func auralystBaseline(_ result: AuralystSuite.Result) -> String {
    guard let (commit, before) = baseline("auralyst.json", as: AuralystSuite.Result.self)
    else { return "" }
    let rows: [(String, Distribution?, Distribution?)] = [
      ("Insights, the whole journal", before.insights["all"], result.insights["all"]),
      ("Insights, last 90d", before.insights["90d"], result.insights["90d"]),
      ("Every row from SQLite, decoded", before.loadAll, result.loadAll),
      ("The last 92 days' rows, decoded", before.loadQuarter, result.loadQuarter),
    ]
    let compared = rows.compactMap { name, old, new -> [String]? in
      guard let old, let new else { return nil }
      return [name, ms(old.p50), ms(new.p50), change(from: old.p50, to: new.p50)]
    }
    return besideBaseline(commit, before.info) + "\n\n"
      + table(["p50", "Commit \(commit)", "This build", "Change"], compared) + "\n\n"
  }
}
