/// Splits a word's reading over its kanji: the kana of the surface must match the reading where
/// they stand, and each kanji takes one of its dictionary readings, allowing the sound changes of
/// compounds (a voiced first sound, a final つ/ち/く/き doubled into っ). One kanji may take a
/// reading the dictionary does not list when everything around it fits; otherwise (jukujikun
/// such as 今日) there is no split and furigana covers the whole word.
public struct KanjiReadingAligner: Sendable {
  private let readings: @Sendable (Character) -> [String]

  public init(readings: @escaping @Sendable (Character) -> [String]) {
    self.readings = readings
  }

  public func align(surface: String, reading: String) -> [LyricsWord.KanjiReading]? {
    let surface = Array(surface)
    let reading = Array(Mora.hiragana(reading))
    guard surface.contains(where: LyricsWord.isKanji), !reading.isEmpty else { return nil }
    var candidates: [Int: [[Character]]] = [:]
    for (index, character) in surface.enumerated() where LyricsWord.isKanji(character) {
      let base = character == "々" && index > 0 ? surface[index - 1] : character
      candidates[index] = Self.variants(of: readings(base)).map(Array.init)
    }
    var best: (unlisted: Int, parts: [[Character]])?
    var parts: [[Character]] = []

    func search(_ i: Int, _ j: Int, _ unlisted: Int) {
      if let best, best.unlisted <= unlisted { return }
      if i == surface.count {
        if j == reading.count { best = (unlisted, parts) }
        return
      }
      let character = surface[i]
      guard let options = candidates[i] else {
        guard j < reading.count, Mora.hiragana(String(character)) == String(reading[j]) else {
          return
        }
        search(i + 1, j + 1, unlisted)
        return
      }
      for option in options
      where j + option.count <= reading.count
        && reading[j..<(j + option.count)].elementsEqual(option)
      {
        parts.append(option)
        search(i + 1, j + option.count, unlisted)
        parts.removeLast()
      }
      guard unlisted == 0 else { return }
      for length in 1...4 where j + length <= reading.count {
        parts.append(Array(reading[j..<(j + length)]))
        search(i + 1, j + length, unlisted + 1)
        parts.removeLast()
      }
    }
    search(0, 0, 0)
    guard let best else { return nil }
    let kanji = surface.filter(LyricsWord.isKanji)
    return zip(kanji, best.parts).map { .init(kanji: String($0), reading: String($1)) }
  }

  private static let voiced: [Character: [Character]] = [
    "か": ["が"], "き": ["ぎ"], "く": ["ぐ"], "け": ["げ"], "こ": ["ご"],
    "さ": ["ざ"], "し": ["じ"], "す": ["ず"], "せ": ["ぜ"], "そ": ["ぞ"],
    "た": ["だ"], "ち": ["ぢ", "じ"], "つ": ["づ", "ず"], "て": ["で"], "と": ["ど"],
    "は": ["ば", "ぱ"], "ひ": ["び", "ぴ"], "ふ": ["ぶ", "ぷ"], "へ": ["べ", "ぺ"], "ほ": ["ぼ", "ぽ"],
  ]

  static func variants(of readings: [String]) -> [String] {
    var all: [String] = []
    var seen = Set<String>()
    func add(_ reading: String) { if seen.insert(reading).inserted { all.append(reading) } }
    for reading in readings {
      add(reading)
      if let first = reading.first {
        for voiced in voiced[first] ?? [] { add(String(voiced) + reading.dropFirst()) }
      }
    }
    for reading in all where reading.count >= 2 && "つちくき".contains(reading.last!) {
      add(reading.dropLast() + "っ")
    }
    return all
  }
}
