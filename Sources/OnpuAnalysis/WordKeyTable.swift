#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Search keys in UTF-8 byte order (the order of their Unicode scalars), each with its postings
/// in ranking order, all in flat arrays read in place from a prepared file: a key is a binary
/// search, a prefix a range of keys.
struct WordKeyTable: @unchecked Sendable {
  /// Read-only memory that `owner` keeps.
  private let bytes: UnsafeBufferPointer<UInt8>
  /// Where each key starts in `bytes`, and one past the last.
  private let keyStarts: UnsafeBufferPointer<Int32>
  /// Where each key's postings start in `postings`, and one past the last.
  private let postingStarts: UnsafeBufferPointer<Int32>
  let postings: UnsafeBufferPointer<UInt64>
  private let owner: DictionaryBytes

  /// The table in four sections from `first`, its offsets checked to stay within them and its
  /// postings to name entries below `entryCount`.
  init(_ file: PreparedFile.Reader, first: Int, entryCount: Int) throws(PreparedFile.Invalid) {
    bytes = try file.section(first, as: UInt8.self)
    keyStarts = try file.section(first + 1, as: Int32.self)
    postingStarts = try file.section(first + 2, as: Int32.self)
    postings = try file.section(first + 3, as: UInt64.self)
    owner = file.bytes
    guard keyStarts.count == postingStarts.count, keyStarts.first == 0, postingStarts.first == 0,
      keyStarts.last.map(Int.init) == bytes.count,
      postingStarts.last.map(Int.init) == postings.count
    else { throw .corrupt("key table \(first)") }
    for index in 1..<keyStarts.count
    where keyStarts[index] < keyStarts[index - 1] || postingStarts[index] < postingStarts[index - 1]
    {
      throw .corrupt("key table \(first)")
    }
    for posting in postings where WordDictionary.Posting.entry(posting) >= entryCount {
      throw .corrupt("key table \(first)")
    }
  }

  /// The four sections `init(_:first:entryCount:)` reads.
  func write(into file: inout PreparedFile.Writer) {
    file.add(raw: UnsafeRawBufferPointer(bytes))
    file.add(raw: UnsafeRawBufferPointer(keyStarts))
    file.add(raw: UnsafeRawBufferPointer(postingStarts))
    file.add(raw: UnsafeRawBufferPointer(postings))
  }

  var count: Int { keyStarts.count - 1 }

  /// The postings of the key at `index`, best first.
  func postings(at index: Int) -> Slice<UnsafeBufferPointer<UInt64>> {
    postings[Int(postingStarts[index])..<Int(postingStarts[index + 1])]
  }

  /// The postings of `key`, none if it is not one.
  func postings(of key: [UInt8]) -> Slice<UnsafeBufferPointer<UInt64>> {
    index(of: key).map(postings(at:)) ?? postings[0..<0]
  }

  /// The place of `key`, if it is one.
  func index(of key: [UInt8]) -> Int? {
    let index = firstIndex(notBefore: key, prefixOnly: false)
    guard index < count, compare(index, key, prefixOnly: false) == 0 else { return nil }
    return index
  }

  /// The bytes of the key at `index`.
  func withKey<Result>(at index: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
    body(UnsafeBufferPointer(rebasing: bytes[Int(keyStarts[index])..<Int(keyStarts[index + 1])]))
  }

  func isKey(_ index: Int, equalTo key: [UInt8]) -> Bool {
    compare(index, key, prefixOnly: false) == 0
  }

  /// The places of the keys that start with `prefix`, in order.
  func range(prefix: [UInt8]) -> Range<Int> {
    let low = firstIndex(notBefore: prefix, prefixOnly: false)
    var high = count
    var end = low
    while end < high {
      let middle = (end + high) / 2
      if compare(middle, prefix, prefixOnly: true) <= 0 {
        end = middle + 1
      } else {
        high = middle
      }
    }
    return low..<end
  }

  /// The first key not ordered before `key` (or, with `prefixOnly`, before keys that start with it).
  private func firstIndex(notBefore key: [UInt8], prefixOnly: Bool) -> Int {
    var low = 0
    var high = count
    while low < high {
      let middle = (low + high) / 2
      if compare(middle, key, prefixOnly: prefixOnly) < 0 {
        low = middle + 1
      } else {
        high = middle
      }
    }
    return low
  }

  /// The key at `index` against `key`, bytewise; with `prefixOnly`, only its first
  /// `key.count` bytes count.
  private func compare(_ index: Int, _ key: [UInt8], prefixOnly: Bool) -> Int {
    let start = Int(keyStarts[index])
    var end = Int(keyStarts[index + 1])
    if prefixOnly { end = min(end, start + key.count) }
    return key.withUnsafeBufferPointer { key in
      compareBytes(UnsafeBufferPointer(rebasing: bytes[start..<end]), key)
    }
  }

  /// Collects keys and postings in any order; `table()` sorts them once.
  struct Builder {
    private var bytes: [UInt8] = []
    private var starts: [Int32] = [0]
    /// An open-addressing hash of the keys so far: a key's number plus one, 0 for empty.
    private var slots = [Int32](repeating: 0, count: 1 << 16)
    private var hashes: [Int] = []
    private var keys: [Int32] = []
    private var postings: [UInt64] = []

    mutating func add(_ key: String, _ posting: UInt64) {
      var key = key
      key.withUTF8 { add($0, posting) }
    }

    mutating func add(_ key: ArraySlice<UInt8>, _ posting: UInt64) {
      key.withUnsafeBufferPointer { add($0, posting) }
    }

    mutating func add(_ key: UnsafeBufferPointer<UInt8>, _ posting: UInt64) {
      keys.append(intern(key))
      postings.append(posting)
    }

    private mutating func intern(_ key: UnsafeBufferPointer<UInt8>) -> Int32 {
      let mask = slots.count - 1
      let hash = Self.hash(key)
      var slot = hash & mask
      while slots[slot] != 0 {
        let id = Int(slots[slot] - 1)
        if hashes[id] == hash,
          bytes.withUnsafeBufferPointer({ equalBytes(Self.key(id, in: $0, starts), key) })
        {
          return Int32(id)
        }
        slot = (slot + 1) & mask
      }
      let id = Int32(starts.count - 1)
      bytes.append(contentsOf: key)
      starts.append(Int32(bytes.count))
      hashes.append(hash)
      slots[slot] = id + 1
      if starts.count * 2 > slots.count { rehash() }
      return id
    }

    private mutating func rehash() {
      slots = [Int32](repeating: 0, count: slots.count * 2)
      let mask = slots.count - 1
      for (id, hash) in hashes.enumerated() {
        var slot = hash & mask
        while slots[slot] != 0 { slot = (slot + 1) & mask }
        slots[slot] = Int32(id + 1)
      }
    }

    private static func key(
      _ id: Int, in bytes: UnsafeBufferPointer<UInt8>, _ starts: [Int32]
    ) -> UnsafeBufferPointer<UInt8> {
      UnsafeBufferPointer(rebasing: bytes[Int(starts[id])..<Int(starts[id + 1])])
    }

    /// FNV-1a.
    static func hash(_ key: UnsafeBufferPointer<UInt8>) -> Int {
      var hash: UInt64 = 0xCBF2_9CE4_8422_2325
      for byte in key { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
      return Int(truncatingIfNeeded: hash ^ (hash >> 29))
    }

    /// The keys sorted, each with its postings sorted and without repeats.
    func table() -> WordKeyTable {
      let keyCount = starts.count - 1
      let order = bytes.withUnsafeBufferPointer { bytes in
        (0..<keyCount).sorted { left, right in
          compareBytes(Self.key(left, in: bytes, starts), Self.key(right, in: bytes, starts)) < 0
        }
      }
      var place = [Int32](repeating: 0, count: keyCount)
      for (position, id) in order.enumerated() { place[id] = Int32(position) }
      var bounds = [Int](repeating: 0, count: keyCount + 1)
      for key in keys { bounds[Int(place[Int(key)]) + 1] += 1 }
      for position in 0..<keyCount { bounds[position + 1] += bounds[position] }
      var next = bounds
      var sorted = [UInt64](repeating: 0, count: postings.count)
      for (key, posting) in zip(keys, postings) {
        let position = Int(place[Int(key)])
        sorted[next[position]] = posting
        next[position] += 1
      }
      var tableBytes: [UInt8] = []
      var keyStarts: [Int32] = [0]
      var postingStarts: [Int32] = [0]
      var tablePostings: [UInt64] = []
      tableBytes.reserveCapacity(bytes.count)
      tablePostings.reserveCapacity(postings.count)
      for (position, id) in order.enumerated() {
        tableBytes += bytes[Int(starts[id])..<Int(starts[id + 1])]
        keyStarts.append(Int32(tableBytes.count))
        sorted[bounds[position]..<bounds[position + 1]].sort()
        var last: UInt64?
        for posting in sorted[bounds[position]..<bounds[position + 1]] where posting != last {
          tablePostings.append(posting)
          last = posting
        }
        postingStarts.append(Int32(tablePostings.count))
      }
      var file = PreparedFile.Writer()
      file.add(tableBytes)
      file.add(keyStarts)
      file.add(postingStarts)
      file.add(tablePostings)
      let image = file.bytes(version: 0, source: .init(size: 0, modifiedNanoseconds: 0))
      let reader = try! PreparedFile.Reader(
        DictionaryBytes(copying: image), version: 0, source: nil)
      return try! WordKeyTable(reader, first: 0, entryCount: Int(UInt32.max) + 1)
    }
  }
}

/// Bytewise order: negative, zero or positive.
private func compareBytes(_ left: UnsafeBufferPointer<UInt8>, _ right: UnsafeBufferPointer<UInt8>)
  -> Int
{
  let common = min(left.count, right.count)
  if common > 0, let a = left.baseAddress, let b = right.baseAddress {
    let order = memcmp(a, b, common)
    if order != 0 { return Int(order) }
  }
  return left.count - right.count
}

private func equalBytes(_ left: UnsafeBufferPointer<UInt8>, _ right: UnsafeBufferPointer<UInt8>)
  -> Bool
{
  left.count == right.count && compareBytes(left, right) == 0
}
