/// Readings written into a lyric line: `運命(さだめ)`, `運命（さだめ）`, `｜運命《さだめ》` (or `|`,
/// or `運命《さだめ》`) and `<ruby>運命<rt>さだめ</rt></ruby>`. Without an explicit start (`｜`, or
/// the ruby element) the base is the run of kanji just before the bracket. A bracket whose text is
/// not all kana, or that has no base, stays as ordinary text: "愛(love)", "(Chorus)".
public struct RubyNotation: Hashable, Sendable {
  public struct Annotation: Hashable, Sendable {
    /// Where the base stands in the plain text, in characters.
    public var range: Range<Int>
    public var base: String
    /// The reading as written; katakana stays katakana.
    public var reading: String

    public init(range: Range<Int>, base: String, reading: String) {
      self.range = range
      self.base = base
      self.reading = reading
    }

    /// The reading to compare with a dictionary's.
    public var hiragana: String { Mora.hiragana(reading) }
  }

  /// The line with every annotation's reading and markup removed.
  public var text: String
  public var annotations: [Annotation]

  public init(text: String, annotations: [Annotation]) {
    self.text = text
    self.annotations = annotations
  }

  public init(parsing line: String) {
    guard Self.mayHaveNotation(line), line.contains(where: { "(（《｜|<".contains($0) }) else {
      self.init(text: line, annotations: [])
      return
    }
    var parser = Parser(source: Array(line))
    parser.run()
    self.init(text: String(parser.output), annotations: parser.annotations)
  }

  /// False when no scalar of the line is one of the notation's openers (`(（《｜|<`), checked on
  /// the scalars before the (slower) check on characters.
  private static func mayHaveNotation(_ line: String) -> Bool {
    line.unicodeScalars.contains {
      switch $0.value {
      case 0x28, 0xFF08, 0x300A, 0xFF5C, 0x7C, 0x3C: true
      default: false
      }
    }
  }

  private struct Parser {
    let source: [Character]
    var position = 0
    var output: [Character] = []
    var annotations: [Annotation] = []

    mutating func run() {
      while position < source.count {
        let character = source[position]
        if character == "(" || character == "（" || character == "《",
          annotateRun(closing: Self.closing[character]!)
        {
          continue
        }
        if character == "｜" || character == "|", explicitBase() { continue }
        if character == "<", ruby() { continue }
        output.append(character)
        position += 1
      }
    }

    static let closing: [Character: Character] = ["(": ")", "（": "）", "《": "》"]

    /// A bracketed reading after a run of kanji.
    mutating func annotateRun(closing: Character) -> Bool {
      guard let (reading, end) = kana(from: position + 1, until: closing) else { return false }
      let floor = annotations.last?.range.upperBound ?? 0
      var start = output.count
      while start > floor, Self.isBaseKanji(output[start - 1]) { start -= 1 }
      guard start < output.count else { return false }
      annotate(from: start, reading: reading)
      position = end
      return true
    }

    /// `｜base《reading》`: the bar and the reading go; the base is everything between them.
    mutating func explicitBase() -> Bool {
      guard let open = source[(position + 1)...].firstIndex(of: "《"), open > position + 1,
        !source[(position + 1)..<open].contains(where: { "｜|《》".contains($0) || $0.isWhitespace }),
        let (reading, end) = kana(from: open + 1, until: "》")
      else { return false }
      let start = output.count
      output.append(contentsOf: source[(position + 1)..<open])
      annotate(from: start, reading: reading)
      position = end
      return true
    }

    /// `<ruby>base<rt>reading</rt></ruby>`, with `<rp>` parentheses and `<rb>` tags allowed, and
    /// several base and reading pairs in one element.
    mutating func ruby() -> Bool {
      guard matches("<ruby>", at: position),
        let close = find("</ruby>", from: position + 6)
      else { return false }
      var pairs: [(base: [Character], reading: String)] = []
      var base: [Character] = []
      var index = position + 6
      while index < close {
        if matches("<rt>", at: index) {
          guard let end = find("</rt>", from: index + 4), end < close else { return false }
          let reading = String(source[(index + 4)..<end])
          guard !base.isEmpty, Self.isKana(reading) else { return false }
          pairs.append((base, reading))
          base = []
          index = end + 5
        } else if matches("<rp>", at: index) {
          guard let end = find("</rp>", from: index + 4), end < close else { return false }
          index = end + 5
        } else if matches("<rb>", at: index) || matches("</rb>", at: index) {
          index += matches("<rb>", at: index) ? 4 : 5
        } else {
          base.append(source[index])
          index += 1
        }
      }
      guard !pairs.isEmpty else { return false }
      for pair in pairs {
        let start = output.count
        output.append(contentsOf: pair.base)
        annotate(from: start, reading: pair.reading)
      }
      output.append(contentsOf: base)
      position = close + 7
      return true
    }

    mutating func annotate(from start: Int, reading: String) {
      annotations.append(
        Annotation(
          range: start..<output.count, base: String(output[start...]), reading: reading))
    }

    /// The kana up to `closing`, and the position after it; nil when anything else comes first.
    func kana(from start: Int, until closing: Character) -> (String, Int)? {
      guard let end = source[start...].firstIndex(of: closing) else { return nil }
      let text = String(source[start..<end])
      return Self.isKana(text) ? (text, end + 1) : nil
    }

    func matches(_ tag: String, at index: Int) -> Bool {
      let tag = Array(tag)
      guard index + tag.count <= source.count else { return false }
      return zip(source[index..<(index + tag.count)], tag).allSatisfy {
        $0.lowercased() == String($1)
      }
    }

    func find(_ tag: String, from start: Int) -> Int? {
      (start..<source.count).first { matches(tag, at: $0) }
    }

    static func isBaseKanji(_ character: Character) -> Bool {
      LyricsWord.isKanji(character) || character == "ヶ" || character == "ヵ" || character == "〆"
    }

    /// Hiragana, katakana and the long-vowel mark; not empty.
    static func isKana(_ text: String) -> Bool {
      !text.isEmpty
        && text.unicodeScalars.allSatisfy {
          (0x3041...0x3096).contains($0.value) || (0x309D...0x309E).contains($0.value)
            || (0x30A1...0x30FA).contains($0.value) || (0x30FC...0x30FE).contains($0.value)
        }
    }
  }
}
