import OnpuAnalysis
import OnpuCore
import Testing

/// A reading kanjium's entry lacks is another valid one only when a dictionary gives the same
/// written word that reading; Latin letters left unread only when every read part agrees.
@Suite struct ReadingEquivalenceTests {
  static func entry(_ word: String, _ reading: String, _ nuclei: [Int]) -> AccentAccuracy.Entry {
    AccentAccuracy.entries(
      kanjium: "\(word)\t\(reading)\t\(nuclei.map(String.init).joined(separator: ","))")[0]
  }

  @Test func kanjiumsOwnOtherEntryComesFirstAndGivesTheAccent() throws {
    let equivalence = ReadingEquivalence(
      kanjium: [Self.entry("日本語", "にほんご", [0]), Self.entry("日本語", "にっぽんご", [0])],
      words: try WordDictionaryTests.dictionary(), unidic: nil)
    #expect(equivalence.source(word: "日本語", reading: "にほんご", expected: "にっぽんご") == .kanjium)
    #expect(equivalence.kanjiumNuclei(word: "日本語", reading: "にほんご") == [0])
  }

  @Test func edictGivesTheWordTheReading() throws {
    let equivalence = ReadingEquivalence(
      kanjium: [Self.entry("日本", "にっぽん", [3])], words: try WordDictionaryTests.dictionary(),
      unidic: nil)
    #expect(equivalence.source(word: "日本", reading: "にほん", expected: "にっぽん") == .edict)
    #expect(equivalence.kanjiumNuclei(word: "日本", reading: "にほん") == nil)
    // EDICT has no such reading of 日本: wrong, not equivalent.
    #expect(equivalence.source(word: "日本", reading: "にちほん", expected: "にっぽん") == nil)
  }

  @Test func uniDicCountsOnlyWhenItListsBothReadings() throws {
    let analyzer = try SharedAnalyzer.get()
    let equivalence = ReadingEquivalence(
      kanjium: [], words: nil, unidic: { [tagger = analyzer.tagger] in tagger.entries(of: $0) })
    #expect(equivalence.source(word: "明日", reading: "あした", expected: "あす") == .unidic)
    // UniDic's own reading does not vouch for itself against one it lacks.
    #expect(equivalence.source(word: "明日", reading: "あした", expected: "あしたぁ") == nil)
  }

  @Test func latinLettersLeftUnreadWhereEveryReadPartAgrees() {
    let words = [LyricsWord(surface: "Ａ", reading: ""), LyricsWord(surface: "４判", reading: "よんばん")]
    #expect(UnreadLatin.matches(words, reading: "えーよんばん"))
    #expect(!UnreadLatin.matches(words, reading: "えーよんぱん"))
    let dotted = [
      LyricsWord(surface: "Ａ", reading: ""), LyricsWord(surface: "．", reading: ""),
      LyricsWord(surface: "Ｄ", reading: ""),
    ]
    #expect(UnreadLatin.matches(dotted, reading: "えーでぃー"))
    // An unknown kanji or a bare number left unread is not by design.
    #expect(!UnreadLatin.matches([LyricsWord(surface: "鬱", reading: "")], reading: "うつ"))
    #expect(!UnreadLatin.matches([LyricsWord(surface: "１０", reading: "")], reading: "じゅう"))
    #expect(UnreadLatin.isUnreadByDesign("mp3") && UnreadLatin.isUnreadByDesign("・"))
    // Nothing unread: a reading that differs is not this class.
    #expect(!UnreadLatin.matches([LyricsWord(surface: "星", reading: "せい")], reading: "ほし"))
  }
}
