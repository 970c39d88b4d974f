/// A word's kanji readings as the Onpu app places them: it gives a reading to each CJK ideograph
/// (U+4E00–9FFF, U+3400–4DBF, U+F900–FAFF) in turn and draws every other character as text, so
/// an iteration mark (々 〻) cannot carry one. The mark's reading joins the ideograph's before
/// it (人々: 人 ひとびと), and the readings over the ideographs, with the kana between them,
/// make the word's reading.
public enum IdeographRuby {
  public static func isIdeograph(_ scalar: Unicode.Scalar) -> Bool {
    (0x4E00...0x9FFF).contains(scalar.value) || (0x3400...0x4DBF).contains(scalar.value)
      || (0xF900...0xFAFF).contains(scalar.value)
  }

  public static func isIdeograph(_ character: Character) -> Bool {
    character.unicodeScalars.contains(where: isIdeograph)
  }

  /// 々 〻 ゝ ゞ ヽ ヾ: each repeats what stands before it.
  public static func isIterationMark(_ character: Character) -> Bool {
    ["々", "〻", "ゝ", "ゞ", "ヽ", "ヾ"].contains(character)
  }

  /// One reading per ideograph of the surface; nil when the word has no split readings, or when
  /// they would not add up to its reading as the app shows them (a kana iteration mark after a
  /// kanji, whose part of the reading is not known).
  public static func readings(of word: LyricsWord) -> [String]? {
    guard !word.kanjiReadings.isEmpty else { return nil }
    var given = word.kanjiReadings.makeIterator()
    var readings: [String] = []
    for character in word.surface {
      if isIdeograph(character) {
        guard let next = given.next() else { return nil }
        readings.append(next.reading)
      } else if LyricsWord.isKanji(character) {
        guard let next = given.next(), !readings.isEmpty else { return nil }
        readings[readings.count - 1] += next.reading
      }
    }
    guard given.next() == nil, addsUp(surface: word.surface, reading: word.reading, readings)
    else { return nil }
    return readings
  }

  /// Whether the readings over the surface's ideographs, with its kana as written, spell the
  /// reading: what the app's furigana reads (anything else it draws as text, read as nothing).
  public static func addsUp(surface: String, reading: String, _ readings: [String]) -> Bool {
    var given = readings.makeIterator()
    var spelled = ""
    for character in surface {
      if isIdeograph(character) {
        guard let next = given.next() else { return false }
        spelled += next
      } else if isKana(character) {
        spelled.append(character)
      }
    }
    return given.next() == nil && Mora.hiragana(spelled) == Mora.hiragana(reading)
  }

  /// Kana as the app draws them, the long-vowel mark included; not the iteration marks, whose
  /// sound is the one before them.
  static func isKana(_ character: Character) -> Bool {
    guard !isIterationMark(character), let scalar = character.unicodeScalars.first,
      character.unicodeScalars.count == 1
    else { return false }
    return (0x3041...0x309F).contains(scalar.value) || (0x30A1...0x30FF).contains(scalar.value)
  }
}
