/// Puts the readings a line's ruby notation gives onto its tokens. The tokens covering an
/// annotation's base become one word read as given (with the kana of those tokens outside the
/// base: 抱(だ)きしめ is one word read だきしめ), so a base MeCab cut in two is still one word.
/// Its accent is the dictionary's when the dictionary has the word with that reading, and unknown
/// otherwise. An annotation whose tokens hold kanji outside its base is dropped: the rest's
/// reading is not known.
public struct GivenReadings: Sendable {
  /// The dictionary's words for a whole surface, each with its reading and accent.
  public var entries: @Sendable (_ surface: String) -> [Morpheme]

  public init(entries: @escaping @Sendable (_ surface: String) -> [Morpheme]) {
    self.entries = entries
  }

  private struct Placed {
    var token: Morpheme
    /// Where the token stands in the plain text, in characters.
    var range: Range<Int>
  }

  public func apply(_ ruby: RubyNotation, to tokens: [Morpheme]) -> [Morpheme] {
    guard !ruby.annotations.isEmpty, var placed = Self.place(tokens, in: Array(ruby.text))
    else { return tokens }
    let text = Array(ruby.text)
    for annotation in Self.joiningNeighbours(ruby.annotations, placed) {
      let covering = placed.indices.filter {
        placed[$0].range.overlaps(annotation.range)
      }
      guard let first = covering.first, let last = covering.last,
        !covering.dropFirst().contains(where: { placed[$0].token.spaceBefore })
      else { continue }
      let range = placed[first].range.lowerBound..<placed[last].range.upperBound
      let before = String(text[range.lowerBound..<annotation.range.lowerBound])
      let after = String(text[annotation.range.upperBound..<range.upperBound])
      guard Self.isKana(before), Self.isKana(after) else { continue }
      let reading = Mora.hiragana(before) + annotation.hiragana + Mora.hiragana(after)
      let own = placed[first...last].map(\.token)
      placed.replaceSubrange(
        first...last,
        with: word(reading: reading, from: own).map { Placed(token: $0, range: range) })
    }
    return placed.map(\.token)
  }

  /// The tokens read `reading`: unchanged (only marked) when the analysis already reads them so,
  /// else one word, with the dictionary's accent for that reading if it has one.
  private func word(reading: String, from tokens: [Morpheme]) -> [Morpheme] {
    func marked(_ token: Morpheme) -> Morpheme {
      var token = token
      token.readingSource = .lyrics
      return token
    }
    let surface = tokens.map(\.surface).joined()
    let analysed = tokens.map { $0.kana.map(Mora.hiragana) ?? "" }.joined()
    if tokens.count == 1, analysed == reading { return tokens.map(marked) }
    if var entry = entries(surface).first(where: { $0.kana.map(Mora.hiragana) == reading }) {
      entry.spaceBefore = tokens[0].spaceBefore
      return [marked(entry)]
    }
    if analysed == reading { return tokens.map(marked) }
    var word = Morpheme(
      surface: surface, spaceBefore: tokens[0].spaceBefore, partOfSpeech: tokens[0].partOfSpeech,
      kana: reading)
    word.readingSource = .lyrics
    word.isPitchUnknown = true
    return [word]
  }

  /// Each token's place in the text, which holds the surfaces in order with only whitespace
  /// between them; nil if it does not.
  private static func place(_ tokens: [Morpheme], in text: [Character]) -> [Placed]? {
    let ranges = SurfacePlacement.ranges(of: tokens.lazy.map(\.surface), in: text)
    guard ranges.count == tokens.count else { return nil }
    return zip(tokens, ranges).map { Placed(token: $0, range: $1) }
  }

  /// Annotations that follow each other inside one token read as one: 漢(かん)字(じ) is 漢字 read
  /// かんじ.
  private static func joiningNeighbours(
    _ annotations: [RubyNotation.Annotation], _ placed: [Placed]
  ) -> [RubyNotation.Annotation] {
    var joined: [RubyNotation.Annotation] = []
    for annotation in annotations {
      if var last = joined.last, last.range.upperBound == annotation.range.lowerBound,
        placed.contains(where: {
          $0.range.overlaps(last.range) && $0.range.overlaps(annotation.range)
        })
      {
        last.range = last.range.lowerBound..<annotation.range.upperBound
        last.base += annotation.base
        last.reading += annotation.reading
        joined[joined.count - 1] = last
      } else {
        joined.append(annotation)
      }
    }
    return joined
  }

  /// Kana only, or nothing.
  private static func isKana(_ text: String) -> Bool {
    text.unicodeScalars.allSatisfy {
      (0x3041...0x309F).contains($0.value) || (0x30A1...0x30FF).contains($0.value)
    }
  }
}
