/// Numbers as they are read aloud, in hiragana: Arabic digits (half-width or full-width, with
/// or without thousands separators) and kanji numerals (二十六, 二千二十六, 二〇二六), alone or
/// with a counter and its sound changes (3本 さんぼん, 1日 ついたち) and a suffix after it (10年後
/// じゅうねんご). Values reach up to 億 (below 10^12).
public enum NumberReading {
  /// The reading of a number, with its counter and suffix if it has them; nil when the text is
  /// not one, or its counter has no reading for the value (11つ).
  public static func reading(of text: String) -> String? {
    guard mayStartNumber(text) else { return nil }
    let characters = Array(text)
    let numberEnd = characters.firstIndex { !isNumeralOrSeparator($0) } ?? characters.count
    guard numberEnd > 0, let value = value(of: String(characters[..<numberEnd])) else {
      return nil
    }
    let rest = String(characters[numberEnd...])
    if rest.isEmpty { return reading(of: value) }
    return counted(value, by: rest)
  }

  /// The value written, or nil when the text is not a whole number.
  public static func value(of text: String) -> Int? {
    guard !text.isEmpty else { return nil }
    let characters = Array(text)
    if characters.contains(where: { separators.contains($0) }) {
      return separatedValue(characters)
    }
    var total = 0
    var section = 0
    var digits: Int?
    var smallerThan = Int.max
    var largeSmallerThan = Int.max
    for character in characters {
      if let digit = digit(character) {
        digits = (digits ?? 0) * 10 + digit
        guard digits! < limit else { return nil }
      } else if let unit = smallUnits[character] {
        guard (digits ?? 1) < 10, unit < smallerThan else { return nil }
        smallerThan = unit
        section += (digits ?? 1) * unit
        digits = nil
      } else if let unit = largeUnits[character] {
        let group = section + (digits ?? 0)
        guard group > 0, group < 10_000, unit < largeSmallerThan else { return nil }
        largeSmallerThan = unit
        smallerThan = Int.max
        total += group * unit
        section = 0
        digits = nil
      } else {
        return nil
      }
    }
    let value = total + section + (digits ?? 0)
    return value < limit ? value : nil
  }

  /// The number read on its own: 2026 にせんにじゅうろく, 0 ぜろ.
  public static func reading(of value: Int) -> String {
    let (head, tail) = parts(of: value)
    return head + tail.reading
  }

  /// The last element spoken in a number, which a counter after it may change: the ones digit,
  /// or じゅう, ひゃく, せん, まん, おく when the number ends with one.
  struct Tail: Hashable {
    var kind: Kind
    var reading: String

    enum Kind: Hashable {
      case digit(Int)
      case ten, hundred, thousand, tenThousand, hundredMillion, zero
    }
  }

  /// The number's reading split before its last element.
  static func parts(of value: Int) -> (head: String, tail: Tail) {
    if value == 0 { return ("", Tail(kind: .zero, reading: "ぜろ")) }
    let groups: [(value: Int, unit: String, kind: Tail.Kind)] = [
      (value / 100_000_000, "おく", .hundredMillion),
      ((value / 10_000) % 10_000, "まん", .tenThousand),
    ].filter { $0.value > 0 }
    let low = value % 10_000
    var head = ""
    for (index, group) in groups.enumerated() {
      head += group.value == 1000 ? "いっせん" : groupReading(group.value)
      if low == 0, index == groups.count - 1 {
        return (head, Tail(kind: group.kind, reading: group.unit))
      }
      head += group.unit
    }
    let (lowHead, tail) = groupParts(low)
    return (head + lowHead, tail)
  }

  /// 1 to 9999 split before its last element.
  private static func groupParts(_ group: Int) -> (String, Tail) {
    let places: [(Int, Tail.Kind)] = [(1000, .thousand), (100, .hundred), (10, .ten)]
    var head = ""
    for (index, (place, kind)) in places.enumerated() {
      let digit = (group / place) % 10
      guard digit > 0 else { continue }
      let reading = placeReading(digit, place)
      if group % place == 0 {
        let unit = ["せん", "ひゃく", "じゅう"][index]
        let voicedUnit = String(reading.suffix(unit.count))
        return (head + reading.dropLast(unit.count), Tail(kind: kind, reading: voicedUnit))
      }
      head += reading
    }
    let ones = group % 10
    return (head, Tail(kind: .digit(ones), reading: onesReadings[ones]))
  }

  private static func groupReading(_ group: Int) -> String {
    let (head, tail) = groupParts(group)
    return head + tail.reading
  }

  private static func placeReading(_ digit: Int, _ place: Int) -> String {
    switch (digit, place) {
    case (1, 1000): "せん"
    case (3, 1000): "さんぜん"
    case (8, 1000): "はっせん"
    case (1, 100): "ひゃく"
    case (3, 100): "さんびゃく"
    case (6, 100): "ろっぴゃく"
    case (8, 100): "はっぴゃく"
    case (1, 10): "じゅう"
    case (_, 1000): onesReadings[digit] + "せん"
    case (_, 100): onesReadings[digit] + "ひゃく"
    default: onesReadings[digit] + "じゅう"
    }
  }

  static let onesReadings = ["ぜろ", "いち", "に", "さん", "よん", "ご", "ろく", "なな", "はち", "きゅう"]

  private static let limit = 1_000_000_000_000
  private static let separators: Set<Character> = [",", "，"]
  private static let smallUnits: [Character: Int] = ["十": 10, "百": 100, "千": 1000]
  private static let largeUnits: [Character: Int] = ["万": 10_000, "億": 100_000_000]
  private static let kanjiDigits: [Character: Int] = [
    "〇": 0, "零": 0, "一": 1, "二": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8,
    "九": 9,
  ]

  static func digit(_ character: Character) -> Int? {
    if let digit = kanjiDigits[character] { return digit }
    guard let scalar = character.unicodeScalars.first, character.unicodeScalars.count == 1 else {
      return nil
    }
    return arabicDigit(scalar)
  }

  /// A half-width or full-width digit's value.
  static func arabicDigit(_ scalar: Unicode.Scalar) -> Int? {
    if ("0"..."9").contains(scalar) { return Int(scalar.value - 0x30) }
    if (0xFF10...0xFF19).contains(scalar.value) { return Int(scalar.value - 0xFF10) }
    return nil
  }

  /// A character a written number is made of.
  public static func isNumeral(_ character: Character) -> Bool {
    digit(character) != nil || smallUnits[character] != nil || largeUnits[character] != nil
  }

  /// False when the text's first character cannot be a numeral or a separator, seen from its
  /// first scalar alone: most tokens are not numbers, and Character lookups cost. (Compatibility
  /// ideographs are let through, being canonically equal to the kanji numerals they stand for.)
  static func mayStartNumber(_ text: String) -> Bool {
    guard let first = text.unicodeScalars.first?.value else { return false }
    switch first {
    case 0x30...0x39, 0x2C, 0xFF0C, 0xFF10...0xFF19, 0xF900...0xFAFF, 0x2F800...0x2FA1F:
      return true
    case 0x3007, 0x4E00...0x9FFF: return numeralScalars.contains(first)
    default: return false
    }
  }

  /// A short list, looked through rather than hashed.
  private static let numeralScalars = Array(
    Set(
      [smallUnits.keys, largeUnits.keys, kanjiDigits.keys].joined().flatMap {
        $0.unicodeScalars.map(\.value)
      })
  ).sorted()

  static func isNumeralOrSeparator(_ character: Character) -> Bool {
    isNumeral(character) || separators.contains(character)
  }

  /// 1,000,000 or １，０００: Arabic digits in groups of three after the first.
  private static func separatedValue(_ characters: [Character]) -> Int? {
    let groups = characters.split(
      omittingEmptySubsequences: false, whereSeparator: { separators.contains($0) })
    guard let first = groups.first, (1...3).contains(first.count),
      groups.dropFirst().allSatisfy({ $0.count == 3 })
    else { return nil }
    var value = 0
    for character in groups.joined() {
      guard kanjiDigits[character] == nil, let digit = digit(character) else { return nil }
      value = value * 10 + digit
      guard value < limit else { return nil }
    }
    return value
  }
}
