import Foundation
import OnpuAnalysis
import OnpuCore
import TestSupport
import Testing

/// Whole lines through MeCab and UniDic, written in the compact form
/// (`Word|Reading|PitchMap|KanjiReadings`) so every word, reading, kanji split and pitch shows.
@Suite struct LyricsAnalyzerTests {
  @Test(arguments: [
    // Atamadaka, odaka and heiban はし, and the particle after each: low, low, high.
    ("箸と橋と端が", "箸|はし|10|はし_と|と|0_橋|はし|01|はし_と|と|0_端|はし|01|はし_が|が|1"),
    // Nakadaka with long vowels (こーひ↓ー), katakana, and a verb in the て form with いる
    // leaning on it: one phrase, の↓んでいる.
    ("コーヒーを飲んでいる", "コーヒー|こーひー|0110_を|を|0_飲ん|のん|10|の_で|で|0_いる|いる|00"),
    // する after a noun that takes it keeps the noun's accent: heiban べんきょうする.
    ("勉強する", "勉強|べんきょう|0111|べん,きょう_する|する|11"),
    // A small ょ, a small っ, heiban 学校 with へ high after it.
    ("今日は学校へ行った", "今日|きょう|10_は|は|0_学校|がっこう|0111|がっ,こう_へ|へ|1_行っ|いっ|01|い_た|た|1"),
    // Mixed kanji and kana (赤い, 食べ), an auxiliary moving the nucleus (たべま↓した).
    ("赤いリンゴを食べました", "赤い|あかい|011|あか_リンゴ|りんご|011_を|を|1_食べ|たべ|01|た_まし|まし|10_た|た|0"),
    // A compound: the suffix 生 (C3) puts the fall after the first part (だいがく↓せい), then
    // the auxiliaries keep it.
    ("大学生でした。", "大学|だいがく|0111|だい,がく_生|せい|00|せい_でし|でし|00_た|た|0_。||"),
    // English words stay whole (don't), punctuation stands alone, neither has morae.
    ("Hello world, don't cry!", "Hello||_world||_,||_don't||_cry||_!||"),
    ("君の声が I love you", "君|きみ|01|きみ_の|の|1_声|こえ|10|こえ_が|が|0_I||_love||_you||"),
  ])
  func linesCarryReadingsKanjiAndPitch(line: String, compact: String) throws {
    let analyzer = try SharedAnalyzer.get()
    #expect(CompactLyrics.encode(analyzer.analyze(line: line)) == compact)
  }

  @Test func particlesAreMarkedAndNothingElseIs() throws {
    let words = try SharedAnalyzer.get().analyze(line: "君の声が聞こえた").words
    #expect(words.filter { $0.isParticle == true }.map(\.surface) == ["の", "が"])
    #expect(words.allSatisfy { $0.isParticle == true || $0.isParticle == nil })
  }

  @Test func inflectedWordsKnowTheFormADictionaryListsThemUnder() throws {
    let words = try SharedAnalyzer.get().analyze(line: "君を呼んでいた").words
    let called = try #require(words.first { $0.surface == "呼ん" })
    #expect(called.lemma == "呼ぶ" && called.lemmaReading == "よぶ")
    #expect(called.dictionaryForm == ("呼ぶ", "よぶ"))
    let you = try #require(words.first { $0.surface == "君" })
    #expect(you.lemma == nil && you.dictionaryForm == ("君", "きみ"))
  }

  @Test func lyricsSplitIntoTrimmedNonEmptyLines() throws {
    let lines = try SharedAnalyzer.get().analyze(lyrics: "\n  夢  \r\n\n\t花\n")
    #expect(lines.map { $0.words.map(\.surface) } == [["夢"], ["花"]])
  }

  @Test func theSameTextAlwaysGivesTheSameAnalysis() throws {
    let analyzer = try SharedAnalyzer.get()
    let text = "夏草や兵どもが夢の跡\n閑さや岩にしみ入る蝉の声"
    #expect(analyzer.analyze(lyrics: text) == analyzer.analyze(lyrics: text))
  }

  @Test func aMissingDictionaryNamesTheCommandThatInstallsIt() throws {
    let empty = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
    let noVenv = #expect(throws: OnpuResources.MissingError.self) {
      try LyricsAnalyzer(roots: [empty])
    }
    #expect(noVenv?.description.contains("make setup") == true)
    let badOverride = #expect(throws: OnpuResources.MissingError.self) {
      try LyricsAnalyzer(unidicDirectory: empty.path, roots: [ProjectRoot.url])
    }
    #expect(badOverride?.description.contains("ONPU_UNIDIC_DIR") == true)
    let noKanjidic = #expect(throws: OnpuResources.MissingError.self) {
      try LyricsAnalyzer(kanjidicPath: empty.path, roots: [ProjectRoot.url])
    }
    #expect(noKanjidic?.description.contains("kanjidic-xml") == true)
    let noEdict = #expect(throws: OnpuResources.MissingError.self) {
      try LyricsAnalyzer(edictPath: empty.path, roots: [ProjectRoot.url])
    }
    #expect(noEdict?.description.contains("ONPU_EDICT_PATH") == true)
  }
}
