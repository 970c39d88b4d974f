import OnpuAnalysis
import Testing

/// The headword lookups DictionaryReadings reads compounds with, against EDICT itself.
@Suite struct WordDictionaryHeadwordTests {
  static func headword(_ text: String) throws -> (place: Int?, isPrefix: Bool) {
    var text = text
    let dictionary = try WordDictionaryTests.dictionary()
    return text.withUTF8 { dictionary.headword(utf8: $0) }
  }

  static func usualReading(of text: String, unless reading: String) throws -> String? {
    let place = try #require(try headword(text).place, "\(text) is a headword")
    var reading = reading
    let dictionary = try WordDictionaryTests.dictionary()
    return reading.withUTF8 { dictionary.usualReading(of: place, unless: $0) }
  }

  @Test func aHeadwordItsBeginningsAndTextThatStartsNone() throws {
    let word = try Self.headword("手提げ袋")
    #expect(word.place != nil && word.isPrefix)
    let beginning = try Self.headword("手提げ")
    #expect(beginning.isPrefix)
    let none = try Self.headword("袋手提げ")
    #expect(none.place == nil && !none.isPrefix)
    #expect(try Self.headword("").isPrefix == false)
  }

  @Test func decomposedKanaFindsTheComposedHeadword() throws {
    // か and a combining voiced mark, as some keyboards write が.
    let composed = try #require(try Self.headword("気が付く").place)
    #expect(try Self.headword("気か\u{3099}付く").place == composed)
  }

  @Test func anyReadingOfTheWordInEitherScriptIsKnown() throws {
    #expect(try Self.usualReading(of: "手提げ袋", unless: "テサゲフクロ") == "てさげぶくろ")
    #expect(try Self.usualReading(of: "手提げ袋", unless: "テサゲブクロ") == nil)
    #expect(try Self.usualReading(of: "手提げ袋", unless: "てさげぶくろ") == nil)
    // 今日 is きょう first and こんにち after: the later reading is known too.
    #expect(try Self.usualReading(of: "今日", unless: "コンニチ") == nil)
    #expect(try Self.usualReading(of: "今日", unless: "キョウ") == nil)
    #expect(try Self.usualReading(of: "今日", unless: "イマヒ") == "きょう")
  }
}
