import Synchronization

/// Each kanji's readings with their sound changes, worked out on first use and kept in a table
/// indexed by the kanji's code point: a lookup is an index under one lock per word, with no
/// hashing, and a kanji's readings sit together in memory.
final class KanjiCandidateTable: Sendable {
  /// One kanji's readings laid end to end: reading `k` is `scalars[start..<ends[k]]`, where
  /// `start` is the end of the one before (0 for the first).
  final class Readings: Sendable {
    let scalars: [Unicode.Scalar]
    let ends: [Int]

    init(_ readings: [String]) {
      var scalars: [Unicode.Scalar] = []
      var ends: [Int] = []
      ends.reserveCapacity(readings.count)
      for reading in readings {
        scalars.append(contentsOf: reading.unicodeScalars)
        ends.append(scalars.count)
      }
      self.scalars = scalars
      self.ends = ends
    }
  }

  private let readings: @Sendable (Character) -> [String]
  private let slots: Mutex<[Readings?]>

  init(readings: @escaping @Sendable (Character) -> [String]) {
    self.readings = readings
    slots = Mutex([Readings?](repeating: nil, count: Self.slotCount))
  }

  /// The ranges `LyricsWord.isKanji` accepts, one after another.
  private static let slotCount = 1 + 0x19C0 + 0x5200 + 0x200

  private static func slot(_ scalar: Unicode.Scalar) -> Int? {
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
  func candidates(for surface: [Unicode.Scalar]) -> [Readings?] {
    var keys: [Unicode.Scalar?] = []
    keys.reserveCapacity(surface.count)
    for index in surface.indices {
      let scalar = surface[index]
      keys.append(
        LyricsWord.isKanji(scalar)
          ? (scalar == "々" && index > 0 ? surface[index - 1] : scalar) : nil)
    }
    var found = slots.withLock { slots in
      keys.map { key in key.flatMap(Self.slot).flatMap { slots[$0] } }
    }
    for index in keys.indices {
      guard let key = keys[index], found[index] == nil else { continue }
      let computed = Readings(KanjiReadingAligner.variants(of: readings(Character(key))))
      if let slot = Self.slot(key) { slots.withLock { $0[slot] = computed } }
      for other in keys.indices where keys[other] == key { found[other] = computed }
    }
    return found
  }
}
