import OnpuCore
import Testing

/// DictionaryReadings against a small word list standing in for JMdict and a few UniDic words.
@Suite struct DictionaryReadingsTests {
  static let words: [String: [String]] = [
    "手提げ袋": ["てさげぶくろ"],
    "今日は": ["こんにちは"],
    "哀憫": ["あいびん"],
    "上足": ["あげあし"],
    "炭水化物": ["たんすいかぶつ"],
    "化物": ["ばけもの"],
    "一等": ["いっとう"],
    "経済人": ["けいざいじん"],
    "愛しさ": ["うつくしさ"],
  ]

  static let unidic: [String: [Morpheme]] = [
    "人": [token("人", "ヒト", nuclei: [0]), token("人", "ジン", nuclei: [1])]
  ]

  static let readings = DictionaryReadings(
    headword: { utf8 in
      let text = String(decoding: utf8, as: UTF8.self)
      let keys = words.keys.sorted()
      let index = keys.firstIndex(of: text)
      return (index, keys.contains { $0.hasPrefix(text) })
    },
    usualReading: { word, utf8 in
      let readings = words[words.keys.sorted()[word]]!
      let reading = Mora.hiragana(String(decoding: utf8, as: UTF8.self))
      return readings.contains(reading) ? nil : readings[0]
    },
    kanjiReadings: { kanji in kanjidic[kanji] ?? [] },
    entries: { pieces, keep in
      [[]]
        + pieces.enumerated().map { place, piece in
          (unidic[piece] ?? []).filter { entry in
            guard var kana = entry.kana else { return keep(place + 1, nil) }
            return kana.withUTF8 { keep(place + 1, $0) }
          }
        }
    })

  static let kanjidic: [Character: [String]] = [
    "手": ["て", "しゅ"], "哀": ["あい", "あわ"], "上": ["じょう", "うえ", "あ"], "炭": ["たん"],
    "一": ["いち", "ひと"], "経": ["けい", "へ"], "愛": ["あい", "いと"],
  ]

  static func token(_ surface: String, _ kana: String?, nuclei: [Int] = [1]) -> Morpheme {
    Morpheme(surface: surface, partOfSpeech: .noun, kana: kana, accentNuclei: nuclei)
  }

  static func particle(_ surface: String) -> Morpheme {
    Morpheme(surface: surface, partOfSpeech: .particle, kana: Mora.katakana(surface))
  }

  @Test func aCompoundCutInTwoKeepsItsPiecesWithTheSoundChangeAndTheirAccents() {
    let tokens = Self.readings.apply(to: [
      Self.token("手提げ", "テサゲ", nuclei: [0]), Self.token("袋", "フクロ", nuclei: [3]),
      Self.particle("を"),
    ])
    #expect(tokens.map(\.kana) == ["テサゲ", "ブクロ", "ヲ"])
    #expect(tokens.map(\.accentNuclei) == [[0], [3], []])
    #expect(tokens.allSatisfy { !$0.isPitchUnknown })
  }

  @Test func aPieceMeCabReadOtherwiseTakesUniDicsOtherWordForIt() {
    let tokens = Self.readings.apply(to: [
      Self.token("経済", "ケイザイ"), Self.token("人", "ヒト", nuclei: [0]),
    ])
    #expect(tokens.map(\.kana) == ["ケイザイ", "ジン"])
    #expect(tokens[1].accentNuclei == [1])
  }

  @Test func aReadingThePiecesCannotMakeIsOneWordOfUnknownPitch() {
    let tokens = Self.readings.apply(to: [Self.token("上", "ウエ"), Self.token("足", "アシ")])
    #expect(tokens.map(\.surface) == ["上足"])
    #expect(tokens.map(\.kana) == ["アゲアシ"])
    #expect(tokens[0].isPitchUnknown)
  }

  @Test func aKanjiMeCabCannotReadTakesTheDictionarysReading() {
    let tokens = Self.readings.apply(to: [Self.token("哀", "アイ"), Self.token("憫", nil)])
    #expect(tokens.map(\.kana) == ["アイビン"])
  }

  @Test func aRunReadAsTheDictionaryReadsItIsLeftWhole() {
    let line = [
      Self.token("炭水", "タンスイ"), Self.token("化", "カ"), Self.token("物", "ブツ"),
    ]
    #expect(Self.readings.apply(to: line) == line)
  }

  @Test func particlesNumbersAndGivenReadingsAreNeverPartOfAWord() {
    let today = [Self.token("今日", "キョウ"), Self.particle("は")]
    #expect(Self.readings.apply(to: today) == today)
    let first = [Self.token("１", "イチ"), Self.token("等", "トウ")]
    #expect(Self.readings.apply(to: first) == first)
    var given = Self.token("上", "カミ")
    given.readingSource = .lyrics
    let line = [given, Self.token("足", "アシ")]
    #expect(Self.readings.apply(to: line) == line)
  }

  @Test func aReadingThatDoesNotStartAsTheFirstKanjiReadsIsNotTaken() {
    let line = [Self.token("愛し", "イトシ"), Self.token("さ", "サ")]
    #expect(Self.readings.apply(to: line) == line)
  }

  @Test func aSpaceEndsAWord() {
    var foot = Self.token("足", "アシ")
    foot.spaceBefore = true
    let line = [Self.token("上", "ウエ"), foot]
    #expect(Self.readings.apply(to: line) == line)
  }

  @Test func anEarlierPieceMayEndDoubled() {
    let tokens = Self.readings.apply(to: [Self.token("一", "イチ"), Self.token("等", "トウ")])
    #expect(tokens.map(\.kana) == ["イッ", "トウ"])
  }
}
