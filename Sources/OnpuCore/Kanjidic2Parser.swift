/// Reads KANJIDIC2's XML (the EDRDG's kanjidic2.xml). The file is regular enough that a scan for
/// the few elements used is all it takes: no DTD, no namespaces, entities only in text.
public enum Kanjidic2Parser {
  public struct FormatError: Error, Hashable, CustomStringConvertible {
    public var description: String
  }

  public static func parse(_ bytes: [UInt8]) throws -> [KanjiEntry] {
    var entries: [KanjiEntry] = []
    entries.reserveCapacity(13_200)
    var scanner = Scanner(bytes: bytes)
    var current: KanjiEntry?
    while let element = scanner.nextElement() {
      switch element.name {
      case "character":
        current = KanjiEntry(
          literal: "", meanings: [], onReadings: [], kunReadings: [], strokes: 0)
      case "/character":
        guard let entry = current, !entry.literal.isEmpty else {
          throw FormatError(
            description: "a <character> with no <literal> before byte \(scanner.offset)")
        }
        entries.append(entry)
        current = nil
      case "literal": current?.literal = scanner.text()
      case "stroke_count":
        if current?.strokes == 0 { current?.strokes = Int(scanner.text()) ?? 0 }
      case "grade": current?.grade = Int(scanner.text())
      case "freq": current?.frequency = Int(scanner.text())
      case "jlpt": current?.jlptOld = Int(scanner.text())
      case "meaning" where !element.attributes.contains("m_lang"):
        current?.meanings.append(scanner.text())
      case "reading" where element.attributes.contains("\"ja_on\""):
        current?.onReadings.append(scanner.text())
      case "reading" where element.attributes.contains("\"ja_kun\""):
        current?.kunReadings.append(scanner.text())
      case "nanori": current?.nameReadings.append(scanner.text())
      default: break
      }
    }
    guard !entries.isEmpty else { throw FormatError(description: "no <character> elements") }
    return entries
  }

  struct Scanner {
    let bytes: [UInt8]
    var offset = 0

    init(bytes: [UInt8]) { self.bytes = bytes }

    /// The next start or end tag (end tags named with their slash); skips declarations and
    /// comments.
    mutating func nextElement() -> (name: String, attributes: String)? {
      while let open = bytes[offset...].firstIndex(of: UInt8(ascii: "<")) {
        guard let close = bytes[open...].firstIndex(of: UInt8(ascii: ">")) else { return nil }
        offset = close + 1
        let tag = bytes[(open + 1)..<close]
        guard let first = tag.first, first != UInt8(ascii: "!"), first != UInt8(ascii: "?")
        else { continue }
        let nameEnd = tag.firstIndex(of: UInt8(ascii: " ")) ?? tag.endIndex
        return (
          String(decoding: tag[..<nameEnd], as: UTF8.self),
          String(decoding: tag[nameEnd...], as: UTF8.self)
        )
      }
      return nil
    }

    /// The text up to the next tag, entities decoded.
    mutating func text() -> String {
      let end = bytes[offset...].firstIndex(of: UInt8(ascii: "<")) ?? bytes.endIndex
      let raw = String(decoding: bytes[offset..<end], as: UTF8.self)
      offset = end
      guard raw.contains("&") else { return raw }
      return raw.replacing("&lt;", with: "<").replacing("&gt;", with: ">")
        .replacing("&quot;", with: "\"").replacing("&apos;", with: "'")
        .replacing("&amp;", with: "&")
    }
  }
}
