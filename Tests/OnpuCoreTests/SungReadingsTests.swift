import OnpuCore
import Testing

@Suite struct SungReadingsTests {
  static func token(_ surface: String, _ kana: String, _ pos: PartOfSpeech = .noun) -> Morpheme {
    Morpheme(surface: surface, partOfSpeech: pos, kana: kana)
  }

  static func particle(_ surface: String) -> Morpheme {
    Morpheme(surface: surface, partOfSpeech: .particle, kana: Mora.katakana(surface))
  }
  static let none = SungReadings(entries: { _, _ in [] })

  /// Sung readings over a dictionary holding `words` for `surface`.
  static func sung(_ surface: String, _ words: [Morpheme]) -> SungReadings {
    SungReadings(entries: { text, reading in
      text == surface ? words.filter { $0.kana == reading } : []
    })
  }

  @Test func theFormalReadingOfIIsSungWatashiWithTheDictionarysAccent() {
    let watashi = Morpheme(
      surface: "私", partOfSpeech: .pronoun, kana: "ワタシ", accentNuclei: [0])
    let sung = Self.sung("私", [Self.token("私", "ワタクシ"), watashi])
    let tokens = sung.apply(to: [Self.token("私", "ワタクシ", .pronoun), Self.particle("の")])
    #expect(tokens == [watashi, Self.particle("の")])
  }

  @Test func aWordThatStartsALineIsReadWithoutTheSoundChangeOfASecondWord() {
    let box = Morpheme(surface: "箱", partOfSpeech: .noun, kana: "ハコ", accentNuclei: [0])
    let sung = Self.sung("箱", [Self.token("箱", "バコ"), box])
    var voiced = Self.token("箱", "バコ")
    voiced.isVoicedForm = true
    let line = [voiced, Self.particle("の"), voiced]
    #expect(sung.apply(to: line).map(\.kana) == ["ハコ", "ノ", "バコ"])
    #expect(sung.apply(to: line)[0] == box)
    // Only the dictionary's voiced form is: a word voiced in itself (議論 ぎろん) stays.
    #expect(sung.apply(to: [Self.token("箱", "バコ")]).map(\.kana) == ["バコ"])
  }

  @Test func allDayIsReadIchinichijuuWhereMeCabCutsOneAndTheDaytime() {
    let tokens = Self.none.apply(to: [
      Self.token("一", "イチ"), Self.token("日中", "ニッチュウ"), Self.token("君", "キミ"),
    ])
    #expect(tokens.compactMap(\.kana).joined() == "イチニチジュウキミ")
  }

  @Test func aReadingTheDictionaryLacksHasUnknownPitch() {
    let tokens = Self.none.apply(to: [Self.token("明日", "アス")])
    #expect(tokens.map(\.kana) == ["アシタ"] && tokens[0].isPitchUnknown)
    #expect(tokens[0].readingSource == nil)
  }

  @Test func aWordMeCabCutInPiecesIsJoinedWhenTheDictionaryHasIt() {
    let star = Morpheme(surface: "綺羅星", partOfSpeech: .noun, kana: "キラボシ", accentNuclei: [3])
    let sung = Self.sung("綺羅星", [star])
    let tokens = sung.apply(
      to: [Self.token("綺羅", "キラ"), Self.token("星", "セイ", .suffix), Self.particle("の")])
    #expect(tokens == [star, Self.particle("の")])
  }

  @Test func aSoundChangeInTheLastPieceKeepsThePiecesAndTheirAccents() {
    var day = Self.token("日", "ヒ")
    day.accentNuclei = [1]
    let tokens = Self.none.apply(to: [Self.token("誕生", "タンジョウ"), day, Self.particle("に")])
    #expect(tokens.map(\.surface) == ["誕生", "日", "に"])
    #expect(tokens.map(\.kana) == ["タンジョウ", "ビ", "ニ"])
    #expect(tokens[1].accentNuclei == [1] && !tokens[1].isPitchUnknown)
  }

  @Test func piecesReadAnewThroughoutBecomeOneWordOfUnknownPitch() {
    let tokens = Self.none.apply(to: [Self.token("体", "タイ"), Self.token("じゅう", "ジュウ", .suffix)])
    #expect(tokens.map(\.surface) == ["体じゅう"] && tokens[0].kana == "カラダジュウ")
    #expect(tokens[0].isPitchUnknown)
  }

  @Test func youAfterANounIsKimiNotTheSuffixKun() {
    let tokens = Self.none.apply(to: [Self.token("最近", "サイキン"), Self.token("君", "クン", .suffix)])
    #expect(tokens.map(\.kana) == ["サイキン", "キミ"])
  }

  @Test func piecesWithSpaceBetweenAreNotJoined() {
    var star = Self.token("星", "セイ", .suffix)
    star.spaceBefore = true
    let given = [Self.token("綺羅", "キラ"), star]
    #expect(Self.none.apply(to: given) == given)
  }

  @Test func aReadingTheRuleDoesNotReplaceIsKept() {
    let given = [Self.token("私", "ワタシ", .pronoun)]
    #expect(Self.none.apply(to: given) == given)
  }

  @Test(arguments: [
    ("で", "ナン"), ("だ", "ナン"), ("の", "ナン"), ("て", "ナン"), ("人", "ナン"), ("回", "ナン"),
    ("が", "ナニ"), ("も", "ナニ"), ("か", "ナニ"), ("を", "ナニ"), ("に", "ナニ"), ("より", "ナニ"),
  ])
  func whatIsNanBeforeTDNSoundsAndCountersAndNaniOtherwise(next: String, reading: String) {
    let after =
      next == "人" || next == "回" ? Self.token(next, "ニン", .suffix) : Self.particle(next)
    for analysed in ["ナン", "ナニ"] {
      let tokens = Self.none.apply(to: [Self.token("何", analysed, .pronoun), after])
      #expect(tokens[0].kana == reading, "何\(next) from \(analysed)")
      #expect(tokens[1] == after)
    }
  }

  @Test func whatAtTheEndOfALineIsNani() {
    #expect(Self.none.apply(to: [Self.token("何", "ナン", .pronoun)])[0].kana == "ナニ")
  }

  @Test func tokensNoRuleNamesAreUntouched() {
    let given = [Self.token("心", "ココロ"), Self.particle("が"), Self.token("今日", "キョウ")]
    #expect(Self.none.apply(to: given) == given)
  }
}
