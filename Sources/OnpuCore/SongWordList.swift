/// Where a learner stands with a word: no card yet (new), a card not yet known (learning), or
/// known: the card is in review with at least three weeks' stability
/// (`StudyProgress.knownStability`), or the learner marked it known.
public enum WordStudyState: String, Hashable, Sendable, CaseIterable {
  case new
  case learning
  case known

  public static func of(state: FSRSState, stability: Double?, markedKnown: Bool) -> Self {
    markedKnown || (state == .review && (stability ?? 0) >= StudyProgress.knownStability)
      ? .known : .learning
  }
}

/// A song's words worth studying (`StudyWords.isStudied`), each once under its dictionary
/// form, most common in Japanese first, with where the learner stands with each.
public struct SongWordList: Hashable, Sendable {
  public struct Word: Hashable, Sendable {
    /// The card key, "見上げる|みあげる".
    public var key: String
    public var word: String
    public var reading: String
    /// Where it first shows: line and word, from 0.
    public var line: Int
    public var index: Int
    /// How many times the song has it.
    public var count: Int
    /// wordfreq's Zipf value times ten (50 = once in 100,000 words); nil when rarer than the
    /// table holds.
    public var frequency: Int?
    /// The old JLPT level (4 easiest, 1 hardest) of its hardest kanji; nil for kana words and
    /// words with a kanji outside the levels.
    public var level: Int?
    public var state: WordStudyState
  }

  public var words: [Word]

  /// `states` is keyed by card key; `frequency` takes a word as written; `level` a kanji.
  public init(
    lines: [LyricsLine], states: [String: WordStudyState], frequency: (String) -> Int?,
    level: (Character) -> Int?
  ) {
    var byKey: [String: Int] = [:]
    var words: [Word] = []
    for (lineIndex, line) in lines.enumerated() {
      for (wordIndex, word) in line.words.enumerated() where StudyWords.isStudied(word) {
        let key = StudyWords.key(word)
        if let found = byKey[key] {
          words[found].count += 1
          continue
        }
        let form = word.dictionaryForm
        let kanji = form.word.filter(LyricsWord.isKanji)
        let levels = kanji.map(level)
        byKey[key] = words.count
        words.append(
          Word(
            key: key, word: form.word, reading: form.reading, line: lineIndex, index: wordIndex,
            count: 1, frequency: frequency(form.word) ?? frequency(word.surface),
            level: levels.isEmpty || levels.contains(nil) ? nil : levels.compactMap { $0 }.min(),
            state: states[key] ?? .new))
      }
    }
    self.words = words.enumerated().sorted {
      ($0.element.frequency ?? 0, $0.element.count, -$0.offset)
        > ($1.element.frequency ?? 0, $1.element.count, -$1.offset)
    }.map(\.element)
  }

  public var states: [String: WordStudyState] {
    Dictionary(words.map { ($0.key, $0.state) }, uniquingKeysWith: { first, _ in first })
  }

  /// The words with no card yet, most common first.
  public var toLearn: [Word] { words.filter { $0.state == .new } }

  public func count(_ state: WordStudyState) -> Int { words.filter { $0.state == state }.count }

  /// The share of the words known, 0 to 100 (rounded down, so 100 means all); nil for a song
  /// with no word to study.
  public var percentKnown: Int? {
    words.isEmpty ? nil : count(.known) * 100 / words.count
  }
}
