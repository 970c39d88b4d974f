import OnpuCore

/// How well readings and accents match an accent dictionary (kanjium's accents.txt: word, reading
/// and accepted nuclei per line), for the analyzer, for a direct lookup of UniDic's aType (the
/// first token's, as a tool with no phrase rules would read it) and for guessing heiban always.
/// Each word goes alone through the analyzer's tokens (MeCab, the readings songs sing, numbers
/// read as sung; no ruby). A reading kanjium's entry lacks is another valid reading when a
/// dictionary gives the word that reading (ReadingEquivalence), Latin letters left unread by
/// design, or wrong. An accent
/// counts only where the reading is kanjium's, since the nucleus counts morae of it; for another
/// valid reading, only where kanjium lists the word with that reading too.
public struct AccentAccuracy: Sendable {
  public struct Entry: Hashable, Sendable {
    public var word: String
    public var reading: String
    public var nuclei: [Int]
  }

  /// Why a word is not counted as an exact accent. Every word is either exact or in one class.
  public enum Disagreement: String, CaseIterable, Sendable {
    case equivalentReading = "another valid reading of the same word"
    case unreadLatin = "Latin letters or symbols left unread by design"
    case otherReading = "reading wrong (no dictionary gives the word that reading)"
    case pitchUnknown =
      "reading right, accent left unknown (a number, or a word read as JMdict reads it, that UniDic lacks)"
    case oneTokenHeibanOdaka = "one token, heiban and odaka swapped (UniDic's aType)"
    case oneTokenOther = "one token, another nucleus (UniDic's aType)"
    case compound = "several tokens joined by aConType rules, another nucleus"
    case severalPhrases = "several tokens left as separate accent phrases"
  }

  public var words = 0
  /// Readings equal to kanjium's entry.
  public var readings = 0
  /// Exact accents among those readings.
  public var analyzer = 0
  public var direct = 0
  public var heiban = 0
  /// Heiban guesses right among the words whose reading matched (the others are in `heiban`).
  public var heibanOnMatchedReadings = 0
  /// Other valid readings of the same word, by the first source that gives them.
  public var equivalents: [ReadingEquivalence.Source: Int] = [:]
  /// Of those, the ones whose accent is compared (kanjium lists the reading for the word), and
  /// the ones whose accent is exact.
  public var equivalentComparable = 0
  public var equivalentAccents = 0
  public var disagreements: [Disagreement: Int] = [:]

  public init() {}

  public var equivalent: Int { equivalents.values.reduce(0, +) }

  public static func entries(kanjium text: String) -> [Entry] {
    text.split(separator: "\n").compactMap { line in
      let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
      guard fields.count >= 3 else { return nil }
      let nuclei = fields[2].split(separator: ",").compactMap { Int($0) }
      guard !nuclei.isEmpty else { return nil }
      // Kana words leave the reading empty: the word is its reading.
      let reading = fields[1].isEmpty ? fields[0] : fields[1]
      return Entry(word: String(fields[0]), reading: Mora.hiragana(String(reading)), nuclei: nuclei)
    }
  }

  /// Counts the word and returns the analyzer's reading and the class of the word, nil when
  /// its accent is exact.
  @discardableResult
  public mutating func add(
    _ entry: Entry, analyzer reader: LyricsAnalyzer, readings equivalence: ReadingEquivalence
  ) -> (reading: String, disagreement: Disagreement?) {
    words += 1
    if entry.nuclei.contains(0) { heiban += 1 }
    let morphemes = reader.tokens(of: entry.word)
    let phrases = reader.builder.phrases(morphemes)
    let analysed = phrases.flatMap(\.words)
    let reading = analysed.map(\.reading).joined()
    guard reading == entry.reading else {
      if let source = equivalence.source(
        word: entry.word, reading: reading, expected: entry.reading)
      {
        equivalents[source, default: 0] += 1
        if let nuclei = equivalence.kanjiumNuclei(word: entry.word, reading: reading) {
          equivalentComparable += 1
          if phrases.count == 1, let nucleus = phrases[0].nucleus, nuclei.contains(nucleus) {
            equivalentAccents += 1
          }
        }
        return (reading, count(.equivalentReading))
      }
      if UnreadLatin.matches(analysed, reading: entry.reading) {
        return (reading, count(.unreadLatin))
      }
      return (reading, count(.otherReading))
    }
    readings += 1
    if entry.nuclei.contains(0) { heibanOnMatchedReadings += 1 }
    let directNucleus = morphemes.first?.accentNuclei.first ?? 0
    if entry.nuclei.contains(directNucleus) { direct += 1 }
    if analysed.contains(where: { $0.isPitchUnknown == true }) {
      return (reading, count(.pitchUnknown))
    }
    guard phrases.count == 1, let nucleus = phrases[0].nucleus else {
      return (reading, count(.severalPhrases))
    }
    if entry.nuclei.contains(nucleus) {
      analyzer += 1
      return (reading, nil)
    }
    if morphemes.count > 1 { return (reading, count(.compound)) }
    let morae = phrases[0].morae
    let swapped =
      (nucleus == 0 && entry.nuclei.contains(morae))
      || (nucleus == morae && entry.nuclei.contains(0))
    return (reading, count(swapped ? .oneTokenHeibanOdaka : .oneTokenOther))
  }

  private mutating func count(_ disagreement: Disagreement) -> Disagreement {
    disagreements[disagreement, default: 0] += 1
    return disagreement
  }
}
