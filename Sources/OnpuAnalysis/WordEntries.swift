import OnpuCore

/// EDICT's entries in a prepared file, each decoded when asked for: a table of where each
/// entry's bytes start, and the bytes, each string as its length (LEB128) and UTF-8.
public struct WordEntries: RandomAccessCollection, @unchecked Sendable {
  /// Read-only memory that `owner` keeps.
  private let starts: UnsafeBufferPointer<UInt32>
  private let bytes: UnsafeBufferPointer<UInt8>
  private let owner: DictionaryBytes

  init(_ file: PreparedFile.Reader, first section: Int) throws(PreparedFile.Invalid) {
    starts = try file.section(section, as: UInt32.self)
    bytes = try file.section(section + 1, as: UInt8.self)
    owner = file.bytes
    guard let last = starts.last, starts[0] == 0, Int(last) == bytes.count else {
      throw .corrupt("entry table")
    }
    for index in 1..<starts.count where starts[index] < starts[index - 1] {
      throw .corrupt("entry table")
    }
  }

  public var startIndex: Int { 0 }
  public var endIndex: Int { starts.count - 1 }

  public subscript(position: Int) -> WordEntry {
    var reader = reader(position)
    let isCommon = reader.byte() == 1
    let word = reader.string()
    let reading = reader.string()
    var senses: [WordEntry.Sense] = []
    let senseCount = reader.number()
    senses.reserveCapacity(Swift.min(senseCount, 64))
    while senses.count < senseCount, !reader.isDone {
      senses.append(
        WordEntry.Sense(
          partsOfSpeech: reader.strings(), notes: reader.strings(), glosses: reader.strings()))
    }
    return WordEntry(word: word, reading: reading, senses: senses, isCommon: isCommon)
  }

  /// The entry's reading, without decoding the rest.
  func reading(at position: Int) -> String {
    var reader = reader(position)
    _ = reader.byte()
    reader.skipString()
    return reader.string()
  }

  private func reader(_ position: Int) -> Reader {
    Reader(
      bytes: UnsafeBufferPointer(
        rebasing: bytes[Int(starts[position])..<Int(starts[position + 1])]))
  }

  static func write(_ entries: [WordEntry], into file: inout PreparedFile.Writer) {
    var starts: [UInt32] = [0]
    var bytes: [UInt8] = []
    starts.reserveCapacity(entries.count + 1)
    func number(_ value: Int) {
      var value = UInt(value)
      while value >= 0x80 {
        bytes.append(UInt8(value & 0x7F) | 0x80)
        value >>= 7
      }
      bytes.append(UInt8(value))
    }
    func string(_ text: String) {
      number(text.utf8.count)
      bytes += text.utf8
    }
    func strings(_ texts: [String]) {
      number(texts.count)
      texts.forEach(string)
    }
    for entry in entries {
      bytes.append(entry.isCommon ? 1 : 0)
      string(entry.word)
      string(entry.reading)
      number(entry.senses.count)
      for sense in entry.senses {
        strings(sense.partsOfSpeech)
        strings(sense.notes)
        strings(sense.glosses)
      }
      starts.append(UInt32(bytes.count))
    }
    file.add(starts)
    file.add(bytes)
  }

  /// Reads one entry's bytes, never past them: a malformed entry reads as empty strings.
  private struct Reader {
    let bytes: UnsafeBufferPointer<UInt8>
    var offset = 0

    var isDone: Bool { offset >= bytes.count }

    mutating func byte() -> UInt8 {
      guard offset < bytes.count else { return 0 }
      defer { offset += 1 }
      return bytes[offset]
    }

    mutating func number() -> Int {
      var value = 0
      var shift = 0
      while offset < bytes.count, shift < 63 {
        let byte = bytes[offset]
        offset += 1
        value |= Int(byte & 0x7F) << shift
        if byte & 0x80 == 0 { break }
        shift += 7
      }
      return value
    }

    mutating func string() -> String {
      let length = Swift.min(number(), bytes.count - offset)
      defer { offset += length }
      return String(
        decoding: UnsafeBufferPointer(rebasing: bytes[offset..<offset + length]), as: UTF8.self)
    }

    mutating func skipString() {
      offset += Swift.min(number(), bytes.count - offset)
    }

    mutating func strings() -> [String] {
      let count = number()
      var texts: [String] = []
      while texts.count < count, !isDone { texts.append(string()) }
      return texts
    }
  }
}
