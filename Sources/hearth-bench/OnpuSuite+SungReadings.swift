import Foundation
import OnpuAnalysis
import OnpuCore

/// The share of words the analyzer reads as sung on the sung-readings lyric test set
/// (Tests/Fixtures/onpu-sung-readings), lines written by hand with each word's sung reading.
struct OnpuSungReadings: Codable, Sendable {
  var lines: Int
  var words: Int
  var right: Int
  var share: Double
  /// The annotations read otherwise: "base reading read analysed in line".
  var misses: [String]

  static let fixture = "Tests/Fixtures/onpu-sung-readings/lines.txt"

  static func measure(analyzer: LyricsAnalyzer) throws -> OnpuSungReadings {
    guard
      let file = OnpuResources.searchRoots().map({ $0.appendingPathComponent(fixture) })
        .first(where: { FileManager.default.fileExists(atPath: $0.path) })
    else { throw BenchError("\(fixture) not found above the working directory") }
    let set = SungReadingSet(parsing: try String(contentsOf: file, encoding: .utf8))
    let scores = set.lines.flatMap {
      SungReadingSet.score($0, words: analyzer.analyze(line: $0.text).words)
    }
    let right = scores.filter(\.isRight).count
    note("onpu: sung readings \(right) of \(scores.count) words over \(set.lines.count) lines")
    return OnpuSungReadings(
      lines: set.lines.count, words: scores.count, right: right,
      share: scores.isEmpty ? 0 : Double(right) / Double(scores.count),
      misses: scores.filter { !$0.isRight }.map {
        "\($0.annotation.base) \($0.annotation.reading) read \($0.analysed ?? "(split)") in \($0.line)"
      })
  }
}
