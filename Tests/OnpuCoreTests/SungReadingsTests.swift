import OnpuCore
import Testing

@Suite struct SungReadingsTests {
  static func token(_ surface: String, _ kana: String, _ pos: PartOfSpeech = .noun) -> Morpheme {
    Morpheme(surface: surface, partOfSpeech: pos, kana: kana)
  }

  static let particle = { (surface: String) in
    Morpheme(surface: surface, partOfSpeech: .particle, kana: Mora.katakana(surface))
  }
  static let none = SungReadings(entries: { _ in [] })

  @Test func theFormalReadingOfIIsSungWatashiWithTheDictionarysAccent() {
    let watashi = Morpheme(
      surface: "私", partOfSpeech: .pronoun, kana: "ワタシ", accentNuclei: [0])
    let sung = SungReadings(entries: { $0 == "私" ? [Self.token("私", "ワタクシ"), watashi] : [] })
    let tokens = sung.apply(to: [Self.token("私", "ワタクシ", .pronoun), Self.particle("の")])
    #expect(tokens == [watashi, Self.particle("の")])
  }

  @Test func aReadingTheDictionaryLacksHasUnknownPitch() {
    let tokens = Self.none.apply(to: [Self.token("明日", "アス")])
    #expect(tokens.map(\.kana) == ["アシタ"] && tokens[0].isPitchUnknown)
    #expect(tokens[0].readingSource == nil)
  }

  @Test func aWordMeCabCutInPiecesIsJoined() {
    let tokens = Self.none.apply(
      to: [Self.token("綺羅", "キラ"), Self.token("星", "セイ", .suffix), Self.particle("の")])
    #expect(tokens.map(\.surface) == ["綺羅星", "の"])
    #expect(tokens[0].kana == "キラボシ")
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
