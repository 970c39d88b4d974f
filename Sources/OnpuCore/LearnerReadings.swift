import Foundation

/// Puts the readings a learner gave for words as written onto a line's tokens, wherever the
/// word stands: a run of tokens whose surfaces make the word becomes one word read as given.
/// Its accent is the dictionary's when the dictionary has the word with that reading, and
/// unknown otherwise. A correction of the song wins over the lyrics' ruby, and the ruby wins over
/// a correction of all songs: the nearer to this song, the surer of what it sings.
public struct LearnerReadings: Sendable {
  public struct Reading: Hashable, Sendable {
    public var surface: String
    /// In hiragana.
    public var reading: String
    /// True for a correction of this song, false for one of all the learner's songs.
    public var isForThisSong: Bool

    public init(surface: String, reading: String, isForThisSong: Bool) {
      self.surface = surface
      self.reading = reading
      self.isForThisSong = isForThisSong
    }
  }

  /// The dictionary's words for a whole surface, each with its reading and accent.
  public var entries: @Sendable (_ surface: String) -> [Morpheme]

  public init(entries: @escaping @Sendable (_ surface: String) -> [Morpheme]) {
    self.entries = entries
  }

  public func apply(_ readings: [Reading], to tokens: [Morpheme]) -> [Morpheme] {
    var bySurface: [String: Reading] = [:]
    for reading in readings where !reading.surface.isEmpty {
      if bySurface[reading.surface]?.isForThisSong != true { bySurface[reading.surface] = reading }
    }
    guard let longest = bySurface.keys.map(\.count).max() else { return tokens }
    var result: [Morpheme] = []
    var start = 0
    while start < tokens.count {
      var match: (end: Int, reading: Reading)?
      var surface = ""
      var end = start
      while end < tokens.count, end == start || !tokens[end].spaceBefore {
        surface += tokens[end].surface
        guard surface.count <= longest else { break }
        end += 1
        if let reading = bySurface[surface],
          reading.isForThisSong || tokens[start..<end].allSatisfy({ $0.readingSource != .lyrics })
        {
          match = (end, reading)
        }
      }
      guard let match else {
        result.append(tokens[start])
        start += 1
        continue
      }
      result += word(reading: match.reading.reading, from: Array(tokens[start..<match.end]))
      start = match.end
    }
    return result
  }

  /// The tokens read `reading`: only marked when the analysis already reads them so with a known
  /// accent, else one word, with the dictionary's accent for that reading if it has one.
  private func word(reading: String, from tokens: [Morpheme]) -> [Morpheme] {
    func marked(_ token: Morpheme) -> Morpheme {
      var token = token
      token.readingSource = .learner
      return token
    }
    let surface = tokens.map(\.surface).joined()
    let analysed = tokens.map { $0.kana.map(Mora.hiragana) ?? "" }.joined()
    let accentKnown = tokens.allSatisfy { !$0.isPitchUnknown }
    if tokens.count == 1, analysed == reading, accentKnown { return tokens.map(marked) }
    if var entry = entries(surface).first(where: { $0.kana.map(Mora.hiragana) == reading }) {
      entry.spaceBefore = tokens[0].spaceBefore
      return [marked(entry)]
    }
    if analysed == reading, accentKnown { return tokens.map(marked) }
    var word = Morpheme(
      surface: surface, spaceBefore: tokens[0].spaceBefore, partOfSpeech: tokens[0].partOfSpeech,
      kana: reading)
    word.readingSource = .learner
    word.isPitchUnknown = true
    return [word]
  }

  /// The reading in hiragana when it is kana only (hiragana, katakana, the long-vowel mark),
  /// without surrounding spaces; nil otherwise, and for nothing.
  public static func kanaReading(_ text: String) -> String? {
    let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
    let isKana =
      !trimmed.isEmpty
      && trimmed.unicodeScalars.allSatisfy {
        (0x3041...0x3096).contains($0.value) || (0x309D...0x309E).contains($0.value)
          || (0x30A1...0x30FA).contains($0.value) || (0x30FC...0x30FE).contains($0.value)
      }
    return isKana ? Mora.hiragana(trimmed) : nil
  }
}
