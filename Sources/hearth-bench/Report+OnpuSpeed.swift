import Foundation

extension ReportWriter {
  /// The analyzer's p50 over the `mecab` command's, on the same lines.
  func onpuSpeedRatio(_ throughput: OnpuSuite.Throughput) -> Double {
    throughput.analyzer.p50 / throughput.mecabCommand.p50
  }

  func onpuSpeedGoal(_ throughput: OnpuSuite.Throughput) -> [String] {
    let ratio = onpuSpeedRatio(throughput)
    return [
      "Onpu: the analyzer within 2x of the `mecab` command on the same lines",
      String(format: "%.2fx", ratio), ratio <= 2 ? "met" : "not met",
    ]
  }

  func onpuSpeedRatioRow(_ throughput: OnpuSuite.Throughput) -> [String] {
    [
      "The analyzer's time over the `mecab` command's",
      String(format: "%.2fx", onpuSpeedRatio(throughput)), "-",
    ]
  }
}
