/// Reads EDICT lines (already decoded from EUC-JP): `星 [ほし] /(n) (1) star/planet/(n) (2) …/(P)/`,
/// or `ほし /…/` for a word written in kana only. Works on UTF-8 bytes: every delimiter is
/// ASCII, and a whole file parses without looking at one Character.
public enum EdictParser {
  /// The entry of one line; nil for the header line, a blank line or one that is not EDICT.
  public static func entry(_ line: Substring) -> WordEntry? {
    var line = line
    return line.withUTF8 { entry(Bytes(rebasing: $0[...])) }
  }

  /// Every entry of a decoded file, in the file's order.
  public static func entries(_ text: String) -> [WordEntry] {
    var text = text
    return text.withUTF8(entries(utf8:))
  }

  /// Every entry of a file in UTF-8, in the file's order.
  public static func entries(utf8 text: UnsafeBufferPointer<UInt8>) -> [WordEntry] {
    var result: [WordEntry] = []
    var start = 0
    while start < text.count {
      var end = start
      while end < text.count, text[end] != newline { end += 1 }
      if end > start, let entry = entry(Bytes(rebasing: text[start..<end])) {
        result.append(entry)
      }
      start = end + 1
    }
    return result
  }

  typealias Bytes = UnsafeBufferPointer<UInt8>

  private static let newline = UInt8(ascii: "\n")
  private static let space = UInt8(ascii: " ")
  private static let slash = UInt8(ascii: "/")
  private static let open = UInt8(ascii: "(")
  private static let close = UInt8(ascii: ")")
  /// "？", which stands for the headword in the header line.
  private static let fullWidthQuestionMark: [UInt8] = [0xEF, 0xBC, 0x9F]

  private static func entry(_ line: Bytes) -> WordEntry? {
    guard let split = line.firstIndex(of: [space, slash]) else { return nil }
    let head = Bytes(rebasing: line[..<split])
    var word = head
    var reading = head
    if let open = head.firstIndex(of: UInt8(ascii: "[")),
      let close = head.lastIndex(of: UInt8(ascii: "]")), open < close
    {
      word = Bytes(rebasing: head[..<open]).droppingTrailing(space)
      reading = Bytes(rebasing: head[(open + 1)..<close])
    }
    guard !word.isEmpty, !reading.isEmpty, word.firstIndex(of: fullWidthQuestionMark) == nil
    else { return nil }
    var senses: [WordEntry.Sense] = []
    var isCommon = false
    var partsOfSpeech: [String] = []
    for field in Bytes(rebasing: line[(split + 2)...]).split(separator: slash) {
      let field = Bytes(rebasing: field)
      if field.elementsEqual("(P)".utf8) {
        isCommon = true
        continue
      }
      if field.starts(with: "EntL".utf8) { continue }
      var rest = field
      var numbered = false
      var codes: [String] = []
      var notes: [String] = []
      while rest.first == open, let close = rest.firstIndex(of: close) {
        let inner = Bytes(rebasing: rest[(rest.startIndex + 1)..<close])
        if !inner.isEmpty, inner.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") })
        {
          numbered = true
        } else {
          let pieces = inner.split(separator: UInt8(ascii: ",")).map {
            String(decoding: $0, as: UTF8.self)
          }
          guard !pieces.isEmpty, pieces.allSatisfy(EdictTags.isTag) else { break }
          codes += pieces.filter(EdictTags.isPartOfSpeech)
          notes += pieces.filter { !EdictTags.isPartOfSpeech($0) && $0 != "P" }
        }
        rest = Bytes(rebasing: rest[(close + 1)...]).droppingLeading(space)
      }
      if !codes.isEmpty { partsOfSpeech = codes }
      let startsSense =
        senses.isEmpty || numbered || (!codes.isEmpty && senses.last?.glosses.isEmpty == false)
      if startsSense {
        senses.append(WordEntry.Sense(partsOfSpeech: partsOfSpeech, notes: notes))
      } else if !notes.isEmpty {
        senses[senses.count - 1].notes += notes
      }
      if !rest.isEmpty {
        senses[senses.count - 1].glosses.append(String(decoding: rest, as: UTF8.self))
      }
    }
    senses.removeAll { $0.glosses.isEmpty }
    guard !senses.isEmpty else { return nil }
    return WordEntry(
      word: String(decoding: word, as: UTF8.self),
      reading: String(decoding: reading, as: UTF8.self),
      senses: senses, isCommon: isCommon)
  }
}

extension UnsafeBufferPointer<UInt8> {
  /// Where `needle` first starts, as an index of this buffer.
  fileprivate func firstIndex(of needle: [UInt8]) -> Int? {
    guard needle.count <= count else { return nil }
    var index = startIndex
    while index + needle.count <= endIndex {
      if self[index] == needle[0], self[index..<(index + needle.count)].elementsEqual(needle) {
        return index
      }
      index += 1
    }
    return nil
  }

  fileprivate func droppingTrailing(_ byte: UInt8) -> Self {
    var end = endIndex
    while end > startIndex, self[end - 1] == byte { end -= 1 }
    return Self(rebasing: self[startIndex..<end])
  }

  fileprivate func droppingLeading(_ byte: UInt8) -> Self {
    var start = startIndex
    while start < endIndex, self[start] == byte { start += 1 }
    return Self(rebasing: self[start..<endIndex])
  }
}
