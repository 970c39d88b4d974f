import Foundation
import OnpuCore

/// Every word of EDICT, looked up by headword and reading and searched by kanji, kana, romaji
/// or English. Search reads sorted keys whose postings are already in ranking order, built
/// once, never the whole list.
public struct WordDictionary: Sendable {
  public let entries: WordEntries
  let words: WordKeyTable
  private let readings: WordKeyTable
  /// A whole gloss without its notes in parentheses and a verb's "to ", lowercased.
  private let glosses: WordKeyTable
  private let glossWords: WordKeyTable
  let headwords: HeadwordIndex
  let readingHashes: ReadingHashes

  /// The version of the prepared file's layout: a change to it prepares every file again.
  static let formatVersion: UInt32 = 1

  /// A prepared file read in place, each of its tables checked to stay within it.
  init(_ file: PreparedFile.Reader) throws(PreparedFile.Invalid) {
    entries = try WordEntries(file, first: 0)
    let entryCount = entries.count
    words = try WordKeyTable(file, first: 2, entryCount: entryCount)
    readings = try WordKeyTable(file, first: 6, entryCount: entryCount)
    glosses = try WordKeyTable(file, first: 10, entryCount: entryCount)
    glossWords = try WordKeyTable(file, first: 14, entryCount: entryCount)
    readingHashes = try ReadingHashes(file, first: 18, keyCount: words.count)
    headwords = try HeadwordIndex(file, section: 20, keyCount: words.count)
  }

  /// The dictionary of `entries`, prepared in memory of its own.
  public init(entries: [WordEntry]) {
    let image = Self.prepared(entries, source: .init(size: 0, modifiedNanoseconds: 0))
    self = try! WordDictionary(
      PreparedFile.Reader(DictionaryBytes(copying: image), version: Self.formatVersion, source: nil)
    )
  }

  /// The prepared file of `entries`: the entries, then the key tables of headwords, readings,
  /// whole glosses and gloss words, each key's reading hashes and the headword index.
  static func prepared(_ entries: [WordEntry], source: PreparedFile.Source) -> [UInt8] {
    var file = PreparedFile.Writer()
    WordEntries.write(entries, into: &file)
    var words = WordKeyTable.Builder()
    var readings = WordKeyTable.Builder()
    var glosses = WordKeyTable.Builder()
    var glossWords = WordKeyTable.Builder()
    var reading: [UInt8] = []
    var entryReadingHashes: [UInt32] = []
    entryReadingHashes.reserveCapacity(entries.count)
    for (index, entry) in entries.enumerated() {
      let base = Posting.make(
        entry: index, rare: !entry.isCommon, length: entry.word.unicodeScalars.count)
      words.add(entry.word, base)
      Self.readingKey(entry.reading, into: &reading)
      readings.add(reading[...], base)
      entryReadingHashes.append(reading.withUnsafeBufferPointer(ReadingHashes.hash))
      for (senseIndex, sense) in entry.senses.enumerated() {
        let posting = Posting.with(sense: senseIndex, base)
        for gloss in sense.glosses {
          GlossKey.read(gloss) { key in
            if !key.isEmpty { glosses.add(key, posting) }
          } words: { word in
            glossWords.add(word, posting)
          }
        }
      }
    }
    let wordTable = words.table()
    for table in [wordTable, readings.table(), glosses.table(), glossWords.table()] {
      table.write(into: &file)
    }
    ReadingHashes.write(words: wordTable, entryHashes: entryReadingHashes, into: &file)
    HeadwordIndex.write(
      wordTable,
      firstReading: { index in
        wordTable.postings(at: index).first.map { entryReadingHashes[Posting.entry($0)] } ?? 0
      }, into: &file)
    return file.bytes(version: formatVersion, source: source)
  }

  // MARK: Lookup

  /// The entries written `word`, those read `reading` (if given) first; for a word written in
  /// kana that no entry has as its headword, the entries read so. Common ones first.
  public func entries(word: String, reading: String? = nil) -> [WordEntry] {
    var ids = words.index(of: Self.utf8(word)).map { words.postings(at: $0).map(Posting.entry) }
    if ids == nil, word.unicodeScalars.allSatisfy(Self.isKana) {
      ids = readings.index(of: Self.utf8(Self.readingKey(word))).map {
        readings.postings(at: $0).map(Posting.entry)
      }
    }
    let wanted = reading.map(Mora.hiragana)
    return (ids ?? []).sorted().map { entries[$0] }.enumerated().sorted { lhs, rhs in
      let left = (Mora.hiragana(lhs.element.reading) == wanted, lhs.element.isCommon)
      let right = (Mora.hiragana(rhs.element.reading) == wanted, rhs.element.isCommon)
      if left != right { return left.0 != right.0 ? left.0 : left.1 }
      return lhs.offset < rhs.offset
    }.map(\.element)
  }

  // MARK: Search

  /// Kanji search headwords, kana (either script) and romaji (Hepburn or kunrei) readings, and
  /// anything else English glosses: exact headwords and readings first, then English whole
  /// glosses and whole words, then prefixes of headwords and readings, then of English words;
  /// within each, common words first, then earlier senses, shorter headwords and the file's
  /// order. Each match class is read in that order and only until `limit` entries are found.
  public func search(_ query: String, limit: Int = 50) -> [WordEntry] {
    let query = String(query.split(whereSeparator: \.isWhitespace).joined(separator: " "))
    guard !query.isEmpty, limit > 0 else { return [] }
    var exact: [UInt64] = []
    var prefixed: [UInt64] = []
    let hasKanji = query.contains(where: LyricsWord.isKanji)
    let isKana = query.unicodeScalars.allSatisfy(Self.isKanaOrMark)
    if hasKanji || isKana {
      let key = Self.utf8(query)
      if let index = words.index(of: key) { exact += words.postings(at: index) }
      scan(words, prefix: key, into: &prefixed)
    }
    var english = false
    if !hasKanji {
      let kana: String? = isKana ? query : Romaji.hiragana(query)
      if let kana, !kana.isEmpty, kana.unicodeScalars.allSatisfy(Self.isKanaOrMark) {
        let reading = Self.utf8(Self.readingKey(kana))
        if let index = readings.index(of: reading) { exact += readings.postings(at: index) }
        scan(readings, prefix: reading, into: &prefixed)
      }
      if query.contains(where: \.isLetter), !query.unicodeScalars.contains(where: Self.isKana) {
        english = true
      }
    }
    var ranking = Ranking(limit: limit)
    ranking.take(exact.sorted())
    let englishWords = english ? searchEnglish(query, &ranking) : []
    if !ranking.isFull { ranking.take(prefixed.sorted()) }
    if englishWords.count == 1, let word = englishWords.first, word.count >= 2, !ranking.isFull {
      var found: [UInt64] = []
      scan(glossWords, prefix: Self.utf8(word), into: &found)
      ranking.take(found.sorted())
    }
    return ranking.ids.map { entries[$0] }
  }

  /// Prefix matches beyond this many are not looked at: a one-kana query would otherwise rank
  /// tens of thousands of words.
  static let prefixBudget = 2500

  private func scan(_ table: WordKeyTable, prefix: [UInt8], into found: inout [UInt64]) {
    var seen = 0
    for index in table.range(prefix: prefix) where !table.isKey(index, equalTo: prefix) {
      let postings = table.postings(at: index)
      found += postings
      seen += postings.count
      if seen > Self.prefixBudget { return }
    }
  }

  /// Whole glosses, then glosses holding every word of the query; the query's words.
  private func searchEnglish(_ query: String, _ ranking: inout Ranking) -> [String] {
    let key = GlossKey.key(query)
    if let index = glosses.index(of: Self.utf8(key)) { ranking.take(glosses.postings(at: index)) }
    let queryWords = GlossKey.words(of: key).map(String.init)
    guard !queryWords.isEmpty, !ranking.isFull else { return queryWords }
    let lists = queryWords.map { glossWords.postings(of: Self.utf8($0)) }
    guard let shortest = lists.min(by: { $0.count < $1.count }) else { return queryWords }
    for posting in shortest where !ranking.isFull {
      if lists.allSatisfy({ $0.containsSorted(posting) }) { ranking.take(posting) }
    }
    return queryWords
  }

  /// A query's or a word's UTF-8, composed as EDICT's keys are (NFC), so that a decomposed
  /// が finds the words written with が.
  static func utf8(_ text: String) -> [UInt8] { Array(composed(text).utf8) }

  /// The text in NFC, as EDICT's keys are; itself when it has no scalar NFC may change.
  static func composed(_ text: String) -> String {
    text.unicodeScalars.contains(where: composes)
      ? text.precomposedStringWithCanonicalMapping : text
  }

  /// A scalar NFC may change: a combining mark (Latin accents, kana's voiced marks), Hangul
  /// jamo or a CJK compatibility ideograph. Text without any is already composed.
  static func composes(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0..<0x300: false
    case 0x300...0x36F, 0x1100...0x11FF, 0x3099...0x309A, 0xF900...0xFAFF, 0x2F800...0x2FA1F:
      true
    default: scalar.value < 0x3000 && scalar.properties.canonicalCombiningClass != .notReordered
    }
  }

  /// A reading as its sound: hiragana, with ぢ and づ as じ and ず, which romaji writes alike
  /// (kanazukai finds 仮名遣い, read かなづかい).
  static func readingKey(_ reading: String) -> String {
    String(String.UnicodeScalarView(reading.unicodeScalars.map(keyScalar)))
  }

  /// `readingKey(_:)` in UTF-8, written over `bytes`.
  static func readingKey(_ reading: String, into bytes: inout [UInt8]) {
    bytes.removeAll(keepingCapacity: true)
    for scalar in reading.unicodeScalars {
      UTF8.encode(keyScalar(scalar)) { bytes.append($0) }
    }
  }

  /// `readingKey(_:)` of UTF-8 kana, written over `key` (as long as `reading`: a kana and its
  /// key take three bytes each); the part of `key` written.
  static func readingKey(
    _ reading: UnsafeBufferPointer<UInt8>, over key: UnsafeMutableBufferPointer<UInt8>
  ) -> UnsafeBufferPointer<UInt8> {
    var count = 0
    var bytes = reading.makeIterator()
    var decoder = UTF8()
    while case .scalarValue(let scalar) = decoder.decode(&bytes) {
      UTF8.encode(keyScalar(scalar)) { byte in
        key[count] = byte
        count += 1
      }
    }
    return UnsafeBufferPointer(rebasing: key[..<count])
  }

  /// A scalar of a reading key: katakana as hiragana, ぢ and づ as じ and ず.
  private static func keyScalar(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
    var value = scalar.value
    if (0x30A1...0x30F6).contains(value) { value -= 0x60 }
    if value == 0x3062 { value = 0x3058 }  // ぢ じ
    if value == 0x3065 { value = 0x305A }  // づ ず
    return Unicode.Scalar(value)!
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
