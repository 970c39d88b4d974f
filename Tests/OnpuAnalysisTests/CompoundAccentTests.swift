import OnpuAnalysis
import OnpuCore
import Testing

/// Accent phrases the aConType rules leave apart: a compound verb, and a noun after a nominal
/// suffix, each one phrase with the nucleus a Tokyo speaker gives it.
@Suite struct CompoundAccentTests {
  func phrases(_ text: String) throws -> [(reading: String, nucleus: Int?)] {
    let analyzer = try SharedAnalyzer.get()
    let builder = LyricsLineBuilder(aligner: analyzer.dictionary.readingAligner)
    return builder.phrases(analyzer.tagger.parse(text)).map { phrase in
      (phrase.words.map(\.reading).joined(), phrase.nucleus)
    }
  }

  @Test func aCompoundVerbIsAccentedOnItsSecondToLastMora() throws {
    let done = try phrases("叩きなおす")
    #expect(done.count == 1 && done[0].reading == "たたきなおす" && done[0].nucleus == 5)
    // Inflected, the nucleus stays where the dictionary form has it: やりぬ'いた.
    let past = try phrases("遣り抜いた")
    #expect(past.count == 1 && past[0].reading == "やりぬいた" && past[0].nucleus == 3)
  }

  @Test func aNounAfterANominalSuffixCompounds() throws {
    let rate = try phrases("保険料率")
    #expect(rate.count == 1 && rate[0].reading == "ほけんりょうりつ")
  }
}
