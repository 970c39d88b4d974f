/// Every key of a word table and every beginning of one (cut between scalars) in one
/// open-addressing hash table, so that a text a lyric's tokens spell is one probe away from
/// knowing whether it is a headword or may grow into one, where the sorted table needs a
/// binary search through memory the cache does not hold. A key's slot also holds the hash of
/// its word's first reading, so that a run read as its headword usually is confirmed from the
/// one cache line the probe fetched.
///
/// Texts are told apart by a 64-bit hash, not by their bytes: two texts sharing one would be
/// taken for each other, at odds of about one in 10^19 per pair.
struct HeadwordIndex: @unchecked Sendable {
  /// Two words a slot: the text's hash (never 0; 0 for an empty slot), then the key's place in
  /// the table plus one (0 for a beginning of keys only) with, in the high half, the hash of its
  /// word's first reading. Read-only memory that `owner` keeps.
  private let slots: UnsafeBufferPointer<UInt64>
  private let owner: DictionaryBytes

  /// The section `section`, checked to be a power of two of slots naming keys of a table of
  /// `keyCount`, with an empty slot to end every probe.
  init(_ file: PreparedFile.Reader, section: Int, keyCount: Int) throws(PreparedFile.Invalid) {
    slots = try file.section(section, as: UInt64.self)
    owner = file.bytes
    let capacity = slots.count / 2
    guard capacity > 0, capacity & (capacity - 1) == 0 else { throw .corrupt("headword index") }
    var empty = false
    for slot in 0..<capacity {
      if slots[2 * slot] == 0 { empty = true }
      guard Int(UInt32(truncatingIfNeeded: slots[2 * slot + 1])) <= keyCount else {
        throw .corrupt("headword index")
      }
    }
    guard empty else { throw .corrupt("headword index") }
  }

  /// `firstReading` gives the hash of a key's first reading by its place in `table`.
  static func write(
    _ table: WordKeyTable, firstReading: (Int) -> UInt32, into file: inout PreparedFile.Writer
  ) {
    var capacity = 1 << 16
    while capacity * 3 < textCount(table) * 5 { capacity <<= 1 }
    var slots = [UInt64](repeating: 0, count: capacity * 2)
    for index in 0..<table.count {
      table.withKey(at: index) { key in
        for end in 1...key.count where end == key.count || key[end] & 0xC0 != 0x80 {
          let slot = slots.withUnsafeBufferPointer {
            place(UnsafeBufferPointer(rebasing: key[..<end]), in: $0)
          }
          if end == key.count {
            slots[2 * slot.index + 1] = UInt64(firstReading(index)) << 32 | UInt64(index + 1)
          }
          slots[2 * slot.index] = slot.hash
        }
      }
    }
    file.add(slots)
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
    let slot = Self.place(text, in: slots)
    guard slots[2 * slot.index] == slot.hash else { return (nil, false) }
    return (UInt32(truncatingIfNeeded: slots[2 * slot.index + 1]) == 0 ? nil : slot.index, true)
  }

  /// The key's place in the table.
  func word(at place: Int) -> Int { Int(UInt32(truncatingIfNeeded: slots[2 * place + 1])) - 1 }

  func firstReading(at place: Int) -> UInt32 { UInt32(slots[2 * place + 1] >> 32) }

  /// The slot holding `text` or, when none does, the empty one it would take.
  private static func place(
    _ text: UnsafeBufferPointer<UInt8>, in slots: UnsafeBufferPointer<UInt64>
  ) -> (index: Int, hash: UInt64) {
    let hash = max(UInt64(bitPattern: Int64(WordKeyTable.Builder.hash(text))), 1)
    let mask = slots.count / 2 - 1
    var index = Int(truncatingIfNeeded: hash) & mask
    while true {
      let stored = slots[2 * index]
      if stored == 0 || stored == hash { return (index, hash) }
      index = (index + 1) & mask
    }
  }
}
