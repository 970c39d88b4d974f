/// Short English meanings of a dictionary word, as study cards and exports show them.
public protocol WordGlossary: Sendable {
  /// The word's first meanings joined ("star; planet"), or nil when the dictionary lacks it.
  /// `word` and `reading` are a word's dictionary form (`LyricsWord.dictionaryForm`).
  func gloss(word: String, reading: String) -> String?
}

extension WordGlossary {
  /// The meaning of a word as a song has it: its dictionary form's, else the plain verb a
  /// potential form comes from (会える → 会う, 呼べる → 呼ぶ), else its form as written; nil when
  /// the dictionary has none of them.
  public func meaning(of word: LyricsWord) -> String? {
    let form = word.dictionaryForm
    var tries = [(form.word, form.reading)]
    tries += Self.plainVerbs(of: form.word, reading: form.reading)
    tries.append((word.surface, word.reading))
    for (written, reading) in tries {
      if let found = gloss(word: written, reading: reading), !found.isEmpty { return found }
    }
    return nil
  }

  /// The godan verbs whose potential form `word` could be: 会える → 会う, 書ける → 書く.
  static func plainVerbs(of word: String, reading: String) -> [(String, String)] {
    let endings: [(String, String)] = [
      ("える", "う"), ("ける", "く"), ("げる", "ぐ"), ("せる", "す"), ("てる", "つ"), ("ねる", "ぬ"),
      ("べる", "ぶ"), ("める", "む"), ("れる", "る"),
    ]
    return endings.compactMap { potential, plain in
      guard word.hasSuffix(potential), word.count > 2 else { return nil }
      let stem = { (text: String) in String(text.dropLast(potential.count)) + plain }
      return (stem(word), reading.hasSuffix(potential) ? stem(reading) : reading)
    }
  }
}
