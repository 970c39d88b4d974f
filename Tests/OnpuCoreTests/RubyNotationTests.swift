import OnpuCore
import Testing

@Suite struct RubyNotationTests {
  typealias Annotation = RubyNotation.Annotation

  @Test(arguments: [
    "運命(さだめ)を信じて", "運命（さだめ）を信じて", "｜運命《さだめ》を信じて", "|運命《さだめ》を信じて",
    "運命《さだめ》を信じて", "<ruby>運命<rt>さだめ</rt></ruby>を信じて",
    "<ruby>運命<rp>(</rp><rt>さだめ</rt><rp>)</rp></ruby>を信じて",
    "<RUBY><rb>運命</rb><RT>さだめ</RT></RUBY>を信じて",
  ])
  func everyFormGivesTheSameReading(line: String) {
    #expect(
      RubyNotation(parsing: line)
        == RubyNotation(
          text: "運命を信じて", annotations: [Annotation(range: 0..<2, base: "運命", reading: "さだめ")]))
  }

  @Test func theBaseIsTheKanjiRunBeforeTheBracket() {
    let parsed = RubyNotation(parsing: "この地球(ほし)で")
    #expect(parsed.text == "この地球で")
    #expect(parsed.annotations == [Annotation(range: 2..<4, base: "地球", reading: "ほし")])
    #expect(RubyNotation(parsing: "時々(ときどき)").annotations.first?.base == "時々")
  }

  @Test func anExplicitStartTakesKanaAndKanjiAlike() {
    let parsed = RubyNotation(parsing: "君と｜見た夢《ゆめ》")
    #expect(parsed.text == "君と見た夢")
    #expect(parsed.annotations == [Annotation(range: 2..<5, base: "見た夢", reading: "ゆめ")])
  }

  @Test func katakanaReadingsAreKeptAndComparedAsHiragana() throws {
    let parsed = RubyNotation(parsing: "本気(マジ)で")
    let annotation = try #require(parsed.annotations.first)
    #expect(annotation.reading == "マジ" && annotation.hiragana == "まじ")
  }

  @Test func twoAnnotationsOnALineKeepTheirOwnBases() {
    let parsed = RubyNotation(parsing: "運命(さだめ)地球(ほし)")
    #expect(parsed.text == "運命地球")
    #expect(
      parsed.annotations == [
        Annotation(range: 0..<2, base: "運命", reading: "さだめ"),
        Annotation(range: 2..<4, base: "地球", reading: "ほし"),
      ])
  }

  @Test func annotationsAtTheStartAndEndOfALine() {
    let parsed = RubyNotation(parsing: "<ruby>明日<rt>あした</rt></ruby>も君(きみ)")
    #expect(parsed.text == "明日も君")
    #expect(
      parsed.annotations == [
        Annotation(range: 0..<2, base: "明日", reading: "あした"),
        Annotation(range: 3..<4, base: "君", reading: "きみ"),
      ])
  }

  @Test func severalPairsInOneRubyElement() {
    let parsed = RubyNotation(parsing: "<ruby>漢<rt>かん</rt>字<rt>じ</rt></ruby>")
    #expect(parsed.text == "漢字")
    #expect(
      parsed.annotations == [
        Annotation(range: 0..<1, base: "漢", reading: "かん"),
        Annotation(range: 1..<2, base: "字", reading: "じ"),
      ])
  }

  @Test(arguments: [
    "愛(love)", "(Chorus)", "[Chorus] ラララ(ラ)", "運命(さだめ", "運命さだめ)", "運命()", "運命（）",
    "｜運命《》", "運命《さだめ", "｜運命", "a | b", "<ruby>運命</ruby>", "<ruby>運命<rt>さだめ</rt>",
    "<ruby>運命<rt></rt></ruby>", "<b>運命</b>", "（笑）", "運命(さだめ!)",
  ])
  func anythingElseStaysOrdinaryText(line: String) {
    #expect(RubyNotation(parsing: line) == RubyNotation(text: line, annotations: []))
  }

  @Test func anUnmatchedBracketDoesNotHideALaterAnnotation() {
    let parsed = RubyNotation(parsing: "(夢(ゆめ)")
    #expect(parsed.text == "(夢")
    #expect(parsed.annotations == [Annotation(range: 1..<2, base: "夢", reading: "ゆめ")])
  }
}
