/// Makes each number in a line one word read as it is sung. MeCab with UniDic cuts numbers
/// apart (二十|六, 2|,|026) and misreads full-width digits (１０ テン); the pieces of a number,
/// its counter and a suffix after it (10|年|後) become one token read by NumberReading. Its
/// accent is the dictionary's when the dictionary has the whole word with that reading (三日
/// みっか), and unknown otherwise. Tokens with a reading the lyrics give are left as they are,
/// and so are digits written against Latin letters (mp3, 2nd).
public struct NumberReadingTokens: Sendable {
  /// The dictionary's words for a whole surface read `reading` (katakana), each with its
  /// accent: no other word is built.
  public var entries: @Sendable (_ surface: String, _ reading: String) -> [Morpheme]

  public init(entries: @escaping @Sendable (_ surface: String, _ reading: String) -> [Morpheme]) {
    self.entries = entries
  }

  public func apply(to tokens: [Morpheme]) -> [Morpheme] {
    guard var index = tokens.firstIndex(where: { NumberReading.mayStartNumber($0.surface) })
    else { return tokens }
    // Built only from the first number on: most lines have a numeral that starts none.
    var result: [Morpheme] = []
    while index < tokens.endIndex {
      guard let end = numberEnd(tokens, from: index),
        let word = word(from: Array(tokens[index..<end]))
      else {
        if !result.isEmpty { result.append(tokens[index]) }
        index += 1
        continue
      }
      if result.isEmpty { result = Array(tokens[..<index]) }
      result.append(contentsOf: word)
      index = end
    }
    return result.isEmpty ? tokens : result
  }

  /// Where the number starting at `start` ends with its counter and suffix; nil when no number
  /// starts there.
  private func numberEnd(_ tokens: [Morpheme], from start: Int) -> Int? {
    func joins(_ index: Int) -> Bool {
      index < tokens.count && !tokens[index].spaceBefore && tokens[index].readingSource == nil
    }
    func isNumber(_ index: Int) -> Bool {
      NumberReading.mayStartNumber(tokens[index].surface)
        && tokens[index].surface.allSatisfy(NumberReading.isNumeral)
    }
    guard tokens[start].readingSource == nil, isNumber(start) else { return nil }
    if start > 0, joins(start), Self.hasLetters(tokens[start - 1].surface) { return nil }
    var end = start + 1
    while joins(end) {
      if isNumber(end) {
        end += 1
      } else if [",", "，"].contains(tokens[end].surface), joins(end + 1),
        isNumber(end + 1)
      {
        end += 2
      } else {
        break
      }
    }
    if joins(end), NumberReading.isCounter(tokens[end].surface) {
      end += 1
      if joins(end), NumberReading.isSuffix(tokens[end].surface) { end += 1 }
    }
    if joins(end), Self.hasLetters(tokens[end].surface) { return nil }
    return end
  }

  /// The tokens as one word read as a number; the token itself when the analysis already reads
  /// a lone token so; nil when NumberReading cannot read them.
  private func word(from tokens: [Morpheme]) -> [Morpheme]? {
    let surface = tokens.map(\.surface).joined()
    guard let reading = NumberReading.reading(of: surface) else { return nil }
    if tokens.count == 1, tokens[0].kana.map(Mora.hiragana) == reading { return tokens }
    if var entry = entries(surface, Mora.katakana(reading)).first {
      entry.spaceBefore = tokens[0].spaceBefore
      return [entry]
    }
    var word = Morpheme(
      surface: surface, spaceBefore: tokens[0].spaceBefore, partOfSpeech: .noun, kana: reading)
    word.isPitchUnknown = true
    return [word]
  }

  /// Latin letters, which digits written against belong to (mp3, 2nd).
  private static func hasLetters(_ text: String) -> Bool {
    LyricsWord.isLatin(text) && text.unicodeScalars.contains { $0.properties.isAlphabetic }
  }

  /// True when the token is a number this reads, with its reading: English words around it do
  /// not take it in.
  public static func isReadNumber(_ token: Morpheme) -> Bool {
    guard let kana = token.kana else { return false }
    return NumberReading.reading(of: token.surface) == Mora.hiragana(kana)
  }
}
