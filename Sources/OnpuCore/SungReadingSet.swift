/// A lyric test set of sung readings (Tests/Fixtures/onpu-sung-readings): lines where
/// `{base|reading}` gives the hiragana sung for `base`, and `{Word|}` a Latin word that keeps no
/// reading. Scores an analysis of each plain line, annotation by annotation.
public struct SungReadingSet: Sendable {
  public struct Annotation: Hashable, Sendable {
    public var base: String
    /// Hiragana; empty for a Latin word.
    public var reading: String
    /// Where the base stands in the plain line, in characters.
    public var range: Range<Int>
  }

  public struct Line: Hashable, Sendable {
    /// The line without its annotations' braces and readings: what the analyzer reads.
    public var text: String
    public var annotations: [Annotation]
  }

  /// One annotation scored: what the analysis reads for its stretch of text (nil when a word
  /// crosses its edge and that word's kanji readings do not line up).
  public struct Score: Hashable, Sendable {
    public var line: String
    public var annotation: Annotation
    public var analysed: String?
    public var isRight: Bool
  }

  public var lines: [Line]

  /// Reads the set's text: one line a line, `#` for a comment, blank lines skipped.
  public init(parsing source: String) {
    lines = source.split(whereSeparator: \.isNewline).compactMap { raw in
      let line = String(raw)
      guard !line.hasPrefix("#"), !line.allSatisfy(\.isWhitespace) else { return nil }
      return Self.line(line)
    }
  }

  static func line(_ source: String) -> Line {
    var text: [Character] = []
    var annotations: [Annotation] = []
    var index = source.startIndex
    while index < source.endIndex {
      if source[index] == "{", let bar = source[index...].firstIndex(of: "|"),
        let close = source[bar...].firstIndex(of: "}")
      {
        let base = String(source[source.index(after: index)..<bar])
        let start = text.count
        text.append(contentsOf: base)
        annotations.append(
          Annotation(
            base: base, reading: Mora.hiragana(String(source[source.index(after: bar)..<close])),
            range: start..<text.count))
        index = source.index(after: close)
      } else {
        text.append(source[index])
        index = source.index(after: index)
      }
    }
    return Line(text: String(text), annotations: annotations)
  }

  /// Each annotation of the line scored against the analysis's words of its plain text.
  public static func score(_ line: Line, words: [LyricsWord]) -> [Score] {
    let placed = place(words, in: Array(LyricsText.normalized(line.text)))
    return line.annotations.map { annotation in
      let covering = placed.filter { $0.range.overlaps(annotation.range) }
      if annotation.reading.isEmpty {
        let english =
          !covering.isEmpty
          && covering.allSatisfy { $0.word.reading.isEmpty && $0.word.morae.isEmpty }
        let analysed = covering.map(\.word.reading).joined()
        return Score(
          line: line.text, annotation: annotation, analysed: analysed, isRight: english)
      }
      let analysed = reading(of: annotation.range, covering: covering)
      return Score(
        line: line.text, annotation: annotation, analysed: analysed,
        isRight: analysed.map(Mora.hiragana) == annotation.reading)
    }
  }

  struct Placed {
    var word: LyricsWord
    var range: Range<Int>
  }

  /// The words in the text, as far as it holds their surfaces in order.
  static func place(_ words: [LyricsWord], in text: [Character]) -> [Placed] {
    zip(words, SurfacePlacement.ranges(of: words.lazy.map(\.surface), in: text)).map {
      Placed(word: $0, range: $1)
    }
  }

  /// The hiragana for exactly `range`: a word inside it whole, a word crossing its edge by the
  /// characters inside, which needs the word's reading split over its characters.
  static func reading(of range: Range<Int>, covering: [Placed]) -> String? {
    guard let first = covering.first, let last = covering.last,
      first.range.lowerBound <= range.lowerBound, last.range.upperBound >= range.upperBound
    else { return nil }
    var result = ""
    for item in covering {
      if range.contains(item.range.lowerBound), item.range.upperBound <= range.upperBound {
        result += item.word.reading
        continue
      }
      guard let characters = characterReadings(item.word) else { return nil }
      for offset in characters.indices
      where range.contains(item.range.lowerBound + offset) {
        result += characters[offset]
      }
    }
    return result
  }

  /// The word's reading split over its characters: each kanji its aligned reading, each kana
  /// itself; nil when the alignment does not give the whole reading.
  static func characterReadings(_ word: LyricsWord) -> [String]? {
    var kanji = word.kanjiReadings.makeIterator()
    var parts: [String] = []
    for character in word.surface {
      if LyricsWord.isKanji(character) {
        guard let next = kanji.next(), next.kanji == String(character) else { return nil }
        parts.append(next.reading)
      } else {
        parts.append(Mora.hiragana(String(character)))
      }
    }
    guard kanji.next() == nil, parts.joined() == Mora.hiragana(word.reading) else { return nil }
    return parts
  }
}
