import Synchronization

/// How a reading of each kanji may start, as UTF-8 hiragana, worked out on first use and kept
/// by code point: KANJIDIC2's readings (okurigana left off), and each with its last sound
/// doubled (一 いち in いっとう). Telling whether a word's reading starts as its first kanji is
/// read then costs a lock and a few byte comparisons, where the readings themselves are strings
/// rebuilt on every call.
final class KanjiReadingStarts: Sendable {
  private let readings: @Sendable (Character) -> [String]
  private let slots: Mutex<[[[UInt8]]?]>

  init(readings: @escaping @Sendable (Character) -> [String]) {
    self.readings = readings
    slots = Mutex([[[UInt8]]?](repeating: nil, count: KanjiCandidateTable.slotCount))
  }

  /// Whether `reading` (hiragana, UTF-8) starts with a reading of `kanji`.
  func reading(_ reading: UnsafeBufferPointer<UInt8>, startsAs kanji: Unicode.Scalar) -> Bool {
    starts(of: kanji).contains { reading.starts(with: $0) }
  }

  private func starts(of kanji: Unicode.Scalar) -> [[UInt8]] {
    guard let slot = KanjiCandidateTable.slot(kanji) else {
      return Self.starts(readings(Character(kanji)))
    }
    if let known = slots.withLock({ $0[slot] }) { return known }
    let computed = Self.starts(readings(Character(kanji)))
    slots.withLock { $0[slot] = computed }
    return computed
  }

  private static func starts(_ readings: [String]) -> [[UInt8]] {
    readings.flatMap { reading -> [[UInt8]] in
      guard reading.count > 1 else { return [Array(reading.utf8)] }
      return [Array(reading.utf8), Array((reading.dropLast() + "っ").utf8)]
    }
  }
}
