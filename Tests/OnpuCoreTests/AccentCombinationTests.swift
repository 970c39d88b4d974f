import OnpuCore
import Testing

@Suite struct AccentCombinationTests {
  @Test func particleRulesAreChosenByWhatTheyFollow() {
    let wa = AccentCombination(notation: "動詞%F2@0,名詞%F1,形容詞%F2@-1")
    #expect(wa.rule(after: .noun) == .keep)
    #expect(wa.rule(after: .verb) == .nucleusIfFlat(offset: 0))
    #expect(wa.rule(after: .adjective) == .nucleusIfFlat(offset: -1))
    #expect(wa.rule(after: .adverb) == nil)
    #expect(AccentCombination(notation: "F4@1").rule(after: .verb) == .nucleus(offset: 1))
    #expect(PartOfSpeech("補助記号") == .supplementarySymbol && PartOfSpeech("何か") == .other)
    #expect(AccentCombination(notation: "C3").compoundRule == .lastOfFirst)
    #expect(AccentCombination(notation: "P2").prefixRule == .keepSecond)
  }

  /// MeCab's feature string: quoted fields keep their commas; only the used fields are read.
  @Test func featuresAreReadFromMeCabsCSV() {
    let csv =
      #"助詞,係助詞,*,*,*,*,ハ,は,は,ワ,は,ワ,和,*,*,*,*,ハ,ハ,ハ,ハ,*,*,*,"動詞%F2@0,名詞%F1",*"#
    let wa = Morpheme(surface: "は", featureCSV: csv)
    #expect(wa.partOfSpeech == .particle && wa.kana == "ハ" && wa.accentNuclei.isEmpty)
    #expect(wa.accentCombination?.rule(after: .verb) == .nucleusIfFlat(offset: 0))
    let petals = Morpheme(
      surface: "花びら",
      featureCSV:
        #"名詞,普通名詞,一般,*,*,*,ハナビラ,花弁,花びら,ハナビラ,花びら,ハナビラ,和,*,*,*,*,ハナビラ,ハナビラ,ハナビラ,ハナビラ,*,*,"3,0,4",C1,*"#
    )
    #expect(petals.isNoun && petals.accentNuclei == [3, 0, 4])
    #expect(petals.accentCombination?.compoundRule == .keepSecond)
    let unknown = Morpheme(surface: "ｘ", featureCSV: "名詞,普通名詞,一般,*,*,*")
    #expect(unknown.kana == nil && unknown.accentNuclei.isEmpty)
  }

  /// The reading alone, read from MeCab's feature bytes without building the word.
  @Test func theReadingIsFoundWithoutReadingTheRest() {
    func kana(_ features: String) -> String? {
      var features = features
      return features.withUTF8 { bytes in
        Morpheme.kana(features: bytes).map { String(decoding: $0, as: UTF8.self) }
      }
    }
    #expect(
      kana(#"名詞,普通名詞,一般,*,*,*,"カ,ナ",花弁,花びら,ハナビラ,花びら,ハナビラ,和,*,*,*,*,ハナビラ,ハナ,ハナ"#)
        == "ハナビラ")
    #expect(kana("名詞,普通名詞,一般,*,*,*,*,*,*,*,*,*,*,*,*,*,*,*,*") == nil)
    #expect(kana("名詞,普通名詞,一般,*,*,*") == nil)
    #expect(kana(String(repeating: "*,", count: 17) + "ハナ") == "ハナ")
  }

  /// さくら (heiban, 3 morae) + です (F2@1): the fall comes after で; an accented word keeps its own.
  @Test func rulesPlaceTheNucleus() {
    let desu = AccentCombination.Rule.nucleusIfFlat(offset: 1)
    #expect(
      AccentCombination.combine(
        desu, firstMorae: 3, firstNucleus: 0, secondMorae: 2, secondNucleus: 0)
        == 4)
    #expect(
      AccentCombination.combine(
        desu, firstMorae: 3, firstNucleus: 1, secondMorae: 2, secondNucleus: 0)
        == 1)
    #expect(
      AccentCombination.combine(
        .keepSecond, firstMorae: 2, firstNucleus: 1, secondMorae: 3, secondNucleus: 0) == 0)
    #expect(
      AccentCombination.combine(
        .keepSecond, firstMorae: 2, firstNucleus: 1, secondMorae: 3, secondNucleus: 2) == 4)
    #expect(
      AccentCombination.combine(
        .firstOfSecond, firstMorae: 2, firstNucleus: 0, secondMorae: 2, secondNucleus: 1) == 3)
    #expect(
      AccentCombination.combine(
        .compoundFlat, firstMorae: 2, firstNucleus: 2, secondMorae: 1, secondNucleus: 1) == 0)
  }

  /// うんてん + し with the nucleus on the first part's last mora: ん cannot carry it, so
  /// the fall comes after て (うんて↓んし).
  @Test func aNucleusLeavesASpecialMora() {
    #expect(Mora.nucleusOffSpecialMora(4, in: ["う", "ん", "て", "ん", "し"]) == 3)
    #expect(Mora.nucleusOffSpecialMora(4, in: ["い", "く", "も", "う", "ざ", "い"]) == 3)
    #expect(Mora.nucleusOffSpecialMora(2, in: ["は", "な", "び", "ら"]) == 2)
    #expect(Mora.isSpecial("ー", after: "こ") && Mora.isSpecial("い", after: "せ"))
    #expect(!Mora.isSpecial("い", after: "こ"))
  }
}
