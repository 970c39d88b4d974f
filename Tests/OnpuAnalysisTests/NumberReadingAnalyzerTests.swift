import OnpuAnalysis
import OnpuCore
import Testing

/// Numbers in whole lines through MeCab and UniDic: each number with its counter is one word read
/// as sung. Full-width digits are read as ASCII ones.
@Suite struct NumberReadingAnalyzerTests {
  @Test(arguments: [
    ("10年後の君へ", "10年後", "じゅうねんご"),
    ("１０年後の君へ", "10年後", "じゅうねんご"),
    ("３人で歩いた", "3人", "さんにん"),
    ("3人で歩いた", "3人", "さんにん"),
    ("1000回目の夜", "1000回目", "せんかいめ"),
    ("2026年の夏", "2026年", "にせんにじゅうろくねん"),
    ("2,026年の夏", "2,026年", "にせんにじゅうろくねん"),
    ("二十六歳の春", "二十六歳", "にじゅうろくさい"),
    ("1本の花", "1本", "いっぽん"),
    ("3日間だけ", "3日間", "みっかかん"),
    ("7時に会おう", "7時", "しちじ"),
    ("10分だけ待って", "10分", "じゅっぷん"),
    ("100万回の愛してる", "100万回", "ひゃくまんかい"),
  ])
  func aNumberAndItsCounterAreOneWordReadAsSung(line: String, surface: String, reading: String)
    throws
  {
    let words = try SharedAnalyzer.get().analyze(line: line).words
    let number = try #require(words.first)
    #expect(number.surface == surface)
    #expect(number.reading == reading)
    #expect(number.morae.map(\.text) == Mora.split(reading))
    #expect(words.map(\.surface).joined() == LyricsText.normalized(line))
  }

  @Test func aNumberTheDictionaryDoesNotKnowHasNoPitch() throws {
    let words = try SharedAnalyzer.get().analyze(line: "10年後の君へ").words
    #expect(words[0].isPitchUnknown == true && words[0].morae.allSatisfy { !$0.isHigh })
    let you = try #require(words.first { $0.surface == "君" })
    #expect(you.isPitchUnknown == nil && you.morae.contains { $0.isHigh })
  }

  @Test func aLoneNumberIsRead() throws {
    let words = try SharedAnalyzer.get().analyze(line: "君は 1 だけ").words
    let one = try #require(words.first { $0.surface == "1" })
    #expect(one.reading == "いち" && one.morae.map(\.text) == ["い", "ち"])
  }

  @Test(arguments: [
    ("I love you 3000", ["I", "love", "you", "3000"]),
    ("mp3 を聴く", ["mp3"]),
    ("2nd stage", ["2nd", "stage"]),
  ])
  func englishWordsKeepNoReading(line: String, latin: [String]) throws {
    let words = try SharedAnalyzer.get().analyze(line: line).words
    for surface in latin where surface.contains(where: \.isLetter) {
      let word = try #require(words.first { $0.surface == surface })
      #expect(word.reading.isEmpty && word.morae.isEmpty)
    }
    if let number = words.first(where: { $0.surface == "3000" }) {
      #expect(number.reading == "さんぜん")
    }
  }

  @Test func aReadingTheLyricsGiveWins() throws {
    let words = try SharedAnalyzer.get().analyze(line: "十(とお)年後").words
    let ten = try #require(words.first)
    #expect(ten.surface == "十" && ten.reading == "とお" && ten.readingSource == .lyrics)
  }
}
