import Foundation
import Testing

@testable import OnpuCore

/// What the Onpu app puts over each ideograph adds up to the word's reading (issue 38).
@Suite struct IdeographRubyTests {
  static func word(_ surface: String, _ reading: String, _ split: [(String, String)]) -> LyricsWord
  {
    LyricsWord(
      surface: surface, reading: reading,
      kanjiReadings: split.map { LyricsWord.KanjiReading(kanji: $0.0, reading: $0.1) })
  }

  @Test(arguments: [
    ("人々", "ひとびと", [("人", "ひと"), ("々", "びと")], ["ひとびと"]),
    ("佐々木", "ささき", [("佐", "さ"), ("々", "さ"), ("木", "き")], ["ささ", "き"]),
    ("代々木", "よよぎ", [("代", "よ"), ("々", "よ"), ("木", "ぎ")], ["よよ", "ぎ"]),
    (
      "時々刻々", "じじこっこく", [("時", "じ"), ("々", "じ"), ("刻", "こっ"), ("々", "こく")],
      ["じじ", "こっこく"]
    ),
    ("食べ", "たべ", [("食", "た")], ["た"]),
  ])
  func iterationMarksFoldIntoTheIdeographBefore(
    surface: String, reading: String, split: [(String, String)], expected: [String]
  ) {
    let word = Self.word(surface, reading, split)
    #expect(IdeographRuby.readings(of: word) == expected)
    #expect(IdeographRuby.addsUp(surface: surface, reading: reading, expected))
  }

  @Test func readingsThatDoNotAddUpAreLeftOut() {
    #expect(IdeographRuby.readings(of: Self.word("雨雲", "あまぐも", [("雨", "あま"), ("雲", "ぐ")])) == nil)
    #expect(IdeographRuby.readings(of: Self.word("々", "びと", [("々", "びと")])) == nil)
    #expect(IdeographRuby.readings(of: Self.word("今日", "きょう", [])) == nil)
    #expect(!IdeographRuby.addsUp(surface: "我ゝ", reading: "われわれ", ["われ"]))
  }

  @Test func theCompactFormCarriesOneReadingPerIdeograph() throws {
    let line = LyricsLine(words: [
      Self.word("人々", "ひとびと", [("人", "ひと"), ("々", "びと")])
    ])
    var known = line
    known.words[0].morae = Mora.pitches("ひとびと")
    let text = CompactLyrics.encode(known)
    #expect(text == "人々|ひとびと|0000|ひとびと")
    #expect(
      try CompactLyrics.parse(text).words[0].kanjiReadings == [.init(kanji: "人", reading: "ひとびと")])
  }
}
