import Foundation

extension ReportWriter {
  /// The analyzer's p50 over the `mecab` command's, on the same lines.
  func onpuSpeedRatio(_ throughput: OnpuSuite.Throughput) -> Double {
    throughput.analyzer.p50 / throughput.mecabCommand.p50
  }

  func onpuSpeedGoal(_ throughput: OnpuSuite.Throughput) -> [String] {
    let ratio = onpuSpeedRatio(throughput)
    var measured = String(format: "%.2fx", ratio)
    if let without = throughput.withoutWords {
      measured += String(
        format: " (%.2fx without JMdict's readings of cut compounds)",
        without.p50 / throughput.mecabCommand.p50)
    }
    return [
      "Onpu: the analyzer within 2x of the `mecab` command on the same lines", measured,
      ratio <= 2 ? "met" : "not met",
    ]
  }

  func onpuSpeedRatioRow(_ throughput: OnpuSuite.Throughput) -> [String] {
    [
      "The analyzer's time over the `mecab` command's",
      String(format: "%.2fx", onpuSpeedRatio(throughput)), "-",
    ]
  }

  /// The analyzer without JMdict's readings of the compounds MeCab cuts, and its ratio: what
  /// that step costs. Empty for results from before it was timed.
  func onpuWithoutWordsRows(_ throughput: OnpuSuite.Throughput) -> [[String]] {
    guard let without = throughput.withoutWords else { return [] }
    return [
      [
        "The analyzer without JMdict's readings of the compounds MeCab cuts", ms(without.p50),
        rate(Double(throughput.lines) / (without.p50 / 1000)),
      ],
      [
        "Its time over the `mecab` command's",
        String(format: "%.2fx", without.p50 / throughput.mecabCommand.p50), "-",
      ],
    ]
  }
}
