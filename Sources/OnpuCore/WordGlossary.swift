/// Short English meanings of a dictionary word, as study cards and exports show them.
public protocol WordGlossary: Sendable {
  /// The word's first meanings joined ("star; planet"), or nil when the dictionary lacks it.
  /// `word` and `reading` are a word's dictionary form (`LyricsWord.dictionaryForm`).
  func gloss(word: String, reading: String) -> String?
}
