import OnpuAnalysis
import OnpuCore
import Testing

/// The lines the Onpu app showed wrong (issue 38), through MeCab and UniDic.
@Suite struct ClientLinesAnalyzerTests {
  @Test func decomposedTextIsComposedFirst() throws {
    let words = try SharedAnalyzer.get().analyze(line: "星か\u{3099}光る").words
    #expect(words.map(\.surface).prefix(2) == ["星", "が"])
  }

  @Test func kanaMeCabTakesForSymbolsAreRead() throws {
    let analyzer = try SharedAnalyzer.get()
    let emo = try #require(analyzer.analyze(line: "エモい歌").words.first)
    #expect(emo.surface == "エモ" && emo.reading == "えも" && emo.isPitchUnknown == true)
    let noisy = analyzer.analyze(line: "うっせぇわ").words
    #expect(noisy.contains { $0.surface == "うっせぇ" && $0.reading == "うっせぇ" })
    let pa = analyzer.analyze(line: "ぱっぱらぱー").words
    #expect(pa.last?.surface.hasSuffix("ー") == true && pa.allSatisfy { !$0.reading.isEmpty })
  }

  @Test func fullWidthLatinIsEnglish() throws {
    let words = try SharedAnalyzer.get().analyze(line: "ＬＯＶＥ ＬＯＶＥ").words
    #expect(words.map(\.surface) == ["LOVE", "LOVE"])
    #expect(words.allSatisfy { $0.reading.isEmpty && $0.morae.isEmpty })
  }

  @Test(arguments: [
    ("人々の声", "人々|ひとびと|0100|ひとびと"), ("代々木", "代々木|よよぎ|011|よよ,ぎ"),
    ("佐々木", "佐々木|ささき|011|ささ,き"),
  ])
  func iterationMarksReadAsTheKanjiBefore(line: String, compact: String) throws {
    let text = CompactLyrics.encode(try SharedAnalyzer.get().analyze(line: line))
    #expect(text.hasPrefix(compact))
  }

  @Test func aCompoundListedBothWaysIsReadWithItsDoubledSound() throws {
    let words = try SharedAnalyzer.get().analyze(line: "時々刻々と変わる").words
    #expect(words.prefix(2).map(\.surface).joined() == "時々刻々")
    #expect(words.prefix(2).map(\.reading).joined() == "じじこっこく")
    let readings = words.prefix(2).flatMap { IdeographRuby.readings(of: $0) ?? [] }
    #expect(readings.joined() == "じじこっこく")
  }
}
