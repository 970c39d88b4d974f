/// Every key of a word table and every beginning of one (cut between scalars) in one
/// open-addressing hash table, so that a text a lyric's tokens spell is one probe away from
/// knowing whether it is a headword or may grow into one, where the sorted table needs a
/// binary search through memory the cache does not hold.
struct HeadwordIndex: Sendable {
  /// The hash's high half (never 0) beside the key's place in the table plus one, or 0 for a
  /// beginning of keys only; 0 for an empty slot.
  private var slots: [UInt64]

  init(_ table: WordKeyTable) {
    var capacity = 1 << 16
    while capacity < table.count * 8 { capacity <<= 1 }
    slots = [UInt64](repeating: 0, count: capacity)
    for index in 0..<table.count {
      table.withKey(at: index) { key in
        for end in 1...key.count where end == key.count || key[end] & 0xC0 != 0x80 {
          insert(UnsafeBufferPointer(rebasing: key[..<end]), word: end == key.count ? index : nil)
        }
      }
    }
  }

  private mutating func insert(_ text: UnsafeBufferPointer<UInt8>, word: Int?) {
    let (tag, start) = Self.place(text)
    let mask = slots.count - 1
    var slot = start & mask
    while slots[slot] != 0, slots[slot] >> 32 != tag { slot = (slot + 1) & mask }
    let value = word.map { UInt64($0 + 1) } ?? slots[slot] & 0xFFFF_FFFF
    slots[slot] = tag << 32 | value
  }

  /// The key `text` is, if a key's beginning with the same hash is not mistaken for it (the
  /// caller compares the key's bytes), and whether any key starts with `text`.
  func lookup(_ text: UnsafeBufferPointer<UInt8>) -> (word: Int?, isPrefix: Bool) {
    guard !text.isEmpty else { return (nil, false) }
    let (tag, start) = Self.place(text)
    let mask = slots.count - 1
    var slot = start & mask
    while slots[slot] != 0 {
      if slots[slot] >> 32 == tag {
        let value = slots[slot] & 0xFFFF_FFFF
        return (value == 0 ? nil : Int(value - 1), true)
      }
      slot = (slot + 1) & mask
    }
    return (nil, false)
  }

  /// A tag from the hash's high half and a first slot from its low half.
  private static func place(_ text: UnsafeBufferPointer<UInt8>) -> (UInt64, Int) {
    let hash = UInt64(bitPattern: Int64(WordKeyTable.Builder.hash(text)))
    return (max(hash >> 32, 1), Int(truncatingIfNeeded: hash & 0xFFFF_FFFF))
  }
}
