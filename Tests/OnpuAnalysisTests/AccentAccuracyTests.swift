import OnpuAnalysis
import OnpuCore
import TestSupport
import Testing

/// Every tenth word of kanjium's accent dictionary (BENCHMARKS.md has the whole list): the
/// analyzer's accent phrases must do at least as well as reading UniDic's aType directly, both
/// better than guessing heiban, and no worse than today.
@Suite struct AccentAccuracyTests {
  @Test func theAnalyzerBeatsADirectLookupAndTheHeibanGuess() throws {
    let analyzer = try SharedAnalyzer.get()
    let entries = AccentAccuracy.entries(
      kanjium: try ExternalData.text("ja-accent/kanjium/accents.txt"))
    #expect(entries.count > 124_000)
    var tally = AccentAccuracy()
    let builder = LyricsLineBuilder(aligner: analyzer.dictionary.readingAligner)
    for (index, entry) in entries.enumerated() where index % 10 == 0 {
      tally.add(entry, tagger: analyzer.tagger, builder: builder)
    }
    #expect(tally.words == (entries.count + 9) / 10)
    // Floors half a point under the figures measured on 2026-11-27 over these 12,401 words
    // (readings 10,297 = 83.0 %; accents 9,152 = 73.8 % of all words, 88.9 % of those read
    // right), so a regression fails here rather than in the next benchmark.
    let readings = Double(tally.readings) / Double(tally.words)
    let accents = Double(tally.analyzer) / Double(tally.words)
    let accentsWhereRead = Double(tally.analyzer) / Double(tally.readings)
    #expect(readings >= 0.825, "readings right: \(readings)")
    #expect(accents >= 0.733, "accents right: \(accents)")
    #expect(accentsWhereRead >= 0.883, "accents right where the reading is: \(accentsWhereRead)")
    #expect(tally.analyzer >= tally.direct)
    #expect(tally.direct > tally.heibanOnMatchedReadings)
    #expect(tally.disagreements.values.reduce(0, +) == tally.words - tally.analyzer)
  }
}
