/// The reference app's compact line form: words joined by `_`, each
/// `Word|Reading|PitchMap[|KanjiReadings]`, where PitchMap has one `0`/`1` per mora of the
/// reading (1 = high) and KanjiReadings has one comma-separated reading per CJK ideograph, an
/// iteration mark's folded into the one before it (IdeographRuby). English and punctuation are
/// `Word||`. Unlike the reference, a pitch map that does not fit the reading's morae is an
/// error, not a guess.
public enum CompactLyrics {
  public struct FormatError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The word's position in the line, from 0.
    public var word: Int
    public var message: String

    public var description: String { "word \(word + 1): \(message)" }
  }

  public static func parse(_ line: String) throws(FormatError) -> LyricsLine {
    guard !line.isEmpty else { return LyricsLine(words: []) }
    var words: [LyricsWord] = []
    for (index, segment) in line.split(separator: "_", omittingEmptySubsequences: false)
      .enumerated()
    {
      words.append(try word(segment, index: index))
    }
    return LyricsLine(words: words)
  }

  /// The separators cannot stand in a word: a `|` or `_` the lyrics hold is written as its
  /// full-width form. So are brackets and braces, because the reference app's decoder takes a
  /// line holding `[` or `{` for JSON; their closing halves follow so that "[Chorus]" reads
  /// "［Chorus］".
  public static func encode(_ line: LyricsLine) -> String {
    line.words.map { word in
      var parts = [
        fullWidth(word.surface), fullWidth(word.reading),
        word.morae.map { $0.isHigh ? "1" : "0" }.joined(),
      ]
      if let readings = IdeographRuby.readings(of: word) {
        parts.append(readings.map(fullWidth).joined(separator: ","))
      }
      return parts.joined(separator: "|")
    }.joined(separator: "_")
  }

  static let fullWidthForms: [Character: Character] = [
    "|": "｜", "_": "＿", "[": "［", "]": "］", "{": "｛", "}": "｝",
  ]

  static func fullWidth(_ text: String) -> String {
    guard text.contains(where: { fullWidthForms[$0] != nil }) else { return text }
    return String(text.map { fullWidthForms[$0] ?? $0 })
  }

  static func word(_ segment: Substring, index: Int) throws(FormatError) -> LyricsWord {
    func fail(_ message: String) -> FormatError { FormatError(word: index, message: message) }
    let parts = segment.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
    guard (3...4).contains(parts.count) else {
      throw fail("a word is Word|Reading|PitchMap, with kanji readings optionally after.")
    }
    let (surface, reading, pitch) = (parts[0], parts[1], parts[2])
    guard !surface.isEmpty else { throw fail("the word is empty.") }
    guard reading.isEmpty == pitch.isEmpty else {
      throw fail("a reading and a pitch map come together, or neither (for English).")
    }
    guard reading.isEmpty || pitch.allSatisfy({ $0 == "0" || $0 == "1" }) else {
      throw fail("the pitch map is 0s and 1s.")
    }
    let morae = Mora.split(Mora.hiragana(reading))
    guard morae.count == pitch.count else {
      throw fail("\(reading) has \(morae.count) morae but the pitch map \(pitch.count) digits.")
    }
    var word = LyricsWord(
      surface: surface, reading: Mora.hiragana(reading),
      morae: zip(morae, pitch).map { LyricsWord.MoraPitch(text: $0, isHigh: $1 == "1") })
    if parts.count == 4, !parts[3].isEmpty {
      let readings = parts[3].split(separator: ",", omittingEmptySubsequences: false)
      let kanji = surface.filter(IdeographRuby.isIdeograph)
      guard readings.count == kanji.count else {
        throw fail("\(surface) has \(kanji.count) kanji but \(readings.count) kanji readings.")
      }
      word.kanjiReadings = zip(kanji, readings).map {
        LyricsWord.KanjiReading(kanji: String($0), reading: Mora.hiragana(String($1)))
      }
    }
    return word
  }
}
