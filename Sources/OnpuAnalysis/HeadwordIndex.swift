/// Every key of a word table and every beginning of one (cut between scalars) in one
/// open-addressing hash table, so that a text a lyric's tokens spell is one probe away from
/// knowing whether it is a headword or may grow into one, where the sorted table needs a
/// binary search through memory the cache does not hold. A key's slot also holds the hash of
/// its word's first reading, so that a run read as its headword usually is confirmed from the
/// one cache line the probe fetched.
///
/// Texts are told apart by a 64-bit hash, not by their bytes: two texts sharing one would be
/// taken for each other, at odds of about one in 10^19 per pair.
struct HeadwordIndex: Sendable {
  private struct Slot {
    /// The text's hash, never 0; 0 for an empty slot.
    var hash: UInt64 = 0
    /// The key's place in the table plus one; 0 for a beginning of keys only.
    var word: UInt32 = 0
    var firstReading: UInt32 = 0
  }

  private var slots: [Slot]

  /// `firstReading` gives the hash of a key's first reading by its place in `table`.
  init(_ table: WordKeyTable, firstReading: (Int) -> UInt32) {
    var capacity = 1 << 16
    while capacity * 3 < Self.textCount(table) * 5 { capacity <<= 1 }
    slots = [Slot](repeating: Slot(), count: capacity)
    for index in 0..<table.count {
      table.withKey(at: index) { key in
        for end in 1...key.count where end == key.count || key[end] & 0xC0 != 0x80 {
          let slot = place(UnsafeBufferPointer(rebasing: key[..<end]))
          if end == key.count {
            slots[slot.index].word = UInt32(index + 1)
            slots[slot.index].firstReading = firstReading(index)
          }
          slots[slot.index].hash = slot.hash
        }
      }
    }
  }

  /// How many texts the keys and their beginnings are. The keys are sorted: a key's beginnings
  /// that an earlier key shares are the ones it shares with the key just before it.
  private static func textCount(_ table: WordKeyTable) -> Int {
    var count = 0
    var previous: [UInt8] = []
    for index in 0..<table.count {
      table.withKey(at: index) { key in
        var shared = 0
        while shared < min(key.count, previous.count), key[shared] == previous[shared] {
          shared += 1
        }
        // The beginnings that end past the shared bytes, at a scalar boundary, are new.
        for end in (shared + 1)..<(key.count + 1)
        where end == key.count || key[end] & 0xC0 != 0x80 {
          count += 1
        }
        previous = Array(key)
      }
    }
    return count
  }

  /// The place of the key `text` is, if it is one (for `word(at:)` and `firstReading(at:)`),
  /// and whether any key starts with `text`.
  func lookup(_ text: UnsafeBufferPointer<UInt8>) -> (place: Int?, isPrefix: Bool) {
    guard !text.isEmpty else { return (nil, false) }
    let slot = place(text)
    guard slots[slot.index].hash == slot.hash else { return (nil, false) }
    return (slots[slot.index].word == 0 ? nil : slot.index, true)
  }

  /// The key's place in the table.
  func word(at place: Int) -> Int { Int(slots[place].word) - 1 }

  func firstReading(at place: Int) -> UInt32 { slots[place].firstReading }

  /// The slot holding `text` or, when none does, the empty one it would take.
  private func place(_ text: UnsafeBufferPointer<UInt8>) -> (index: Int, hash: UInt64) {
    let hash = max(UInt64(bitPattern: Int64(WordKeyTable.Builder.hash(text))), 1)
    let mask = slots.count - 1
    var index = Int(truncatingIfNeeded: hash) & mask
    while slots[index].hash != 0, slots[index].hash != hash { index = (index + 1) & mask }
    return (index, hash)
  }
}
