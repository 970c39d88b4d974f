import Testing

@testable import OnpuCore

/// Text as the analysis reads it, and kana MeCab leaves unread.
@Suite struct LyricsTextNormalizationTests {
  @Test func decomposedKanaAreComposed() {
    #expect(LyricsText.normalized("か\u{3099}ハ\u{309A}") == "がパ")
    #expect(LyricsText.normalized("\u{3099}あ") == "あ")
    #expect(LyricsText.normalized("か\u{3099}").unicodeScalars.count == 1)
  }

  @Test func fullWidthLatinAndDigitsAreASCII() {
    #expect(LyricsText.normalized("ＬＯＶＥ１２３ｌｏｖｅ") == "LOVE123love")
    #expect(LyricsText.normalized("愛（あい）！") == "愛（あい）！")
  }

  static func symbol(_ surface: String, space: Bool = false) -> Morpheme {
    Morpheme(surface: surface, spaceBefore: space, partOfSpeech: .supplementarySymbol)
  }

  @Test func longMarksAndSmallKanaJoinTheWordBefore() {
    let tokens = KanaTokens.read([
      Morpheme(surface: "うっせ", partOfSpeech: .verb, kana: "ウッセ", accentNuclei: [0]),
      Self.symbol("ぇ"), Morpheme(surface: "わ", partOfSpeech: .particle, kana: "ワ"),
    ])
    #expect(tokens.map(\.surface) == ["うっせぇ", "わ"])
    #expect(tokens[0].kana == "ウッセぇ" && tokens[0].accentNuclei == [0])
    let long = KanaTokens.read([
      Morpheme(surface: "ぱっぱらぱ", partOfSpeech: .noun), Self.symbol("ー"),
    ])
    #expect(long.map(\.surface) == ["ぱっぱらぱー"] && long[0].kana == "ぱっぱらぱー")
  }

  @Test func unreadKanaAreAWordWithAnUnknownPitch() {
    let tokens = KanaTokens.read([
      Self.symbol("エ"), Self.symbol("モ"),
      Morpheme(surface: "い", partOfSpeech: .suffix, kana: "イ"), Self.symbol("、"),
      Self.symbol("ー", space: true),
    ])
    #expect(tokens.map(\.surface) == ["エモ", "い", "、", "ー"])
    #expect(tokens[0].kana == "エモ" && tokens[0].isPitchUnknown && !tokens[0].isSymbol)
    #expect(tokens[2].isSymbol && tokens[2].kana == nil)
    #expect(tokens[3].kana == "ー" && tokens[3].isPitchUnknown)
  }

  @Test func noTokenStartsWithACombiningMark() {
    let tokens = KanaTokens.read([
      Morpheme(surface: "あ", partOfSpeech: .interjection, kana: "ア"), Self.symbol("\u{3099}"),
    ])
    #expect(tokens.map(\.surface) == ["あ\u{3099}"])
  }
}
