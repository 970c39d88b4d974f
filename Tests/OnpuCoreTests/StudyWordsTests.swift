import Foundation
import Testing

@testable import OnpuCore

/// Which words of a song become cards, and the cards they make.
@Suite struct StudyWordsTests {
  static func word(
    _ surface: String, _ reading: String, lemma: String? = nil, lemmaReading: String? = nil,
    particle: Bool = false
  ) -> LyricsWord {
    var word = LyricsWord(
      surface: surface, reading: reading,
      morae: Mora.split(reading).map { .init(text: $0, isHigh: false) },
      isParticle: particle ? true : nil)
    word.lemma = lemma
    word.lemmaReading = lemmaReading
    return word
  }

  // 名前を呼んだ、そして もう一度 呼ぶ。 Love
  static let lines = [
    LyricsLine(words: [
      word("名前", "なまえ"), word("を", "を", particle: true),
      word("呼ん", "よん", lemma: "呼ぶ", lemmaReading: "よぶ"), word("だ", "だ"),
      LyricsWord(surface: "、", reading: ""), word("そして", "そして"),
    ]),
    LyricsLine(words: [
      word("もう", "もう"), word("一度", "いちど"), word("呼ぶ", "よぶ"), word("する", "する"),
      LyricsWord(surface: "。", reading: ""), LyricsWord(surface: "Love", reading: ""),
    ]),
  ]

  @Test func particlesPunctuationEnglishAndGrammarMakeNoCard() {
    // Given the song's words
    let studied = Self.lines.flatMap(\.words).filter(StudyWords.isStudied).map(\.surface)
    // Then only content words are studied: not を, だ, 、, する, 。 or Love
    #expect(studied == ["名前", "呼ん", "そして", "もう", "一度", "呼ぶ"])
  }

  @Test func conjugationsShareOneCardAndKanjiGetTheirOwn() throws {
    // Given a dictionary that knows every kanji but 度
    let drafts = StudyWords.drafts(
      songTitle: "Song", lines: Self.lines, translations: ["I called your name", nil],
      knownKanji: { $0 != "度" })
    // Then 呼ん and 呼ぶ are one card, at the first place it shows
    let words = drafts.filter { $0.kind == .word }
    #expect(words.map(\.key) == ["名前|なまえ", "呼ぶ|よぶ", "そして|そして", "もう|もう", "一度|いちど"])
    let call = try #require(words.first { $0.key == "呼ぶ|よぶ" })
    #expect(call.note.lineIndex == 0 && call.note.wordIndex == 2)
    #expect(call.note.studiedWord.surface == "呼ん" && call.note.translation == "I called your name")
    // and each known kanji is a card once, with the word it was met in
    let kanji = drafts.filter { $0.kind == .kanji }
    #expect(kanji.map(\.key) == ["名", "前", "呼", "一"])
    #expect(kanji.first { $0.key == "一" }?.note.word == "一度")
  }

  @Test func oneWordIsFoundByPlaceOrAsWritten() {
    // When a word is asked for by place, by surface and by dictionary form
    let byPlace = StudyWords.draft(
      songTitle: "", lines: Self.lines, translations: [], line: 1, word: 2)
    let place = StudyWords.place(of: "呼ぶ", in: Self.lines)
    // Then the place finds it; the surface's first place is 呼ん (whose dictionary form it is)
    #expect(byPlace?.key == "呼ぶ|よぶ")
    #expect(place?.line == 0 && place?.word == 2)
    #expect(StudyWords.place(of: "猫", in: Self.lines) == nil)
    #expect(
      StudyWords.draft(songTitle: "", lines: Self.lines, translations: [], line: 0, word: 1) == nil)
    #expect(
      StudyWords.draft(songTitle: "", lines: Self.lines, translations: [], line: 9, word: 0) == nil)
  }

  static let labels: [(Double, String)] = [
    (30, "1 min"), (600, "10 min"), (3 * 3600, "3 h"), (4 * 86_400, "4 d"),
    (65 * 86_400, "2 mo"), (365 * 86_400, "1 y"), (547 * 86_400, "1.5 y"),
  ]

  @Test(arguments: labels)
  func intervalsReadShort(interval: Double, label: String) {
    #expect(StudyPlan.label(interval) == label)
  }

  @Test func tomorrowStartsAtTheLearnersMidnight() throws {
    // Given 23:30 UTC, which is already the next day in Tokyo
    let date = Date(timeIntervalSince1970: 1_767_655_800)  // 2026-01-05 23:30 UTC
    let tokyo = try #require(TimeZone(identifier: "Asia/Tokyo"))
    // Then tomorrow is UTC's next midnight, and Tokyo's midnight after its own today
    #expect(
      StudyPlan.startOfNextDay(after: date, in: .gmt)
        == Date(timeIntervalSince1970: 1_767_657_600))
    #expect(
      StudyPlan.startOfNextDay(after: date, in: tokyo)
        == Date(timeIntervalSince1970: 1_767_711_600))
  }
}
