extension WordDictionary {
  /// A match of an entry as one number whose order is the ranking within a match class: common
  /// words first, then earlier senses, shorter headwords and the file's order.
  enum Posting {
    static func make(entry: Int, rare: Bool, length: Int) -> UInt64 {
      (rare ? 1 << 63 : 0) | UInt64(min(length, 0xFFFF)) << 32 | UInt64(UInt32(entry))
    }

    static func with(sense: Int, _ base: UInt64) -> UInt64 {
      base | UInt64(min(sense, 0x7FFF)) << 48
    }

    static func entry(_ posting: UInt64) -> Int { Int(UInt32(truncatingIfNeeded: posting)) }
  }

  /// The entries found so far, best first, each once: match classes are offered best first and
  /// each in ranking order, so an entry's first match is its best and the first `limit` are
  /// the answer.
  struct Ranking {
    let limit: Int
    private(set) var ids: [Int] = []
    private var taken = Set<Int>()

    init(limit: Int) { self.limit = limit }

    var isFull: Bool { ids.count >= limit }

    mutating func take(_ posting: UInt64) {
      let id = Posting.entry(posting)
      if !isFull, taken.insert(id).inserted { ids.append(id) }
    }

    mutating func take(_ postings: some Sequence<UInt64>) {
      for posting in postings {
        if isFull { return }
        take(posting)
      }
    }
  }
}

extension Slice<UnsafeBufferPointer<UInt64>> {
  /// Whether a slice in ascending order holds `value`.
  func containsSorted(_ value: UInt64) -> Bool {
    var low = startIndex
    var high = endIndex
    while low < high {
      let middle = low + (high - low) / 2
      if self[middle] < value {
        low = middle + 1
      } else {
        high = middle
      }
    }
    return low < endIndex && self[low] == value
  }
}
