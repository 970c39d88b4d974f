import Foundation
import OnpuCore

extension WordDictionary {
  /// The headword written `text` (UTF-8; a place to ask `usualReading(of:unless:)` with), if
  /// one is, and whether any headword starts with `text`.
  public func headword(utf8 text: UnsafeBufferPointer<UInt8>) -> (place: Int?, isPrefix: Bool) {
    guard Self.isComposed(text) else {
      var composed = Self.composed(String(decoding: text, as: UTF8.self))
      return composed.withUTF8 { headwords.lookup($0) }
    }
    return headwords.lookup(text)
  }

  /// Whether UTF-8 text has no scalar NFC may change (`composes(_:)`).
  private static func isComposed(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
    var bytes = text.makeIterator()
    var decoder = UTF8()
    while case .scalarValue(let scalar) = decoder.decode(&bytes) {
      if composes(scalar) { return false }
    }
    return true
  }

  /// The usual reading of the headword found by `headword(utf8:)` (common entries first, and
  /// said with a doubled sound where it is listed so too: `isSpoken(_:formOf:)`) when `reading`
  /// (UTF-8 kana of either script) is not it; nil when it is.
  public func usualReading(of place: Int, unless reading: UnsafeBufferPointer<UInt8>) -> String? {
    let hash = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: reading.count) { key in
      ReadingHashes.hash(Self.readingKey(reading, over: key))
    }
    let word = headwords.word(at: place)
    let postings = words.postings(at: word)
    let readings = postings.lazy.map { self.entries.reading(at: Posting.entry($0)) }
    func spoken(_ reading: String) -> String? {
      let read = Mora.hiragana(reading)
      return readings.first { Self.isSpoken(Mora.hiragana($0), formOf: read) }
    }
    guard hash == headwords.firstReading(at: place) || readingHashes.contains(hash, forKey: word)
    else { return readings.first.map { postings.count > 1 ? spoken($0) ?? $0 : $0 } }
    guard postings.count > 1 else { return nil }
    return spoken(String(decoding: reading, as: UTF8.self))
  }

  /// Whether `spoken` is `reading` with one く, き, ち or つ before another sound doubled into っ,
  /// as compounds are said (刻々 こくこく, こっこく). When a dictionary lists a word both ways
  /// the doubled one is the usual (JMdict marks 刻々 こっこく common; 時々刻々 じじこっこく).
  static func isSpoken(_ spoken: String, formOf reading: String) -> Bool {
    let spoken = Array(spoken.unicodeScalars)
    let reading = Array(reading.unicodeScalars)
    guard spoken.count == reading.count else { return false }
    let differing = spoken.indices.filter { spoken[$0] != reading[$0] }
    guard differing.count == 1, let place = differing.first, place + 1 < spoken.count else {
      return false
    }
    return spoken[place] == "っ" && "くきちつ".unicodeScalars.contains(reading[place])
  }

}

/// The hashes of each headword's readings (as `readingKey(_:)` writes them), side by side in
/// one array: telling whether a reading is one of a word's costs one or two cache lines, where
/// reading the entries costs one per entry. Two readings of one word that share a 32-bit hash
/// would be taken for each other; the odds are about one in four billion per pair.
struct ReadingHashes: @unchecked Sendable {
  /// Read-only memory that `owner` keeps.
  private let hashes: UnsafeBufferPointer<UInt32>
  private let starts: UnsafeBufferPointer<Int32>
  private let owner: DictionaryBytes

  /// The two sections from `first`, checked to hold `keyCount` keys' hashes.
  init(_ file: PreparedFile.Reader, first: Int, keyCount: Int) throws(PreparedFile.Invalid) {
    hashes = try file.section(first, as: UInt32.self)
    starts = try file.section(first + 1, as: Int32.self)
    owner = file.bytes
    guard starts.count == keyCount + 1, starts.first == 0,
      starts.last.map(Int.init) == hashes.count
    else { throw .corrupt("reading hashes") }
    for index in 1..<starts.count where starts[index] < starts[index - 1] {
      throw .corrupt("reading hashes")
    }
  }

  /// `entryHashes` holds `hash(_:)` of each entry's reading key, by entry.
  static func write(
    words: WordKeyTable, entryHashes: [UInt32], into file: inout PreparedFile.Writer
  ) {
    var hashes: [UInt32] = []
    var starts: [Int32] = [0]
    for index in 0..<words.count {
      for posting in words.postings(at: index) {
        hashes.append(entryHashes[WordDictionary.Posting.entry(posting)])
      }
      starts.append(Int32(hashes.count))
    }
    file.add(hashes)
    file.add(starts)
  }

  func contains(_ hash: UInt32, forKey index: Int) -> Bool {
    return hashes[Int(starts[index])..<Int(starts[index + 1])].contains(hash)
  }

  static func hash(_ key: UnsafeBufferPointer<UInt8>) -> UInt32 {
    UInt32(truncatingIfNeeded: WordKeyTable.Builder.hash(key))
  }
}
