import OnpuCore
import Testing

@Suite struct GivenReadingsTests {
  static let fate = Morpheme(
    surface: "運命", partOfSpeech: .noun, kana: "ウンメイ", accentNuclei: [1])
  static let particle = Morpheme(surface: "を", partOfSpeech: .particle, kana: "ヲ")
  static let none = GivenReadings(entries: { _ in [] })

  @Test func aReadingTheDictionaryLacksHasNoAccent() throws {
    let tokens = Self.none.apply(
      RubyNotation(parsing: "運命(さだめ)を"), to: [Self.fate, Self.particle])
    #expect(tokens.map(\.surface) == ["運命", "を"])
    #expect(tokens[0].kana == "さだめ" && tokens[0].accentNuclei.isEmpty)
    #expect(tokens[0].readingSource == .lyrics && tokens[0].isPitchUnknown)
    #expect(tokens[1] == Self.particle)
  }

  @Test func aDictionaryReadingBringsItsAccent() {
    let tomorrow = Morpheme(
      surface: "明日", partOfSpeech: .noun, kana: "アシタ", accentNuclei: [3])
    let readings = GivenReadings(entries: { $0 == "明日" ? [tomorrow] : [] })
    let analysed = Morpheme(surface: "明日", partOfSpeech: .noun, kana: "アス", accentNuclei: [2])
    let tokens = readings.apply(RubyNotation(parsing: "明日(あした)"), to: [analysed])
    #expect(tokens.count == 1 && tokens[0].accentNuclei == [3] && !tokens[0].isPitchUnknown)
    #expect(tokens[0].kana == "アシタ" && tokens[0].readingSource == .lyrics)
  }

  @Test func aBaseCutInTwoBecomesOneWord() throws {
    let tokens = Self.none.apply(
      RubyNotation(parsing: "地球(ほし)"),
      to: [
        Morpheme(surface: "地", partOfSpeech: .noun, kana: "チ"),
        Morpheme(surface: "球", partOfSpeech: .suffix, kana: "キュウ"),
      ])
    #expect(tokens.map(\.surface) == ["地球"] && tokens[0].kana == "ほし")
  }

  @Test func kanaAroundTheBaseInItsTokenJoinTheReading() {
    let hold = Morpheme(surface: "抱きしめ", partOfSpeech: .verb, kana: "ダキシメ", accentNuclei: [3])
    let tokens = Self.none.apply(RubyNotation(parsing: "抱(いだ)きしめ"), to: [hold])
    #expect(tokens.map(\.kana) == ["いだきしめ"] && tokens[0].isPitchUnknown)
  }

  @Test func kanjiOutsideTheBaseInItsTokenLeaveTheTokenAlone() {
    let word = Morpheme(surface: "運命", partOfSpeech: .noun, kana: "ウンメイ")
    let tokens = Self.none.apply(RubyNotation(parsing: "運<ruby>命<rt>めい</rt></ruby>"), to: [word])
    #expect(tokens == [word])
  }

  @Test func neighbouringAnnotationsInOneTokenReadAsOne() {
    let tokens = Self.none.apply(
      RubyNotation(parsing: "<ruby>運<rt>さ</rt>命<rt>だめ</rt></ruby>"), to: [Self.fate])
    #expect(tokens.map(\.kana) == ["さだめ"] && tokens[0].readingSource == .lyrics)
  }

  @Test func tokensThatDoNotSpellTheTextAreLeftAlone() {
    let tokens = Self.none.apply(RubyNotation(parsing: "運命(さだめ)"), to: [Self.particle])
    #expect(tokens == [Self.particle])
  }
}
