import OnpuAnalysis
import OnpuCore

/// What learners type into Onpu's word search, drawn from the dictionary itself the same way every
/// run: each kind in turn, so that every kind gets the same number of searches.
enum OnpuWordQueries {
  static let kinds = [
    "kanji", "hiragana", "katakana", "romaji (Hepburn)", "romaji (kunrei)", "English",
    "one-kana prefix", "two-letter romaji", "one-letter English", "common English word",
  ]

  /// English words found in thousands of glosses, the widest whole-word matches.
  static let commonEnglish = [
    "to", "the", "star", "a", "of", "be", "in", "one", "love", "light", "and", "person", "time",
    "make", "good", "night", "heart", "sky",
  ]

  static func mix(entries: WordEntries, count: Int) -> [(kind: String, query: String)] {
    var state: UInt64 = 0x0F00D
    func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }
    func entry(where wanted: (WordEntry) -> Bool) -> WordEntry {
      while true {
        let entry = entries[next(entries.count)]
        if wanted(entry) { return entry }
      }
    }
    let letters = Array("abcdefghijklmnopqrstuvwxyz")
    return (0..<count).map { index in
      let kind = kinds[index % kinds.count]
      let reading = entry(where: { _ in true }).reading
      let query: String
      switch kind {
      case "kanji":
        query = entry(where: { $0.word.unicodeScalars.contains(where: LyricsWord.isKanji) }).word
      case "hiragana": query = Mora.hiragana(reading)
      case "katakana": query = Mora.katakana(reading)
      case "romaji (Hepburn)": query = Romaji.hepburn(reading)
      case "romaji (kunrei)": query = kunrei(Romaji.hepburn(reading))
      case "English":
        query =
          entry(where: { !$0.senses.isEmpty }).senses[0].glosses.first.map {
            $0.split(separator: " ").prefix(2).joined(separator: " ")
          } ?? "star"
      case "one-kana prefix": query = String(reading.prefix(1))
      case "two-letter romaji": query = String(Romaji.hepburn(reading).prefix(2))
      case "one-letter English": query = String(letters[next(letters.count)])
      default: query = commonEnglish[next(commonEnglish.count)]
      }
      return (kind, query)
    }
  }

  /// Hepburn respelled as kunrei-shiki (shi si, chi ti, tsu tu, fu hu, ja zya).
  static func kunrei(_ hepburn: String) -> String {
    var text = hepburn
    for (from, to) in [
      ("sh", "sy"), ("ch", "ty"), ("tsu", "tu"), ("fu", "hu"), ("j", "zy"), ("syi", "si"),
      ("tyi", "ti"), ("zyi", "zi"),
    ] {
      text = text.replacing(from, with: to)
    }
    return text
  }
}
