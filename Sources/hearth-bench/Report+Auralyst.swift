import Foundation

extension ReportWriter {
  func auralystGoals(_ result: AuralystSuite.Result) -> [[String]] {
    guard let all = result.insights["all"] else { return [] }
    return [
      [
        "Auralyst: insights over five years (\(rate(Double(result.entries))) entries, "
          + "\(rate(Double(result.intakes))) intakes) under 50 ms",
        ms(all.p50) + " (p50 of \(all.count))", all.p50 < 50 ? "met" : "not met",
      ]
    ]
  }

  func auralystSection(_ result: AuralystSuite.Result, machine: String) -> String {
    let windows = ["7d", "30d", "90d", "all"].compactMap { window in
      result.insights[window].map { timing in
        [
          window == "all" ? "The whole journal (\(result.days) days)" : "Last \(window)",
          ms(timing.p50), ms(timing.p99), ms(timing.max),
        ]
      }
    }
    let loads = [
      [
        "Every row (\(rate(Double(result.entries + result.intakes))) entries and intakes, "
          + "\(result.medications) medications), decoded",
        ms(result.loadAll.p50), ms(result.loadAll.p99), ms(result.loadAll.max),
      ],
      [
        "The last 92 days' rows (what a 90-day window loads), decoded",
        ms(result.loadQuarter.p50), ms(result.loadQuarter.p99), ms(result.loadQuarter.max),
      ],
    ]
    return """
      ## Auralyst

      \(dated(result.info, machine: machine))In-process, release build, on a generated \
      journal of \(result.days) days in America/New_York: \(rate(Double(result.entries))) \
      symptom entries, \(rate(Double(result.intakes))) intakes of \(result.medications) \
      medications (four scheduled, eight doses a day; three as needed). Insights are every \
      block and cue of the insights page (daily averages, heatmap, medication effect, \
      adherence with dose matching, menstruation, symptoms, as-needed use), computed with all \
      five years' rows in memory.

      \(table(["Insights over", "p50", "p99", "max"], windows))

      Beside it, loading the rows from the same journal's SQLite file (WAL, one connection):

      \(table(["Load from SQLite", "p50", "p99", "max"], loads))


      """ + auralystBaseline(result)
  }
}
