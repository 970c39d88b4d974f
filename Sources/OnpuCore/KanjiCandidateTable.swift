import Synchronization

/// Each kanji's readings with their sound changes, worked out on first use and kept in a table
/// indexed by the kanji's code point: a lookup is an index under one lock per word, with no
/// hashing, and a kanji's readings sit together in memory.
final class KanjiCandidateTable: Sendable {
  /// One kanji's readings in one buffer, to be read with one fetch from memory: their count
  /// `n`, where each ends, then their scalars end to end. Reading `k` is the scalars from the
  /// end of the one before (0 for the first) to `end(k)`.
  struct Readings: Sendable {
    private let data: [UInt32]

    init(_ readings: [String]) {
      var ends: [UInt32] = [UInt32(readings.count)]
      var scalars: [UInt32] = []
      for reading in readings {
        scalars.append(contentsOf: reading.unicodeScalars.lazy.map(\.value))
        ends.append(UInt32(scalars.count))
      }
      data = ends + scalars
    }

    var count: Int { Int(data[0]) }

    func end(_ k: Int) -> Int { Int(data[1 + k]) }

    /// Whether the scalars of the readings from `start` to `end` stand in `reading` at `j`.
    func matches(
      _ start: Int, _ end: Int, in reading: UnsafeBufferPointer<Unicode.Scalar>, at j: Int
    ) -> Bool {
      let base = 1 + count
      var offset = 0
      while start + offset < end {
        guard data[base + start + offset] == reading[j + offset].value else { return false }
        offset += 1
      }
      return true
    }
  }

  private let readings: @Sendable (Character) -> [String]
  private let slots: Mutex<[Readings?]>

  init(readings: @escaping @Sendable (Character) -> [String]) {
    self.readings = readings
    slots = Mutex([Readings?](repeating: nil, count: Self.slotCount))
  }

  /// The ranges `LyricsWord.isKanji` accepts, one after another.
  static let slotCount = 1 + 0x19C0 + 0x5200 + 0x200

  static func slot(_ scalar: Unicode.Scalar) -> Int? {
    let value = Int(scalar.value)
    switch value {
    case 0x3005: return 0
    case 0x3400...0x4DBF: return 1 + value - 0x3400
    case 0x4E00...0x9FFF: return 1 + 0x19C0 + value - 0x4E00
    case 0xF900...0xFAFF: return 1 + 0x19C0 + 0x5200 + value - 0xF900
    default: return nil
    }
  }

  /// The readings of each kanji of `surface` (nil elsewhere; 々 repeats the one before it).
  func candidates(for surface: UnsafeBufferPointer<Unicode.Scalar>) -> [Readings?] {
    var found = [Readings?](repeating: nil, count: surface.count)
    var missing = false
    slots.withLock { slots in
      for index in surface.indices {
        guard let slot = Self.key(surface, index).flatMap(Self.slot) else { continue }
        found[index] = slots[slot]
        missing = missing || found[index] == nil
      }
    }
    guard missing else { return found }
    for index in surface.indices where found[index] == nil {
      guard let key = Self.key(surface, index) else { continue }
      let computed = Readings(KanjiReadingAligner.variants(of: readings(Character(key))))
      if let slot = Self.slot(key) { slots.withLock { $0[slot] = computed } }
      for other in surface.indices where Self.key(surface, other) == key {
        found[other] = computed
      }
    }
    return found
  }

  /// The kanji whose readings stand at `index`: the scalar there, or the one before a 々; nil
  /// for kana and anything else.
  private static func key(_ surface: UnsafeBufferPointer<Unicode.Scalar>, _ index: Int)
    -> Unicode.Scalar?
  {
    let scalar = surface[index]
    guard LyricsWord.isKanji(scalar) else { return nil }
    return scalar == "々" && index > 0 ? surface[index - 1] : scalar
  }
}
