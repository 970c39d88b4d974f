import OnpuCore
import Testing

@Suite struct SungReadingSetParsingTests {
  static func word(_ surface: String, _ reading: String, _ kanji: [(String, String)] = [])
    -> LyricsWord
  {
    LyricsWord(
      surface: surface, reading: reading,
      kanjiReadings: kanji.map { LyricsWord.KanjiReading(kanji: $0.0, reading: $0.1) },
      morae: Mora.split(reading).map { LyricsWord.MoraPitch(text: $0, isHigh: false) })
  }

  @Test func annotationsAreReadOutOfTheLine() throws {
    let set = SungReadingSet(parsing: "# a comment\n{私|わたし}の{心|こころ}\n\n{love|} {君|きみ}\n")
    #expect(set.lines.map(\.text) == ["私の心", "love 君"])
    let first = try #require(set.lines.first)
    #expect(first.annotations.map(\.reading) == ["わたし", "こころ"])
    #expect(first.annotations.map(\.range) == [0..<1, 2..<3])
    #expect(set.lines[1].annotations.map(\.reading) == ["", "きみ"])
  }

  @Test func wordsInsideAnAnnotationAreReadWhole() throws {
    let line = try #require(SungReadingSet(parsing: "{一人旅|ひとりたび}へ").lines.first)
    let words = [Self.word("一人", "ひとり"), Self.word("旅", "たび", [("旅", "たび")]), Self.word("へ", "え")]
    let scores = SungReadingSet.score(line, words: words)
    #expect(scores.map(\.isRight) == [true] && scores[0].analysed == "ひとりたび")
  }

  @Test func aWordCrossingTheEdgeCountsByItsKanjiReadings() throws {
    let line = try #require(SungReadingSet(parsing: "{思|おも}って").lines.first)
    let aligned = [Self.word("思っ", "おもっ", [("思", "おも")]), Self.word("て", "て")]
    #expect(SungReadingSet.score(line, words: aligned).map(\.isRight) == [true])
    let unaligned = [Self.word("思っ", "おもっ"), Self.word("て", "て")]
    let score = try #require(SungReadingSet.score(line, words: unaligned).first)
    #expect(!score.isRight && score.analysed == nil)
  }

  @Test func aWrongReadingIsWrong() throws {
    let line = try #require(SungReadingSet(parsing: "{私|わたし}は").lines.first)
    let words = [Self.word("私", "わたくし", [("私", "わたくし")]), Self.word("は", "わ")]
    let score = try #require(SungReadingSet.score(line, words: words).first)
    #expect(!score.isRight && score.analysed == "わたくし")
  }

  @Test func aLatinWordMustHaveNoReadingAndNoMorae() throws {
    let line = try #require(SungReadingSet(parsing: "{love|} {you|}").lines.first)
    let english = [Self.word("love", ""), Self.word("you", "")]
    #expect(SungReadingSet.score(line, words: english).map(\.isRight) == [true, true])
    let read = [Self.word("love", "らぶ"), Self.word("you", "")]
    #expect(SungReadingSet.score(line, words: read).map(\.isRight) == [false, true])
  }
}
