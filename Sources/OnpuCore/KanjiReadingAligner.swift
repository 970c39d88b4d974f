/// Splits a word's reading over its kanji: the kana of the surface must match the reading where
/// they stand, and each kanji takes one of its dictionary readings, allowing the sound changes of
/// compounds (a voiced first sound, a final つ/ち/く/き doubled into っ). One kanji may take a
/// reading the dictionary does not list when everything around it fits; otherwise (jukujikun
/// such as 今日) there is no split and furigana covers the whole word.
public struct KanjiReadingAligner: Sendable {
  private let table: KanjiCandidateTable

  public init(readings: @escaping @Sendable (Character) -> [String]) {
    table = KanjiCandidateTable(readings: readings)
  }

  public func align(surface: String, reading: String) -> [LyricsWord.KanjiReading]? {
    // Scalars, not Characters: Japanese text is one scalar a character, and grapheme
    // breaking costs more than the whole search.
    Self.withScalars(of: Mora.hiragana(surface)) { surface in
      Self.withScalars(of: Mora.hiragana(reading)) { reading in
        align(surface, reading)
      }
    }
  }

  /// The text's scalars in a buffer on the stack: a word has few, and an array of them costs an
  /// allocation and a count of the text first.
  private static func withScalars<Result>(
    of text: String, _ body: (UnsafeBufferPointer<Unicode.Scalar>) -> Result
  ) -> Result {
    withUnsafeTemporaryAllocation(of: Unicode.Scalar.self, capacity: text.utf8.count) { buffer in
      var count = 0
      for scalar in text.unicodeScalars {
        buffer.initializeElement(at: count, to: scalar)
        count += 1
      }
      return body(UnsafeBufferPointer(rebasing: buffer[..<count]))
    }
  }

  private func align(
    _ surface: UnsafeBufferPointer<Unicode.Scalar>, _ reading: UnsafeBufferPointer<Unicode.Scalar>
  ) -> [LyricsWord.KanjiReading]? {
    guard let first = surface.firstIndex(where: LyricsWord.isKanji), !reading.isEmpty else {
      return nil
    }
    if let only = Self.onlyKanji(at: first, surface: surface, reading: reading) {
      return only
    }
    var search = Search(
      surface: surface, reading: reading, candidates: table.candidates(for: surface))
    search.run(0, 0, 0)
    guard let best = search.best else { return nil }
    var parts = best.parts.makeIterator()
    var split: [LyricsWord.KanjiReading] = []
    split.reserveCapacity(best.parts.count)
    for kanji in surface where LyricsWord.isKanji(kanji) {
      guard let part = parts.next() else { break }
      split.append(.init(kanji: String(kanji), reading: Self.string(reading[part])))
    }
    return split
  }

  /// Each kanji's part of the reading, as a range of it: the first split found with the fewest
  /// kanji read outside their listed readings (at most one).
  private struct Search {
    let surface: UnsafeBufferPointer<Unicode.Scalar>
    let reading: UnsafeBufferPointer<Unicode.Scalar>
    let candidates: [KanjiCandidateTable.Readings?]
    var parts: [Range<Int>] = []
    var best: (unlisted: Int, parts: [Range<Int>])?

    init(
      surface: UnsafeBufferPointer<Unicode.Scalar>, reading: UnsafeBufferPointer<Unicode.Scalar>,
      candidates: [KanjiCandidateTable.Readings?]
    ) {
      self.surface = surface
      self.reading = reading
      self.candidates = candidates
      parts.reserveCapacity(surface.count)
    }

    mutating func run(_ i: Int, _ j: Int, _ unlisted: Int) {
      if let best, best.unlisted <= unlisted { return }
      if i == surface.count {
        if j == reading.count { best = (unlisted, parts) }
        return
      }
      guard let options = candidates[i] else {
        guard j < reading.count, surface[i] == reading[j] else { return }
        run(i + 1, j + 1, unlisted)
        return
      }
      var start = 0
      for k in 0..<options.count {
        let end = options.end(k)
        defer { start = end }
        let length = end - start
        guard j + length <= reading.count, options.matches(start, end, in: reading, at: j) else {
          continue
        }
        parts.append(j..<(j + length))
        run(i + 1, j + length, unlisted)
        parts.removeLast()
      }
      guard unlisted == 0 else { return }
      for length in 1...4 where j + length <= reading.count {
        parts.append(j..<(j + length))
        run(i + 1, j + length, unlisted + 1)
        parts.removeLast()
      }
    }
  }

  /// The split of a word with one kanji among kana (食べ, お茶) without the search: the kana
  /// around the kanji fix its part, which the search takes whether the dictionary lists it or
  /// not when it is one to four kana. Nil otherwise, for the search to decide.
  static func onlyKanji(
    at index: Int, surface: UnsafeBufferPointer<Unicode.Scalar>,
    reading: UnsafeBufferPointer<Unicode.Scalar>
  ) -> [LyricsWord.KanjiReading]? {
    let after = surface.count - index - 1
    let length = reading.count - index - after
    guard (1...4).contains(length), !surface[(index + 1)...].contains(where: LyricsWord.isKanji),
      surface[..<index].elementsEqual(reading[..<index]),
      surface[(index + 1)...].elementsEqual(reading[(reading.count - after)...])
    else { return nil }
    return [
      .init(kanji: String(surface[index]), reading: string(reading[index..<(index + length)]))
    ]
  }

  /// The scalars as a string, encoded straight to UTF-8 (building a String.UnicodeScalarView
  /// costs more than the whole search).
  static func string<Scalars: Collection<Unicode.Scalar>>(_ scalars: Scalars) -> String {
    String(unsafeUninitializedCapacity: scalars.count * 4) { output in
      var count = 0
      for scalar in scalars {
        UTF8.encode(scalar) { byte in
          output[count] = byte
          count += 1
        }
      }
      return count
    }
  }

  static func variants(of readings: [String]) -> [String] {
    var all: [String] = []
    var seen = Set<String>()
    func add(_ reading: String) { if seen.insert(reading).inserted { all.append(reading) } }
    for reading in readings {
      add(reading)
      if let first = reading.unicodeScalars.first {
        let rest = String(reading.unicodeScalars.dropFirst())
        for voiced in CompoundSoundChange.voiced[first] ?? [] { add(String(voiced) + rest) }
      }
    }
    for reading in all
    where reading.count >= 2 && CompoundSoundChange.doubling.contains(reading.unicodeScalars.last!)
    {
      add(String(reading.unicodeScalars.dropLast()) + "っ")
    }
    return all
  }
}
