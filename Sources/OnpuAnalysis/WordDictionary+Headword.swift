import Foundation
import OnpuCore

extension WordDictionary {
  /// The headword written `text` (a place to ask `usualReading(of:unless:)` with), if one is,
  /// and whether any headword starts with `text`.
  public func headword(_ text: String) -> (word: Int?, isPrefix: Bool) {
    var text = Self.composed(text)
    return text.withUTF8 { bytes in
      let (word, isPrefix) = headwords.lookup(bytes)
      guard let word else { return (nil, isPrefix) }
      return words.withKey(at: word) { $0.elementsEqual(bytes) } ? (word, true) : (nil, true)
    }
  }

  /// The usual reading of the headword found by `headword(_:)` (common entries first) when
  /// `reading` (kana of either script) is none of its readings; nil when it is one.
  public func usualReading(of word: Int, unless reading: String) -> String? {
    var key: [UInt8] = []
    Self.readingKey(reading, into: &key)
    if readingHashes.contains(key, forKey: word) { return nil }
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

  func contains(_ key: [UInt8], forKey index: Int) -> Bool {
    let hash = key.withUnsafeBufferPointer(Self.hash)
    return hashes[Int(starts[index])..<Int(starts[index + 1])].contains(hash)
  }

  static func hash(_ key: UnsafeBufferPointer<UInt8>) -> UInt32 {
    UInt32(truncatingIfNeeded: WordKeyTable.Builder.hash(key))
  }
}
