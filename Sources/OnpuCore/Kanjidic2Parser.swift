import Foundation

/// Reads KANJIDIC2's XML (the EDRDG's kanjidic2.xml). The file is regular enough that a scan for
/// the few elements used is all it takes: no DTD, no namespaces, entities only in text. The scan
/// works on raw bytes because the file is 15 MB and most of its 600,000 tags are skipped.
public enum Kanjidic2Parser {
  public struct FormatError: Error, Hashable, CustomStringConvertible {
    public var description: String
  }

  enum Tag: CaseIterable {
    case character, characterEnd, literal, strokeCount, grade, frequency, jlpt, meaning, reading
    case nanori, radicalValue
    /// Long runs of references to other dictionaries and lookup codes, skipped whole.
    case dictionaryNumbers, queryCodes

    var name: [UInt8] {
      let text =
        switch self {
        case .character: "character"
        case .characterEnd: "/character"
        case .literal: "literal"
        case .strokeCount: "stroke_count"
        case .grade: "grade"
        case .frequency: "freq"
        case .jlpt: "jlpt"
        case .meaning: "meaning"
        case .reading: "reading"
        case .nanori: "nanori"
        case .radicalValue: "rad_value"
        case .dictionaryNumbers: "dic_number"
        case .queryCodes: "query_code"
        }
      return Array(text.utf8)
    }
  }

  public static func parse(_ bytes: [UInt8]) throws -> [KanjiEntry] {
    try bytes.withUnsafeBufferPointer { try parse($0) }
  }

  static func parse(_ buffer: UnsafeBufferPointer<UInt8>) throws -> [KanjiEntry] {
    guard let base = buffer.baseAddress else { throw FormatError(description: "an empty file") }
    let end = buffer.count
    var tagsByLength: [[(Tag, [UInt8])]] = Array(repeating: [], count: 16)
    for tag in Tag.allCases { tagsByLength[tag.name.count].append((tag, tag.name)) }
    var entries: [KanjiEntry] = []
    entries.reserveCapacity(13_200)
    var current: KanjiEntry?
    var offset = 0

    func find(_ byte: UInt8, from start: Int) -> Int? {
      guard start < end, let found = memchr(base + start, Int32(byte), end - start) else {
        return nil
      }
      return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }
    func text(from start: Int) -> String {
      let stop = find(UInt8(ascii: "<"), from: start) ?? end
      let raw = String(decoding: UnsafeBufferPointer(rebasing: buffer[start..<stop]), as: UTF8.self)
      guard memchr(base + start, Int32(UInt8(ascii: "&")), stop - start) != nil else { return raw }
      return raw.replacing("&lt;", with: "<").replacing("&gt;", with: ">")
        .replacing("&quot;", with: "\"").replacing("&apos;", with: "'")
        .replacing("&amp;", with: "&")
    }
    func starts(_ position: Int, with prefix: [UInt8]) -> Bool {
      position + prefix.count <= end && memcmp(base + position, prefix, prefix.count) == 0
    }
    let onKind = Array(#" r_type="ja_on""#.utf8)
    let kunKind = Array(#" r_type="ja_kun""#.utf8)
    let classicalKind = Array(#" rad_type="classical""#.utf8)

    while let open = find(UInt8(ascii: "<"), from: offset),
      let close = find(UInt8(ascii: ">"), from: open)
    {
      offset = close + 1
      var nameEnd = open + 1
      while nameEnd < close, base[nameEnd] != UInt8(ascii: " ") { nameEnd += 1 }
      let length = nameEnd - open - 1
      guard length < tagsByLength.count, !tagsByLength[length].isEmpty,
        let tag = tagsByLength[length].first(where: { memcmp(base + open + 1, $0.1, length) == 0 })?
          .0
      else { continue }
      switch tag {
      case .character:
        current = KanjiEntry(
          literal: "", meanings: [], onReadings: [], kunReadings: [], strokes: 0)
      case .characterEnd:
        guard let entry = current, !entry.literal.isEmpty else {
          throw FormatError(description: "a <character> with no <literal> before byte \(open)")
        }
        entries.append(entry)
        current = nil
      case .literal: current?.literal = text(from: offset)
      case .strokeCount:
        if current?.strokes == 0 { current?.strokes = Int(text(from: offset)) ?? 0 }
      case .grade: current?.grade = Int(text(from: offset))
      case .frequency: current?.frequency = Int(text(from: offset))
      case .jlpt: current?.jlptOld = Int(text(from: offset))
      case .meaning:
        if nameEnd == close { current?.meanings.append(text(from: offset)) }
      case .reading:
        if starts(nameEnd, with: onKind) {
          current?.onReadings.append(text(from: offset))
        } else if starts(nameEnd, with: kunKind) {
          current?.kunReadings.append(text(from: offset))
        }
      case .nanori: current?.nameReadings.append(text(from: offset))
      case .radicalValue:
        if starts(nameEnd, with: classicalKind) { current?.radical = Int(text(from: offset)) }
      case .dictionaryNumbers, .queryCodes:
        let closing = Array("</".utf8) + tag.name
        while let next = find(UInt8(ascii: "<"), from: offset), next + closing.count <= end {
          offset = next
          if memcmp(base + next, closing, closing.count) == 0 { break }
          offset += 1
        }
      }
    }
    guard !entries.isEmpty else { throw FormatError(description: "no <character> elements") }
    return entries
  }
}
