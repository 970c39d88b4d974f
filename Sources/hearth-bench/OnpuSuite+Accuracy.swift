import Foundation
import OnpuAnalysis
import OnpuCore

extension OnpuSuite {
  /// Every kanjium entry alone through the analyzer's tokens, other valid readings told apart
  /// from wrong ones by kanjium's other entries, EDICT and UniDic.
  /// With `missesPath`, every word whose accent is not exact is written there as a line of
  /// word, kanjium's reading, the analyzer's reading and the class, to study the misses.
  static func accuracy(
    entries: [AccentAccuracy.Entry], analyzer: LyricsAnalyzer, missesPath: String?
  ) throws -> Accuracy {
    let words = try WordDictionaryLoader.shared(configured: nil).wait().get()
    let equivalence = ReadingEquivalence(
      kanjium: entries, words: words,
      unidic: { [tagger = analyzer.tagger] in tagger.entries(of: $0) })
    var tally = AccentAccuracy()
    var misses = ""
    for entry in entries {
      let (reading, disagreement) = tally.add(entry, analyzer: analyzer, readings: equivalence)
      if missesPath != nil, let disagreement {
        misses += "\(entry.word)\t\(entry.reading)\t\(reading)\t\(disagreement)\n"
      }
    }
    if let missesPath { try Data(misses.utf8).write(to: URL(fileURLWithPath: missesPath)) }
    return Accuracy(
      words: tally.words, readings: tally.readings, analyzer: tally.analyzer,
      direct: tally.direct, heiban: tally.heiban,
      heibanOnMatchedReadings: tally.heibanOnMatchedReadings,
      disagreements: Dictionary(
        uniqueKeysWithValues: tally.disagreements.map { ($0.key.rawValue, $0.value) }),
      equivalents: Dictionary(
        uniqueKeysWithValues: tally.equivalents.map { ($0.key.rawValue, $0.value) }),
      equivalentComparable: tally.equivalentComparable,
      equivalentAccents: tally.equivalentAccents)
  }
}
