import OnpuAnalysis
import OnpuCore
import Testing

/// The analyzer with JMdict: compounds MeCab cuts are read as the dictionary reads them, and
/// nothing else changes.
@Suite struct LyricsAnalyzerWordsTests {
  let analyzer: LyricsAnalyzer

  init() throws { analyzer = try SharedAnalyzer.get() }

  func reading(_ line: String) -> String {
    analyzer.analyze(line: line).words.map(\.reading).joined()
  }

  @Test func aCompoundMeCabCutsKeepsItsSoundChange() {
    #expect(reading("手提げ袋を持って") == "てさげぶくろをもって")
    #expect(reading("雪見酒に酔う") == "ゆきみざけによう")
  }

  @Test func wordsAroundParticlesAreReadAsBefore() {
    #expect(reading("今日は晴れ") == "きょうははれ")
    #expect(reading("大きな木の下で") == "おおきなきのしたで")
  }

  /// Only UniDic's voiced form of a word (箱 ばこ) starts a line unvoiced: a word voiced in
  /// itself (誰 だれ, 台 だい) keeps its sound.
  @Test func aLineStartsWithTheWordsOwnSound() {
    #expect(reading("箱の中") == "はこのなか")
    #expect(reading("誰もいない") == "だれもいない")
    #expect(reading("台の上") == "だいのうえ")
  }

  @Test func aGivenReadingStillWins() {
    #expect(reading("｜手提げ袋《てさげふくろ》を") == "てさげふくろを")
  }
}
