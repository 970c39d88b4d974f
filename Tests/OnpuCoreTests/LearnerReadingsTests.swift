import OnpuCore
import Testing

@Suite struct LearnerReadingsTests {
  static let fate = Morpheme(
    surface: "運命", partOfSpeech: .noun, kana: "ウンメイ", accentNuclei: [1])
  static let particle = Morpheme(surface: "を", partOfSpeech: .particle, kana: "ヲ")
  static let none = LearnerReadings(entries: { _ in [] })

  static func reading(_ surface: String, _ reading: String, thisSong: Bool = true)
    -> LearnerReadings.Reading
  {
    .init(surface: surface, reading: reading, isForThisSong: thisSong)
  }

  @Test func aReadingTheDictionaryLacksHasNoAccentWhereverTheWordStands() {
    let tokens = Self.none.apply(
      [Self.reading("運命", "さだめ")], to: [Self.fate, Self.particle, Self.fate])
    #expect(tokens.map(\.surface) == ["運命", "を", "運命"])
    for index in [0, 2] {
      #expect(tokens[index].kana == "さだめ" && tokens[index].accentNuclei.isEmpty)
      #expect(tokens[index].readingSource == .learner && tokens[index].isPitchUnknown)
    }
    #expect(tokens[1] == Self.particle)
  }

  @Test func aReadingTheDictionaryKnowsBringsItsAccent() {
    let destiny = Morpheme(surface: "運命", partOfSpeech: .noun, kana: "サダメ", accentNuclei: [3])
    let readings = LearnerReadings(entries: { $0 == "運命" ? [Self.fate, destiny] : [] })
    let tokens = readings.apply([Self.reading("運命", "さだめ")], to: [Self.fate])
    #expect(tokens.count == 1 && tokens[0].accentNuclei == [3] && !tokens[0].isPitchUnknown)
    #expect(tokens[0].kana == "サダメ" && tokens[0].readingSource == .learner)
  }

  @Test func theAnalysisOwnReadingIsOnlyMarked() {
    let tokens = Self.none.apply([Self.reading("運命", "うんめい")], to: [Self.fate])
    var marked = Self.fate
    marked.readingSource = .learner
    #expect(tokens == [marked])
  }

  @Test func aWordCutInTwoBecomesOneAndSpacesKeepWordsApart() {
    let hug = Morpheme(surface: "抱き", partOfSpeech: .verb, kana: "イダキ")
    let close = Morpheme(surface: "しめ", partOfSpeech: .verb, kana: "シメ")
    var apart = close
    apart.spaceBefore = true
    let joined = Self.none.apply([Self.reading("抱きしめ", "だきしめ")], to: [hug, close])
    #expect(joined.map(\.surface) == ["抱きしめ"] && joined[0].kana == "だきしめ")
    #expect(Self.none.apply([Self.reading("抱きしめ", "だきしめ")], to: [hug, apart]) == [hug, apart])
  }

  @Test func rubyWinsOverAllSongsButNotOverThisSong() {
    var given = Self.fate
    given.kana = "さだめ"
    given.readingSource = .lyrics
    given.isPitchUnknown = true
    let allSongs = Self.none.apply([Self.reading("運命", "いのち", thisSong: false)], to: [given])
    #expect(allSongs == [given])
    let thisSong = Self.none.apply([Self.reading("運命", "いのち")], to: [given])
    #expect(thisSong[0].kana == "いのち" && thisSong[0].readingSource == .learner)
    // Both name the word: this song's holds.
    let both = Self.none.apply(
      [Self.reading("運命", "いのち", thisSong: false), Self.reading("運命", "さだめ")],
      to: [Self.fate])
    #expect(both[0].kana == "さだめ")
  }

  @Test func readingsAreKanaOnlyAndBecomeHiragana() {
    #expect(LearnerReadings.kanaReading(" マジ ") == "まじ")
    #expect(LearnerReadings.kanaReading("ほーし") == "ほーし")
    for refused in ["", "  ", "本気", "maji", "ま じ"] {
      #expect(LearnerReadings.kanaReading(refused) == nil)
    }
  }
}
