/// A song's study text: lines of words, each with its reading, the readings of its kanji, and
/// the pitch of every mora. English words and punctuation have no reading and no morae.
public struct LyricsData: Hashable, Codable, Sendable {
  public var lines: [LyricsLine]

  public init(lines: [LyricsLine]) { self.lines = lines }
}

public struct LyricsLine: Hashable, Codable, Sendable {
  public var words: [LyricsWord]

  public init(words: [LyricsWord]) { self.words = words }

  /// The line with its particles marked as `fresh` marks them, for lines stored before particles
  /// were kept; unchanged unless both cut the line into the same words.
  public func markingParticles(like fresh: LyricsLine) -> LyricsLine {
    guard words.allSatisfy({ $0.isParticle == nil }),
      words.map(\.surface) == fresh.words.map(\.surface)
    else { return self }
    var line = self
    for index in line.words.indices { line.words[index].isParticle = fresh.words[index].isParticle }
    return line
  }
}

public struct LyricsWord: Hashable, Codable, Sendable {
  public struct KanjiReading: Hashable, Codable, Sendable {
    public var kanji: String
    public var reading: String

    public init(kanji: String, reading: String) {
      self.kanji = kanji
      self.reading = reading
    }
  }

  public struct MoraPitch: Hashable, Codable, Sendable {
    public var text: String
    public var isHigh: Bool

    public init(text: String, isHigh: Bool) {
      self.text = text
      self.isHigh = isHigh
    }
  }

  public enum ReadingSource: String, Hashable, Codable, Sendable, CaseIterable {
    /// Ruby notation in the pasted lyrics: 運命(さだめ).
    case lyrics
    /// The learner's correction of the song's reading (LearnerReadings).
    case learner
  }

  /// The word as written.
  public var surface: String
  /// The reading of the whole word in hiragana; empty for English and punctuation.
  public var reading: String
  /// One reading per kanji of the surface, in order (okurigana excluded).
  public var kanjiReadings: [KanjiReading]
  public var morae: [MoraPitch]
  /// True for a particle (UniDic's 助詞), which pages show lighter; nil otherwise, and for lines
  /// stored before it was kept.
  public var isParticle: Bool?
  /// Where the reading came from when not from the analysis; nil for the analysis's own.
  public var readingSource: ReadingSource?
  /// True when the word's pitch is not known (a reading the dictionary lacks): its morae are
  /// then all low, and pages draw no pitch line for it. Nil when known.
  public var isPitchUnknown: Bool?
  /// The dictionary form when it differs from the surface (呼ん → 呼ぶ), and its reading in
  /// hiragana; nil otherwise, and for lines stored before they were kept.
  public var lemma: String?
  public var lemmaReading: String?

  public init(
    surface: String, reading: String, kanjiReadings: [KanjiReading] = [], morae: [MoraPitch] = [],
    isParticle: Bool? = nil
  ) {
    self.surface = surface
    self.reading = reading
    self.kanjiReadings = kanjiReadings
    self.morae = morae
    self.isParticle = isParticle
  }

  /// The surface when it holds a kanji (the whole word, okurigana included), as furigana
  /// needs it; nil for kana, English and punctuation.
  public var kanji: String? {
    surface.unicodeScalars.contains(where: Self.isKanji) ? surface : nil
  }

  /// The surface's kanji, in order.
  public var kanjiCharacters: [Character] { surface.filter(Self.isKanji) }

  /// The form a dictionary lists the word under, and its reading.
  public var dictionaryForm: (word: String, reading: String) {
    (lemma ?? surface, lemmaReading ?? reading)
  }

  public static func isKanji(_ character: Character) -> Bool {
    character.unicodeScalars.contains(where: isKanji)
  }

  /// Text in Latin letters or digits with no Japanese in it: an English word.
  public static func isLatin(_ text: String) -> Bool {
    !text.unicodeScalars.contains { $0.value >= 0x3000 }
      && text.unicodeScalars.contains { $0.properties.isAlphabetic || ("0"..."9").contains($0) }
  }

  public static func isKanji(_ scalar: Unicode.Scalar) -> Bool {
    (0x4E00...0x9FFF).contains(scalar.value) || (0x3400...0x4DBF).contains(scalar.value)
      || (0xF900...0xFAFF).contains(scalar.value) || scalar.value == 0x3005
  }
}
