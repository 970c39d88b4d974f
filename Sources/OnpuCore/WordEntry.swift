/// One word of JMdict as EDICT writes it: a headword with one reading, its senses and whether
/// it is a common word (EDICT's "(P)").
public struct WordEntry: Hashable, Codable, Sendable {
  public struct Sense: Hashable, Codable, Sendable {
    /// EDICT's part-of-speech codes ("n", "v5b", "vt"); `EdictTags.name(of:)` says them in words.
    public var partsOfSpeech: [String]
    /// Other codes: usage ("uk", "arch") and field ("comp", "astron").
    public var notes: [String]
    public var glosses: [String]

    public init(partsOfSpeech: [String] = [], notes: [String] = [], glosses: [String] = []) {
      self.partsOfSpeech = partsOfSpeech
      self.notes = notes
      self.glosses = glosses
    }
  }

  /// As written: kanji, or kana for a word written in kana only.
  public var word: String
  /// In kana, as the dictionary writes it (hiragana, or katakana for loanwords).
  public var reading: String
  public var senses: [Sense]
  public var isCommon: Bool

  public init(word: String, reading: String, senses: [Sense], isCommon: Bool) {
    self.word = word
    self.reading = reading
    self.senses = senses
    self.isCommon = isCommon
  }

  /// The first meanings, for a study card: every gloss of the first sense, and the first of the
  /// second ("star; planet; heavenly body").
  public var shortGloss: String {
    var glosses = senses.first?.glosses ?? []
    if senses.count > 1, let next = senses[1].glosses.first { glosses.append(next) }
    var seen = Set<String>()
    return glosses.filter { seen.insert($0).inserted }.prefix(4).joined(separator: "; ")
  }
}
