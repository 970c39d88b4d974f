import OnpuAnalysis
import OnpuCore

extension OnpuSuite {
  /// Every kanjium entry alone through the analyzer's tokens, other valid readings told apart
  /// from wrong ones by kanjium's other entries, EDICT and UniDic.
  static func accuracy(entries: [AccentAccuracy.Entry], analyzer: LyricsAnalyzer) throws
    -> Accuracy
  {
    let words = try OnpuResources.loadWordDictionary(
      from: OnpuResources.edictFile(configured: nil))
    let equivalence = ReadingEquivalence(
      kanjium: entries, words: words,
      unidic: { [tagger = analyzer.tagger] in tagger.entries(of: $0) })
    var tally = AccentAccuracy()
    for entry in entries {
      tally.add(entry, analyzer: analyzer, readings: equivalence)
    }
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
