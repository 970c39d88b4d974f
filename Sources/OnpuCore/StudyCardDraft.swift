/// A card a song gives: a word (under its dictionary form, so 呼ん and 呼ぶ are one card) or a
/// kanji, with the first place in the song it shows in.
public struct StudyCardDraft: Hashable, Sendable {
  public enum Kind: String, Hashable, Codable, Sendable, CaseIterable {
    case word
    case kanji
  }

  public var kind: Kind
  /// What makes the card one per learner: "呼ぶ|よぶ" for a word, the literal for a kanji.
  public var key: String
  public var note: StudyNote

  public init(kind: Kind, key: String, note: StudyNote) {
    self.kind = kind
    self.key = key
    self.note = note
  }
}

/// What a card shows, kept with it so it outlives its song: the lyric line with the word picked
/// out (the front), and the word's reading, pitch and the line's translation (the back).
public struct StudyNote: Hashable, Codable, Sendable {
  public var songTitle: String
  public var lineIndex: Int
  public var wordIndex: Int
  public var line: LyricsLine
  public var translation: String?
  /// The dictionary form and its reading (the word's own surface and reading are in `line`).
  public var word: String
  public var reading: String
  /// The kanji a kanji card studies.
  public var kanji: String?

  public init(
    songTitle: String, lineIndex: Int, wordIndex: Int, line: LyricsLine, translation: String?,
    word: String, reading: String, kanji: String? = nil
  ) {
    self.songTitle = songTitle
    self.lineIndex = lineIndex
    self.wordIndex = wordIndex
    self.line = line
    self.translation = translation
    self.word = word
    self.reading = reading
    self.kanji = kanji
  }

  public var studiedWord: LyricsWord { line.words[wordIndex] }
}
