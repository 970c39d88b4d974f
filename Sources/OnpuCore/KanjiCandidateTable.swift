import Synchronization

/// Each kanji's readings with their sound changes, worked out on first use and kept in a table
/// indexed by the kanji's code point: a lookup is an index under one lock per word, with no
/// hashing, and a kanji's readings sit together in memory. They are written into chunks of
/// memory the table owns, never moved nor changed once written: a lookup hands out where they
/// lie, with no object to count references to.
final class KanjiCandidateTable: @unchecked Sendable {
  /// One kanji's readings in one run of memory: their count `n`, where each ends, then their
  /// scalars end to end. Reading `k` is the scalars from the end of the one before (0 for the
  /// first) to `end(k)`. Valid while its table lives.
  struct Readings: @unchecked Sendable {
    private let data: UnsafePointer<UInt32>

    fileprivate init(_ data: UnsafePointer<UInt32>) { self.data = data }

    /// The layout above, for `readings`.
    fileprivate static func layout(_ readings: [String]) -> [UInt32] {
      var ends: [UInt32] = [UInt32(readings.count)]
      var scalars: [UInt32] = []
      for reading in readings {
        scalars.append(contentsOf: reading.unicodeScalars.lazy.map(\.value))
        ends.append(UInt32(scalars.count))
      }
      return ends + scalars
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

  /// Where each kanji's readings lie (0 while not worked out), and the chunks they lie in, the
  /// last filled up to `used`.
  private struct Storage {
    var places: [UInt]
    var chunks: [UnsafeMutablePointer<UInt32>] = []
    var used = Self.chunkSize

    static let chunkSize = 1 << 16

    /// Copies `data` into the chunks and says where it lies.
    mutating func keep(_ data: [UInt32]) -> UnsafePointer<UInt32> {
      if used + data.count > Self.chunkSize {
        chunks.append(.allocate(capacity: max(Self.chunkSize, data.count)))
        used = 0
      }
      let place = chunks[chunks.count - 1] + used
      _ = UnsafeMutableBufferPointer(start: place, count: data.count).initialize(from: data)
      used += data.count
      return UnsafePointer(place)
    }
  }

  private let readings: @Sendable (Character) -> [String]
  private let storage: Mutex<Storage>

  init(readings: @escaping @Sendable (Character) -> [String]) {
    self.readings = readings
    storage = Mutex(Storage(places: [UInt](repeating: 0, count: Self.slotCount)))
  }

  deinit {
    storage.withLock { storage in
      for chunk in storage.chunks { chunk.deallocate() }
    }
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
    storage.withLock { storage in
      for index in surface.indices {
        guard let slot = Self.key(surface, index).flatMap(Self.slot) else { continue }
        let place = storage.places[slot]
        if let pointer = UnsafePointer<UInt32>(bitPattern: place) {
          found[index] = Readings(pointer)
        } else {
          missing = true
        }
      }
    }
    guard missing else { return found }
    for index in surface.indices where found[index] == nil {
      guard let key = Self.key(surface, index), let slot = Self.slot(key) else { continue }
      let data = Readings.layout(KanjiReadingAligner.variants(of: readings(Character(key))))
      let computed = storage.withLock { storage in
        if let known = UnsafePointer<UInt32>(bitPattern: storage.places[slot]) { return known }
        let place = storage.keep(data)
        storage.places[slot] = UInt(bitPattern: place)
        return place
      }
      for other in surface.indices where Self.key(surface, other) == key {
        found[other] = Readings(computed)
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
