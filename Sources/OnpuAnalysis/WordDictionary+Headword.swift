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

  /// The usual reading of the headword found by `headword(utf8:)` (common entries first) when
  /// `reading` (UTF-8 kana of either script) is none of its readings; nil when it is one.
  public func usualReading(of place: Int, unless reading: UnsafeBufferPointer<UInt8>) -> String? {
    let hash = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: reading.count) { key in
      ReadingHashes.hash(Self.readingKey(reading, over: key))
    }
    if hash == headwords.firstReading(at: place) { return nil }
    let word = headwords.word(at: place)
    if readingHashes.contains(hash, forKey: word) { return nil }
    return words.postings(at: word).first.map { entries[Posting.entry($0)].reading }
  }
}

/// The hashes of each headword's readings (as `readingKey(_:)` writes them), side by side in
/// one array: telling whether a reading is one of a word's costs one or two cache lines, where
/// reading the entries costs one per entry. Two readings of one word that share a 32-bit hash
/// would be taken for each other; the odds are about one in four billion per pair.
struct ReadingHashes: Sendable {
  private var hashes: [UInt32] = []
  private var starts: [Int32] = [0]

  /// `entryHashes` holds `hash(_:)` of each entry's reading key, by entry.
  init(words: WordKeyTable, entryHashes: [UInt32]) {
    for index in 0..<words.count {
      for posting in words.postings(at: index) {
        hashes.append(entryHashes[WordDictionary.Posting.entry(posting)])
      }
      starts.append(Int32(hashes.count))
    }
  }

  func contains(_ hash: UInt32, forKey index: Int) -> Bool {
    return hashes[Int(starts[index])..<Int(starts[index + 1])].contains(hash)
  }

  static func hash(_ key: UnsafeBufferPointer<UInt8>) -> UInt32 {
    UInt32(truncatingIfNeeded: WordKeyTable.Builder.hash(key))
  }
}
