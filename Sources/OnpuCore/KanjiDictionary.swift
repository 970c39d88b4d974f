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
  /// prefix); anything else searches the English meanings (a whole meaning, then a word of one).
  /// Within a kind of match, the more frequent kanji come first.
  public func search(_ query: String, limit: Int = 100) -> [KanjiEntry] {
    let query = query.trimmingWhitespace()
    guard !query.isEmpty else { return [] }
    let kanji = query.filter(LyricsWord.isKanji)
    if !kanji.isEmpty {
      var seen = Set<String>()
      return kanji.compactMap { self[String($0)] }.filter { seen.insert($0.literal).inserted }
        .prefix(limit).map { $0 }
    }
    let ranked: [(rank: Int, entry: KanjiEntry)]
    if query.unicodeScalars.allSatisfy({ (0x3040...0x30FF).contains($0.value) }) {
      let reading = Mora.hiragana(query)
      ranked = entries.compactMap { entry in
        let readings =
          entry.onReadings.map(Mora.hiragana)
          + entry.kunReadings.map { $0.replacing(".", with: "").replacing("-", with: "") }
        if readings.contains(reading) { return (0, entry) }
        if readings.contains(where: { $0.hasPrefix(reading) }) { return (1, entry) }
        return nil
      }
    } else {
      let needle = query.lowercased()
      ranked = entries.compactMap { entry in
        let meanings = entry.meanings.map { $0.lowercased() }
        if meanings.contains(needle) { return (0, entry) }
        let words = meanings.flatMap { $0.split(whereSeparator: { !$0.isLetter }) }
        if words.contains(where: { $0 == needle }) { return (1, entry) }
        if meanings.contains(where: { $0.contains(needle) }) { return (2, entry) }
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
