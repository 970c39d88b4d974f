import OnpuCore

/// How well readings and accents match an accent dictionary (kanjium's accents.txt: word, reading
/// and accepted nuclei per line), for the analyzer, for a direct lookup of UniDic's aType (the
/// first token's, as a tool with no phrase rules would read it) and for guessing heiban always.
/// An accent counts only when the reading matched too, since the nucleus counts morae of it.
public struct AccentAccuracy: Sendable {
  public struct Entry: Hashable, Sendable {
    public var word: String
    public var reading: String
    public var nuclei: [Int]
  }

  public enum Disagreement: String, CaseIterable, Sendable {
    case otherReading = "reading differs from the dictionary's"
    case oneTokenHeibanOdaka = "one token, heiban and odaka swapped (UniDic's aType)"
    case oneTokenOther = "one token, another nucleus (UniDic's aType)"
    case compound = "several tokens joined by aConType rules, another nucleus"
    case severalPhrases = "several tokens left as separate accent phrases"
  }

  public var words = 0
  public var readings = 0
  public var analyzer = 0
  public var direct = 0
  public var heiban = 0
  /// Heiban guesses right among the words whose reading matched (the others are in `heiban`).
  public var heibanOnMatchedReadings = 0
  public var disagreements: [Disagreement: Int] = [:]

  public init() {}

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

  public mutating func add(_ entry: Entry, tagger: MeCabTagger, builder: LyricsLineBuilder) {
    words += 1
    if entry.nuclei.contains(0) { heiban += 1 }
    let morphemes = tagger.parse(entry.word)
    let phrases = builder.phrases(morphemes)
    let reading = phrases.flatMap(\.words).map(\.reading).joined()
    guard reading == entry.reading else {
      disagreements[.otherReading, default: 0] += 1
      return
    }
    readings += 1
    if entry.nuclei.contains(0) { heibanOnMatchedReadings += 1 }
    let directNucleus = morphemes.first?.accentNuclei.first ?? 0
    if entry.nuclei.contains(directNucleus) { direct += 1 }
    guard phrases.count == 1, let nucleus = phrases[0].nucleus else {
      disagreements[.severalPhrases, default: 0] += 1
      return
    }
    if entry.nuclei.contains(nucleus) {
      analyzer += 1
    } else if morphemes.count > 1 {
      disagreements[.compound, default: 0] += 1
    } else {
      let morae = phrases[0].morae
      let swapped =
        (nucleus == 0 && entry.nuclei.contains(morae))
        || (nucleus == morae && entry.nuclei.contains(0))
      disagreements[swapped ? .oneTokenHeibanOdaka : .oneTokenOther, default: 0] += 1
    }
  }
}
