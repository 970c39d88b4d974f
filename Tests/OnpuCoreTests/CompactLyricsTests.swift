import Foundation
import Testing

@testable import OnpuCore

@Suite struct CompactLyricsTests {
  @Test func aLineParsesIntoWordsWithMoraeAndKanjiReadings() throws {
    let line = try CompactLyrics.parse("夕焼け|ゆうやけ|0111|ゆう,や_小焼け|こやけ|011_Hello||_、||")
    #expect(line.words.count == 4)
    let evening = line.words[0]
    #expect(evening.kanji == "夕焼け" && evening.reading == "ゆうやけ")
    #expect(
      evening.kanjiReadings == [.init(kanji: "夕", reading: "ゆう"), .init(kanji: "焼", reading: "や")])
    #expect(evening.morae.map(\.text) == ["ゆ", "う", "や", "け"])
    #expect(evening.morae.map(\.isHigh) == [false, true, true, true])
    #expect(line.words[2].kanji == nil && line.words[2].morae.isEmpty)
    #expect(line.words[3].surface == "、")
  }

  @Test func katakanaReadingsAreKeptAsHiragana() throws {
    let line = try CompactLyrics.parse("ショー|ショー|10")
    #expect(line.words[0].reading == "しょー")
    #expect(line.words[0].morae.map(\.text) == ["しょ", "ー"])
    #expect(line.words[0].morae.map(\.isHigh) == [true, false])
  }

  @Test func encodingGivesTheSameLineBack() throws {
    let text = "夕焼け|ゆうやけ|0111|ゆう,や_小焼け|こやけ|011_Hello||"
    #expect(CompactLyrics.encode(try CompactLyrics.parse(text)) == text)
    #expect(try CompactLyrics.parse("") == LyricsLine(words: []))
  }

  /// Lyrics holding the separators still give lines that parse: they are written full-width.
  @Test func separatorsInTheLyricsAreWrittenFullWidth() throws {
    let line = LyricsLine(words: [
      LyricsWord(surface: "A|B", reading: ""), LyricsWord(surface: "_", reading: ""),
    ])
    let text = CompactLyrics.encode(line)
    #expect(text == "A｜B||_＿||")
    #expect(try CompactLyrics.parse(text).words.map(\.surface) == ["A｜B", "＿"])
  }

  /// The reference app reads a line holding `[` or `{` as JSON: such a line has neither.
  @Test(arguments: [("[Chorus]", "［Chorus］"), ("{x}", "｛x｝"), ("a[1]_{b}", "a［1］＿｛b｝")])
  func bracketsAndBracesAreWrittenFullWidth(surface: String, written: String) throws {
    let line = LyricsLine(words: [
      LyricsWord(surface: surface, reading: ""),
      LyricsWord(
        surface: "君", reading: "きみ",
        morae: [.init(text: "き", isHigh: false), .init(text: "み", isHigh: true)]),
    ])
    let text = CompactLyrics.encode(line)
    #expect(!text.contains("[") && !text.contains("{"))
    #expect(text == "\(written)||_君|きみ|01")
    let parsed = try CompactLyrics.parse(text)
    #expect(parsed.words.map(\.surface) == [written, "君"])
    #expect(CompactLyrics.encode(parsed) == text)
  }

  @Test(arguments: [
    ("きょう|きょう|010", "word 1: きょう has 2 morae but the pitch map 3 digits."),
    ("あ|あ|1_|い|0", "word 2: the word is empty."),
    ("雨|あめ|", "word 1: a reading and a pitch map come together, or neither (for English)."),
    ("雨|あめ|1x", "word 1: the pitch map is 0s and 1s."),
    ("雨", "word 1: a word is Word|Reading|PitchMap, with kanji readings optionally after."),
    ("雨雲|あまぐも|0111|あま", "word 1: 雨雲 has 2 kanji but 1 kanji readings."),
  ])
  func badWordsAreNamed(line: String, message: String) {
    #expect {
      try CompactLyrics.parse(line)
    } throws: { error in
      (error as? CompactLyrics.FormatError)?.description == message
    }
  }
}

extension CompactLyricsTests {
  @Test func theVerboseFormKeysLinesByNumber() throws {
    let data = LyricsData(lines: [
      try CompactLyrics.parse("夕焼け|ゆうやけ|0111|ゆう,や_Hello||"), LyricsLine(words: []),
    ])
    let json = try #require(
      try JSONSerialization.jsonObject(with: data.referenceJSON()) as? [String: Any])
    #expect(Set(json.keys) == ["0", "1"])
    let words = try #require((json["0"] as? [String: Any])?["words"] as? [[String: Any]])
    #expect(words[0]["kanji"] as? String == "夕焼け" && words[0]["furigana"] as? String == "ゆうやけ")
    #expect(
      (words[0]["kanjiFurigana"] as? [[String: String]])?.first == ["kanji": "夕", "reading": "ゆう"])
    #expect((words[0]["mora"] as? [[String: Any]])?.count == 4)
    #expect(words[1]["kanji"] is NSNull && words[1]["furigana"] as? String == "Hello")
    #expect(((json["1"] as? [String: Any])?["words"] as? [Any])?.isEmpty == true)
  }
}
