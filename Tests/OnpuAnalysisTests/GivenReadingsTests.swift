import OnpuAnalysis
import OnpuCore
import Testing

/// Ruby notation in pasted lines, through MeCab and UniDic: the base takes the given reading, and
/// the rest of the line reads as it would without the notation.
@Suite struct GivenReadingsTests {
  @Test(arguments: [
    "運命(さだめ)を信じて", "運命（さだめ）を信じて", "｜運命《さだめ》を信じて",
    "<ruby>運命<rp>(</rp><rt>さだめ</rt><rp>)</rp></ruby>を信じて",
  ])
  func aGivenReadingOnlyChangesItsWord(line: String) throws {
    let analyzer = try SharedAnalyzer.get()
    let words = analyzer.analyze(line: line).words
    let plain = analyzer.analyze(line: "運命を信じて").words
    let fate = try #require(words.first)
    #expect(fate.surface == "運命" && fate.reading == "さだめ")
    #expect(fate.readingSource == .lyrics && fate.isPitchUnknown == true)
    #expect(fate.morae.map(\.text) == ["さ", "だ", "め"])
    #expect(fate.morae.allSatisfy { !$0.isHigh })
    // を leans on 運命, so its pitch is unknown too; 信じて reads as it does in the plain line.
    #expect(words.dropFirst().map(\.surface) == plain.dropFirst().map(\.surface))
    #expect(words[1].surface == "を" && words[1].isPitchUnknown == true)
    #expect(Array(words.dropFirst(2)) == Array(plain.dropFirst(2)))
    #expect(plain.allSatisfy { $0.readingSource == nil && $0.isPitchUnknown == nil })
  }

  @Test func aDictionaryReadingKeepsItsAccent() throws {
    let analyzer = try SharedAnalyzer.get()
    let given = analyzer.analyze(line: "明日(あした)")
    let word = try #require(given.words.first)
    #expect(word.reading == "あした" && word.readingSource == .lyrics)
    #expect(word.isPitchUnknown == nil)
    // あした is atamadaka... or heiban in some dictionaries: only its being known is checked.
    #expect(word.morae.contains { $0.isHigh })
  }

  @Test func theAnalysisOwnReadingIsOnlyMarked() throws {
    let analyzer = try SharedAnalyzer.get()
    let given = analyzer.analyze(line: "君(きみ)の声").words
    let plain = analyzer.analyze(line: "君の声").words
    #expect(given.first?.readingSource == .lyrics)
    var unmarked = given
    unmarked[0].readingSource = nil
    #expect(unmarked == plain)
  }

  /// UniDic lists 本気 read マジ, so its accent is known.
  @Test func katakanaReadingsReadAsHiragana() throws {
    let word = try #require(try SharedAnalyzer.get().analyze(line: "本気(マジ)で").words.first)
    #expect(word.surface == "本気" && word.reading == "まじ" && word.readingSource == .lyrics)
    #expect(word.isPitchUnknown == nil && word.morae.contains { $0.isHigh })
  }

  @Test func okuriganaAfterTheBaseJoinsTheWord() throws {
    let words = try SharedAnalyzer.get().analyze(line: "抱(だ)きしめて").words
    #expect(words.first?.surface.hasPrefix("抱き") == true)
    #expect(words.first?.reading.hasPrefix("だき") == true)
    #expect(words.first?.readingSource == .lyrics)
  }

  @Test func textThatIsNotANotationIsAnalysedAsWritten() throws {
    let analyzer = try SharedAnalyzer.get()
    let line = analyzer.analyze(line: "愛(love)")
    #expect(line.words.map(\.surface).joined() == "愛(love)")
    #expect(line.words.allSatisfy { $0.readingSource == nil })
  }
}
