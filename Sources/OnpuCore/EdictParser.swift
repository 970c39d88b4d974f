/// Reads EDICT lines (already decoded from EUC-JP): `星 [ほし] /(n) (1) star/planet/(n) (2) …/(P)/`,
/// or `ほし /…/` for a word written in kana only.
public enum EdictParser {
  /// The entry of one line; nil for the header line, a blank line or one that is not EDICT.
  public static func entry(_ line: Substring) -> WordEntry? {
    guard let split = line.firstRange(of: " /") else { return nil }
    let head = line[..<split.lowerBound]
    var word = head
    var reading = head
    if let open = head.firstIndex(of: "["), let close = head.lastIndex(of: "]"), open < close {
      word = head[..<open].dropLast(while: { $0 == " " })
      reading = head[head.index(after: open)..<close]
    }
    guard !word.isEmpty, !reading.isEmpty, !word.contains("？") else { return nil }
    var senses: [WordEntry.Sense] = []
    var isCommon = false
    var partsOfSpeech: [String] = []
    for field in line[split.upperBound...].split(separator: "/", omittingEmptySubsequences: true) {
      if field == "(P)" {
        isCommon = true
        continue
      }
      if field.hasPrefix("EntL") { continue }
      var rest = field[...]
      var numbered = false
      var codes: [String] = []
      var notes: [String] = []
      while rest.first == "(", let close = rest.firstIndex(of: ")") {
        let inner = rest[rest.index(after: rest.startIndex)..<close]
        if !inner.isEmpty, inner.allSatisfy(\.isASCIIDigit) {
          numbered = true
        } else {
          let pieces = inner.split(separator: ",").map(String.init)
          guard !pieces.isEmpty, pieces.allSatisfy(EdictTags.isTag) else { break }
          codes += pieces.filter(EdictTags.isPartOfSpeech)
          notes += pieces.filter { !EdictTags.isPartOfSpeech($0) && $0 != "P" }
        }
        rest = rest[rest.index(after: close)...].drop(while: { $0 == " " })
      }
      if !codes.isEmpty { partsOfSpeech = codes }
      let gloss = String(rest)
      let startsSense =
        senses.isEmpty || numbered || (!codes.isEmpty && senses.last?.glosses.isEmpty == false)
      if startsSense {
        senses.append(WordEntry.Sense(partsOfSpeech: partsOfSpeech, notes: notes))
      } else if !notes.isEmpty {
        senses[senses.count - 1].notes += notes
      }
      if !gloss.isEmpty { senses[senses.count - 1].glosses.append(gloss) }
    }
    senses.removeAll { $0.glosses.isEmpty }
    guard !senses.isEmpty else { return nil }
    return WordEntry(
      word: String(word), reading: String(reading), senses: senses, isCommon: isCommon)
  }

  /// Every entry of a decoded file, in the file's order.
  public static func entries(_ text: String) -> [WordEntry] {
    text.split(separator: "\n").compactMap(entry)
  }
}

extension Character {
  fileprivate var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}

extension Substring {
  fileprivate func dropLast(while predicate: (Character) -> Bool) -> Substring {
    var result = self
    while let last = result.last, predicate(last) { result = result.dropLast() }
    return result
  }
}
