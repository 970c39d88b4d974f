import OnpuCore

/// Whether a reading the analyzer gives a word, where kanjium's entry has another, is still a
/// reading of the same written word. Kanjium scores words alone, so it cannot tell 日本語 read
/// にほんご from にっぽんご; a dictionary that lists both can. The sources, in the order asked:
/// kanjium itself (another of its entries is the word with that reading, whose accent can then
/// be compared), EDICT (edited apart from MeCab and UniDic), and UniDic when it lists the whole
/// word with both readings, so MeCab chose between readings it knows. UniDic listing only the
/// analyzer's reading does not count: a token's own reading would vouch for itself.
public struct ReadingEquivalence: Sendable {
  public enum Source: String, CaseIterable, Codable, Sendable {
    case kanjium = "kanjium lists the word with that reading as another entry"
    case edict = "EDICT gives the word that reading"
    case unidic = "UniDic lists the whole word with both readings"
  }

  /// Kanjium's nuclei by word, then by reading in hiragana.
  private let kanjium: [String: [String: [Int]]]
  private let words: WordDictionary?
  private let unidic: (@Sendable (_ surface: String) -> [Morpheme])?

  /// `entries` should be the whole of kanjium even when only some of it is scored, so that every
  /// other entry of a word is known.
  public init(
    kanjium entries: [AccentAccuracy.Entry], words: WordDictionary?,
    unidic: (@Sendable (_ surface: String) -> [Morpheme])?
  ) {
    var kanjium: [String: [String: [Int]]] = [:]
    for entry in entries {
      let known = kanjium[entry.word, default: [:]][entry.reading, default: []]
      kanjium[entry.word, default: [:]][entry.reading] =
        known + entry.nuclei.filter { !known.contains($0) }
    }
    self.kanjium = kanjium
    self.words = words
    self.unidic = unidic
  }

  /// The nuclei kanjium accepts for `word` read `reading` (hiragana), if it lists that reading.
  public func kanjiumNuclei(word: String, reading: String) -> [Int]? {
    kanjium[word]?[reading]
  }

  /// The first source that gives `word` the analyzer's `reading` beside kanjium's `expected`
  /// one; nil when none does.
  public func source(word: String, reading: String, expected: String) -> Source? {
    guard !reading.isEmpty, reading != expected else { return nil }
    if kanjiumNuclei(word: word, reading: reading) != nil { return .kanjium }
    if let words,
      words.entries(word: word).contains(where: { Mora.hiragana($0.reading) == reading })
    {
      return .edict
    }
    if let unidic {
      let readings = Set(unidic(word).compactMap { $0.kana.map(Mora.hiragana) })
      if readings.contains(reading) && readings.contains(expected) { return .unidic }
    }
    return nil
  }
}
