import OnpuCore

/// Every word of EDICT, looked up by headword and reading and searched by kanji, kana, romaji
/// or English. Search reads sorted keys and posting lists built once, never the whole list.
public struct WordDictionary: Sendable {
  public let entries: [WordEntry]
  private let byWord: [String: [Int32]]
  private let byReading: [String: [Int32]]
  private let wordKeys: SortedKeys
  private let readingKeys: SortedKeys
  /// A whole gloss without its notes in parentheses and a verb's "to ", lowercased.
  private let byGloss: [String: [Posting]]
  private let byGlossWord: [String: [Posting]]
  private let glossWords: SortedKeys
  /// Per entry, what ranking reads: common or not, and the headword's length.
  private let rare: [UInt8]
  private let lengths: [Int32]

  struct Posting: Hashable {
    var entry: Int32
    var sense: Int32
  }

  /// Keys in order with the entries each stands for, so a prefix is a range. (Swift orders
  /// strings by their Unicode scalars, so the keys that share a prefix are neighbours.)
  struct SortedKeys {
    var keys: [String]
    var ids: [[Int32]]

    init(_ table: [String: [Int32]]) {
      keys = table.keys.sorted()
      ids = keys.map { table[$0] ?? [] }
    }

    /// The places of the keys that start with `prefix`.
    func range(prefix: String) -> Range<Int> {
      var low = 0
      var high = keys.count
      while low < high {
        let middle = (low + high) / 2
        if keys[middle] < prefix {
          low = middle + 1
        } else {
          high = middle
        }
      }
      // Every key that starts with the prefix sorts before the prefix and the last scalar.
      let past = prefix + "\u{10FFFF}"
      high = keys.count
      var end = low
      while end < high {
        let middle = (end + high) / 2
        if keys[middle] < past {
          end = middle + 1
        } else {
          high = middle
        }
      }
      return low..<end
    }
  }

  public init(entries: [WordEntry]) {
    self.entries = entries
    var byWord: [String: [Int32]] = [:]
    var byReading: [String: [Int32]] = [:]
    var byGloss: [String: [Posting]] = [:]
    var byGlossWord: [String: [Posting]] = [:]
    for (index, entry) in entries.enumerated() {
      let id = Int32(index)
      byWord[entry.word, default: []].append(id)
      byReading[Self.readingKey(entry.reading), default: []].append(id)
      for (senseIndex, sense) in entry.senses.enumerated() {
        let posting = Posting(entry: id, sense: Int32(senseIndex))
        var words = Set<Substring>()
        for gloss in sense.glosses {
          let key = Self.glossKey(gloss)
          if !key.isEmpty, byGloss[key]?.last != posting {
            byGloss[key, default: []].append(posting)
          }
          words.formUnion(Self.words(of: key))
        }
        for word in words { byGlossWord[String(word), default: []].append(posting) }
      }
    }
    rare = entries.map { $0.isCommon ? 0 : 1 }
    lengths = entries.map { Int32(clamping: $0.word.unicodeScalars.count) }
    self.byWord = byWord
    self.byReading = byReading
    self.byGloss = byGloss
    self.byGlossWord = byGlossWord
    wordKeys = SortedKeys(byWord)
    readingKeys = SortedKeys(byReading)
    glossWords = SortedKeys(byGlossWord.mapValues { _ in [] })
  }

  static func glossKey(_ gloss: String) -> String {
    var text = ""
    var depth = 0
    for character in gloss.lowercased() {
      if character == "(" {
        depth += 1
      } else if character == ")" {
        depth = max(0, depth - 1)
      } else if depth == 0 {
        text.append(character)
      }
    }
    let words = text.split(whereSeparator: \.isWhitespace)
    return words.drop(while: { $0 == "to" && words.count > 1 }).joined(separator: " ")
  }

  static func words(of text: String) -> [Substring] {
    text.split(whereSeparator: { !$0.isLetter && !$0.isNumber && $0 != "'" })
  }

  // MARK: Lookup

  /// The entries written `word`, those read `reading` (if given) first; for a word written in
  /// kana that no entry has as its headword, the entries read so. Common ones first.
  public func entries(word: String, reading: String? = nil) -> [WordEntry] {
    var ids = byWord[word] ?? []
    if ids.isEmpty, word.unicodeScalars.allSatisfy(Self.isKana) {
      ids = byReading[Self.readingKey(word)] ?? []
    }
    let wanted = reading.map(Mora.hiragana)
    return ids.map { entries[Int($0)] }.enumerated().sorted { lhs, rhs in
      let left = (Mora.hiragana(lhs.element.reading) == wanted, lhs.element.isCommon)
      let right = (Mora.hiragana(rhs.element.reading) == wanted, rhs.element.isCommon)
      if left != right { return left.0 != right.0 ? left.0 : left.1 }
      return lhs.offset < rhs.offset
    }.map(\.element)
  }

  // MARK: Search

  /// How well an entry matched: a smaller rank is better, then common words, then earlier senses
  /// and shorter headwords.
  struct Score: Comparable {
    var rank: Int
    var rare: UInt8
    var sense: Int32
    var length: Int32
    var entry: Int32

    static func < (lhs: Score, rhs: Score) -> Bool {
      (lhs.rank, lhs.rare, lhs.sense, lhs.length, lhs.entry)
        < (rhs.rank, rhs.rare, rhs.sense, rhs.length, rhs.entry)
    }
  }

  /// Kanji search headwords, kana (either script) and romaji (Hepburn or kunrei) readings, and
  /// anything else English glosses: exact headwords and readings first, then English whole
  /// glosses and whole words, then prefixes; common words first within each.
  public func search(_ query: String, limit: Int = 50) -> [WordEntry] {
    let query = String(query.split(whereSeparator: \.isWhitespace).joined(separator: " "))
    guard !query.isEmpty, limit > 0 else { return [] }
    var best: [Int32: Score] = [:]
    func add(_ id: Int32, rank: Int, sense: Int32 = 0) {
      let score = Score(
        rank: rank, rare: rare[Int(id)], sense: sense, length: lengths[Int(id)], entry: id)
      if let old = best[id], old <= score { return }
      best[id] = score
    }
    let hasKanji = query.contains(where: LyricsWord.isKanji)
    if hasKanji || query.unicodeScalars.allSatisfy(Self.isKanaOrMark) {
      for id in byWord[query] ?? [] { add(id, rank: 0) }
      scan(wordKeys, prefix: query, rank: 3, add)
    }
    if !hasKanji {
      let kana: String? =
        query.unicodeScalars.allSatisfy(Self.isKanaOrMark) ? query : Romaji.hiragana(query)
      if let kana, !kana.isEmpty, kana.unicodeScalars.allSatisfy(Self.isKanaOrMark) {
        let reading = Self.readingKey(kana)
        for id in byReading[reading] ?? [] { add(id, rank: 0) }
        scan(readingKeys, prefix: reading, rank: 3, add)
      }
      if query.contains(where: \.isLetter), !query.unicodeScalars.contains(where: Self.isKana) {
        searchEnglish(query, add)
      }
    }
    return best.values.sorted().prefix(limit).map { entries[Int($0.entry)] }
  }

  /// Prefix matches beyond this many are not looked at: a one-kana query would otherwise rank
  /// tens of thousands of words.
  static let prefixBudget = 2500

  private func scan(
    _ keys: SortedKeys, prefix: String, rank: Int, _ add: (Int32, Int, Int32) -> Void
  ) {
    var seen = 0
    for index in keys.range(prefix: prefix) where keys.keys[index] != prefix {
      for id in keys.ids[index] { add(id, rank, 0) }
      seen += keys.ids[index].count
      if seen > Self.prefixBudget { return }
    }
  }

  private func searchEnglish(_ query: String, _ add: (Int32, Int, Int32) -> Void) {
    let key = Self.glossKey(query)
    for posting in byGloss[key] ?? [] { add(posting.entry, 1, posting.sense) }
    let words = Self.words(of: key).map(String.init)
    guard let first = words.first else { return }
    var matches = Set(byGlossWord[first] ?? [])
    for word in words.dropFirst() { matches.formIntersection(byGlossWord[word] ?? []) }
    for posting in matches { add(posting.entry, 2, posting.sense) }
    guard words.count == 1, first.count >= 2 else { return }
    var seen = 0
    for index in glossWords.range(prefix: first) where glossWords.keys[index] != first {
      let postings = byGlossWord[glossWords.keys[index]] ?? []
      for posting in postings { add(posting.entry, 4, posting.sense) }
      seen += postings.count
      if seen > Self.prefixBudget { return }
    }
  }

  /// A reading as its sound: hiragana, with ぢ and づ as じ and ず, which romaji writes alike
  /// (kanazukai finds 仮名遣い, read かなづかい).
  static func readingKey(_ reading: String) -> String {
    String(
      String.UnicodeScalarView(
        Mora.hiragana(reading).unicodeScalars.map { scalar in
          scalar == "ぢ" ? "じ" : scalar == "づ" ? "ず" : scalar
        }))
  }

  static func isKana(_ scalar: Unicode.Scalar) -> Bool {
    (0x3041...0x3096).contains(scalar.value) || (0x30A1...0x30FA).contains(scalar.value)
  }

  static func isKanaOrMark(_ scalar: Unicode.Scalar) -> Bool {
    isKana(scalar) || scalar == "ー" || scalar == "・" || scalar == " "
  }
}

extension WordDictionary: WordGlossary {
  public func gloss(word: String, reading: String) -> String? {
    entries(word: word, reading: reading).first?.shortGloss
  }
}
