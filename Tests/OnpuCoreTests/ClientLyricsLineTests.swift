import Foundation
import Testing

@testable import OnpuCore

/// A /v1 line stays compact unless a word's pitch is unknown, which only the verbose form can
/// say: that word goes out with no `mora`, which the app draws with no pitch line.
@Suite struct ClientLyricsLineTests {
  static let rain = LyricsWord(
    surface: "雨", reading: "あめ", kanjiReadings: [.init(kanji: "雨", reading: "あめ")],
    morae: [.init(text: "あ", isHigh: true), .init(text: "め", isHigh: false)])

  @Test func aLineWithKnownPitchIsCompact() throws {
    let line = LyricsLine(words: [Self.rain])
    #expect(ClientLyricsLine(line) == .compact("雨|あめ|10|あめ"))
    let json = String(decoding: try JSONEncoder().encode(ClientLyricsLine(line)), as: UTF8.self)
    #expect(json == #""雨|あめ|10|あめ""#)
  }

  @Test func anUnknownPitchGoesOutVerboseWithNoMorae() throws {
    var fate = LyricsWord(surface: "運命", reading: "さだめ", morae: Mora.pitches("さだめ"))
    fate.isPitchUnknown = true
    let people = LyricsWord(
      surface: "人々", reading: "ひとびと",
      kanjiReadings: [.init(kanji: "人", reading: "ひと"), .init(kanji: "々", reading: "びと")],
      morae: Mora.pitches("ひとびと"))
    let line = ClientLyricsLine(
      LyricsLine(words: [
        fate, Self.rain, people, LyricsWord(surface: "LOVE", reading: ""),
        LyricsWord(surface: "エモ", reading: "えも"), LyricsWord(surface: "を", reading: "を"),
      ]))
    guard case .verbose(let verbose) = line else {
      Issue.record("a line with an unknown pitch is verbose")
      return
    }
    #expect(verbose.words[0].mora == nil && verbose.words[0].pitchUnknown == true)
    #expect(verbose.words[1].mora?.count == 2 && verbose.words[1].pitchUnknown == nil)
    #expect(verbose.words[2].kanjiFurigana == [.init(kanji: "人", reading: "ひとびと")])
    #expect(verbose.words[3].kanji == nil && verbose.words[3].furigana == "LOVE")
    #expect(verbose.words[4].kanji == "エモ" && verbose.words[5].kanji == nil)
    let json = try JSONSerialization.jsonObject(with: JSONEncoder().encode(line))
    let words = try #require((json as? [String: Any])?["words"] as? [[String: Any]])
    #expect(words[0].keys.sorted() == ["furigana", "kanji", "kanjiFurigana", "pitchUnknown"])
    #expect(words[3]["kanji"] is NSNull)
    #expect(
      try JSONDecoder().decode(ClientLyricsLine.self, from: JSONEncoder().encode(line)) == line)
  }
}
