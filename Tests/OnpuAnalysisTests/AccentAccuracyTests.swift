import OnpuAnalysis
import OnpuCore
import TestSupport
import Testing

/// Every tenth word of kanjium's accent dictionary (BENCHMARKS.md has the whole list): the
/// analyzer's accent phrases must do at least as well as reading UniDic's aType directly, and
/// both better than guessing heiban.
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
    #expect(Double(tally.readings) / Double(tally.words) > 0.8)
    #expect(tally.analyzer >= tally.direct)
    #expect(tally.direct > tally.heibanOnMatchedReadings)
    #expect(tally.disagreements.values.reduce(0, +) == tally.words - tally.analyzer)
  }
}
