/// Every kanji KANJIDIC2 lists, looked up by character and searched by kanji, reading or meaning.
public struct KanjiDictionary: Sendable {
  public let entries: [KanjiEntry]
  private let byLiteral: [String: Int]
  /// Splits word readings over their kanji with this dictionary's readings.
  public let readingAligner: KanjiReadingAligner

  public init(entries: [KanjiEntry]) {
    self.entries = entries
    let byLiteral = Dictionary(
      entries.enumerated().map { ($1.literal, $0) }, uniquingKeysWith: { first, _ in first })
    self.byLiteral = byLiteral
    readingAligner = KanjiReadingAligner { kanji in
      byLiteral[String(kanji)].map { entries[$0].wordReadings } ?? []
    }
  }

  public subscript(literal: String) -> KanjiEntry? {
    byLiteral[literal].map { entries[$0] }
  }

  /// Kanji in the query stand for themselves, in order; kana searches readings (whole, then
  /// prefix); romaji searches readings as kana, then meanings as English; anything else searches
  /// the English meanings (a whole meaning, then a word of one).
  /// `radical:N` (or `radical:` and the radical's character) lists the kanji filed under that
  /// Kangxi radical. Within a kind of match, the more frequent kanji come first.
  public func search(_ query: String, limit: Int = 100) -> [KanjiEntry] {
    let query = query.trimmingWhitespace()
    guard !query.isEmpty else { return [] }
    if KangxiRadical.isQuery(query) {
      guard let radical = KangxiRadical.query(query) else { return [] }
      return entries.filter { $0.radical == radical.number }.sorted {
        ($0.frequency ?? .max, $0.strokes) < ($1.frequency ?? .max, $1.strokes)
      }.prefix(limit).map { $0 }
    }
    let kanji = query.filter(LyricsWord.isKanji)
    if !kanji.isEmpty {
      var seen = Set<String>()
      return kanji.compactMap { self[String($0)] }.filter { seen.insert($0.literal).inserted }
        .prefix(limit).map { $0 }
    }
    var ranked: [(rank: Int, entry: KanjiEntry)]
    let isKana: (String) -> Bool = {
      $0.unicodeScalars.allSatisfy { (0x3040...0x30FF).contains($0.value) }
    }
    let romaji = isKana(query) ? nil : Romaji.hiragana(query).flatMap { isKana($0) ? $0 : nil }
    if let reading = isKana(query) ? Mora.hiragana(query) : romaji {
      ranked = entries.compactMap { entry in
        let readings =
          entry.onReadings.map(Mora.hiragana)
          + entry.kunReadings.map { $0.replacing(".", with: "").replacing("-", with: "") }
        if readings.contains(reading) { return (0, entry) }
        if readings.contains(where: { $0.hasPrefix(reading) }) { return (1, entry) }
        return nil
      }
    } else {
      ranked = []
    }
    // Romaji may be English too ("sake"): its readings first, then its meanings.
    if !isKana(query) {
      let needle = query.lowercased()
      let shown = Set(ranked.map(\.entry.literal))
      let offset = romaji == nil ? 0 : 2
      ranked += entries.compactMap { entry -> (rank: Int, entry: KanjiEntry)? in
        guard !shown.contains(entry.literal) else { return nil }
        let meanings = entry.meanings.map { $0.lowercased() }
        if meanings.contains(needle) { return (offset, entry) }
        let words = meanings.flatMap { $0.split(whereSeparator: { !$0.isLetter }) }
        if words.contains(where: { $0 == needle }) { return (offset + 1, entry) }
        if meanings.contains(where: { $0.contains(needle) }) { return (offset + 2, entry) }
        return nil
      }
    }
    return ranked.sorted { lhs, rhs in
      if lhs.rank != rhs.rank { return lhs.rank < rhs.rank }
      let left = lhs.entry.frequency ?? .max
      let right = rhs.entry.frequency ?? .max
      if left != right { return left < right }
      return lhs.entry.strokes < rhs.entry.strokes
    }.prefix(limit).map(\.entry)
  }
}

extension String {
  func trimmingWhitespace() -> String {
    String(drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
  }
}
