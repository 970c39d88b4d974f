/// One line of the /v1 result's lyricsData, in a form the Onpu app decodes: the compact string,
/// or, when a word's pitch is not known, the verbose line object with no `mora` for that word.
/// The compact form cannot say "unknown": the app reads a reading with no pitch map as all low,
/// a known flat pitch, while a word with no morae it draws with no pitch line at all.
public enum ClientLyricsLine: Hashable, Sendable, Codable {
  case compact(String)
  case verbose(Verbose)

  public struct Verbose: Hashable, Sendable, Codable {
    public var words: [Word]
  }

  public struct Word: Hashable, Sendable, Codable {
    public struct KanjiFurigana: Hashable, Sendable, Codable {
      public var kanji: String
      public var reading: String
    }
    public struct Mora: Hashable, Sendable, Codable {
      public var text: String
      public var isHigh: Bool
    }
    public var kanji: String?
    public var furigana: String
    public var kanjiFurigana: [KanjiFurigana]
    /// Absent when the pitch is not known.
    public var mora: [Mora]?
    public var readingSource: LyricsWord.ReadingSource?
    public var pitchUnknown: Bool?

    enum CodingKeys: String, CodingKey {
      case kanji, furigana, kanjiFurigana, mora, readingSource, pitchUnknown
    }

    /// `kanji` is written as null when absent, as the app expects the key.
    public func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(kanji, forKey: .kanji)
      try container.encode(furigana, forKey: .furigana)
      try container.encode(kanjiFurigana, forKey: .kanjiFurigana)
      try container.encodeIfPresent(mora, forKey: .mora)
      try container.encodeIfPresent(readingSource, forKey: .readingSource)
      try container.encodeIfPresent(pitchUnknown, forKey: .pitchUnknown)
    }
  }

  public init(_ line: LyricsLine) {
    if line.words.contains(where: { $0.isPitchUnknown == true }) {
      self = .verbose(Verbose(words: line.words.map(Word.init(client:))))
    } else {
      self = .compact(CompactLyrics.encode(line))
    }
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    switch self {
    case .compact(let text): try container.encode(text)
    case .verbose(let line): try container.encode(line)
    }
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if let text = try? container.decode(String.self) {
      self = .compact(text)
    } else {
      self = .verbose(try container.decode(Verbose.self))
    }
  }
}

extension ClientLyricsLine.Word {
  /// The word as the app should draw it: per-kanji readings only where they add up
  /// (`IdeographRuby`), and no morae when the pitch is not known.
  init(client word: LyricsWord) {
    // As the app reads a compact word: the surface when it differs from the reading, so that
    // katakana (エモ) are drawn as written, not as their hiragana reading.
    let readings = IdeographRuby.readings(of: word) ?? []
    self.init(
      kanji: word.reading.isEmpty || word.surface == word.reading ? nil : word.surface,
      furigana: word.reading.isEmpty ? word.surface : word.reading,
      kanjiFurigana: zip(word.surface.filter(IdeographRuby.isIdeograph), readings).map {
        KanjiFurigana(kanji: String($0), reading: $1)
      },
      mora: word.isPitchUnknown == true
        ? nil : word.morae.map { Mora(text: $0.text, isHigh: $0.isHigh) },
      readingSource: word.readingSource, pitchUnknown: word.isPitchUnknown)
  }
}
