/// Morae, the beats Japanese pitch is counted in. A kana followed by a small ya, yu, yo (or a
/// small vowel or wa) is one mora with it; the small tsu, n and the long-vowel mark are morae of
/// their own. Hiragana and katakana alike.
public enum Mora {
  /// The reading's morae, in order. A combining small kana with nothing before it stands alone.
  public static func split(_ reading: String) -> [String] {
    morae(of: reading) { $0 }
  }

  /// `split`, each mora low: a word's morae before its phrase pitches them.
  static func pitches(_ reading: String) -> [LyricsWord.MoraPitch] {
    morae(of: reading) { LyricsWord.MoraPitch(text: $0, isHigh: false) }
  }

  /// Each mora made into an element by `make`. A mora is cut from the reading's UTF-8 whole
  /// rather than built a scalar at a time; whitespace inside the reading goes the slow way,
  /// skipped.
  private static func morae<Element>(of reading: String, _ make: (String) -> Element) -> [Element] {
    var contiguous = reading
    return contiguous.withUTF8 { bytes in
      var morae: [Element] = []
      morae.reserveCapacity(bytes.count / 3 + 1)
      func mora(_ range: Range<Int>) -> Element {
        make(String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self))
      }
      var start: Int?
      var joinable = false
      var index = 0
      while index < bytes.count {
        let (scalar, length) = scalar(in: bytes, at: index)
        if isWhitespace(scalar) { return spacedMorae(of: reading).map(make) }
        if isCombining(scalar), joinable {
          joinable = false
        } else {
          if let start { morae.append(mora(start..<index)) }
          start = index
          joinable = !isCombining(scalar)
        }
        index += length
      }
      if let start { morae.append(mora(start..<bytes.count)) }
      return morae
    }
  }

  /// The scalar whose UTF-8 starts at `index` of valid UTF-8, and its length in bytes.
  private static func scalar(in bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (
    Unicode.Scalar, Int
  ) {
    let lead = UInt32(bytes[index])
    func next(_ offset: Int) -> UInt32 { UInt32(bytes[index + offset] & 0x3F) }
    switch lead {
    case ..<0x80: return (Unicode.Scalar(lead)!, 1)
    case ..<0xE0: return (Unicode.Scalar((lead & 0x1F) << 6 | next(1))!, 2)
    case ..<0xF0: return (Unicode.Scalar((lead & 0x0F) << 12 | next(1) << 6 | next(2))!, 3)
    default:
      return (Unicode.Scalar((lead & 0x07) << 18 | next(1) << 12 | next(2) << 6 | next(3))!, 4)
    }
  }

  /// The morae of a reading with whitespace in it, which a mora leaves out.
  private static func spacedMorae(of reading: String) -> [String] {
    var morae: [String] = []
    var joinable = false
    for scalar in reading.unicodeScalars where !isWhitespace(scalar) {
      if isCombining(scalar), joinable {
        morae[morae.count - 1].unicodeScalars.append(scalar)
        joinable = false
      } else {
        morae.append(String(Character(scalar)))
        joinable = !isCombining(scalar)
      }
    }
    return morae
  }

  /// Katakana to hiragana; other characters are kept (the long-vowel mark among them).
  public static func hiragana(_ text: String) -> String {
    moving(text, 0x30A1...0x30F6, by: -0x60)
  }

  /// Hiragana to katakana; other characters are kept.
  public static func katakana(_ text: String) -> String {
    moving(text, 0x3041...0x3096, by: 0x60)
  }

  /// The text with its kana in `range` moved by `offset` to the other script. Works on the UTF-8
  /// bytes: a kana is three bytes starting E3 in either script, and text with none to move is
  /// returned as it is.
  private static func moving(_ text: String, _ range: ClosedRange<UInt32>, by offset: Int32)
    -> String
  {
    var contiguous = text
    let changed = contiguous.withUTF8 { bytes -> String? in
      guard let first = firstKana(in: range, bytes) else { return nil }
      return String(unsafeUninitializedCapacity: bytes.count) { output in
        _ = output.initialize(from: bytes)
        var index = first
        while index + 2 < bytes.count {
          if bytes[index] == 0xE3 {
            let value = kanaValue(bytes, at: index)
            if range.contains(value) {
              let moved = UInt32(Int32(value) + offset)
              output[index + 1] = 0x80 | UInt8((moved >> 6) & 0x3F)
              output[index + 2] = 0x80 | UInt8(moved & 0x3F)
            }
            index += 3
          } else {
            index += 1
          }
        }
        return bytes.count
      }
    }
    return changed ?? text
  }

  /// Where the first scalar of `range` (all three bytes starting E3) starts, if any.
  private static func firstKana(in range: ClosedRange<UInt32>, _ bytes: UnsafeBufferPointer<UInt8>)
    -> Int?
  {
    var index = 0
    while index + 2 < bytes.count {
      if bytes[index] == 0xE3 {
        if range.contains(kanaValue(bytes, at: index)) { return index }
        index += 3
      } else {
        index += 1
      }
    }
    return nil
  }

  /// The scalar of the three bytes at `index`, the first of them E3.
  private static func kanaValue(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> UInt32 {
    0x3000 | (UInt32(bytes[index + 1] & 0x3F) << 6) | UInt32(bytes[index + 2] & 0x3F)
  }

  /// The small ya, yu, yo, vowels and wa, hiragana and katakana.
  static func isCombining(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x3041, 0x3043, 0x3045, 0x3047, 0x3049, 0x3083, 0x3085, 0x3087, 0x308E: true
    case 0x30A1, 0x30A3, 0x30A5, 0x30A7, 0x30A9, 0x30E3, 0x30E5, 0x30E7, 0x30EE: true
    default: false
    }
  }

  /// No scalar above U+3000 is whitespace: kana skip the property lookup.
  static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value <= 0x3000 && scalar.properties.isWhitespace
  }

  private static let vowels: [Character: Character] = {
    var table: [Character: Character] = [:]
    let rows: [(Character, String)] = [
      ("a", "あかさたなはまやらわがざだばぱぁゃゎ"), ("i", "いきしちにひみりぎじぢびぴぃ"),
      ("u", "うくすつぬふむゆるぐずづぶぷぅゅ"), ("e", "えけせてねへめれげぜでべぺぇ"),
      ("o", "おこそとのほもよろをごぞどぼぽぉょ"),
    ]
    for (vowel, kana) in rows { for character in kana { table[character] = vowel } }
    return table
  }()

  /// A mora that only lengthens the one before it: ん, っ, ー, or a vowel continuing the
  /// previous mora (the う of おう and うう, the い of えい, あい and いい).
  public static func isSpecial(_ mora: String, after previous: String?) -> Bool {
    if let known = isSpecialKana(mora, after: previous) { return known }
    let mora = hiragana(mora)
    if ["ん", "っ", "ー"].contains(mora) { return true }
    guard let previous, let last = hiragana(previous).last, let vowel = vowels[last] else {
      return false
    }
    return (mora == "う" && "ou".contains(vowel)) || (mora == "い" && "eai".contains(vowel))
  }

  /// `isSpecial` on the scalars for a mora of one scalar after a mora of plain kana, where
  /// every character is one scalar; nil for anything else, which compares as strings.
  private static func isSpecialKana(_ mora: String, after previous: String?) -> Bool? {
    var scalars = mora.unicodeScalars.makeIterator()
    guard let first = scalars.next(), scalars.next() == nil else { return nil }
    let value = plainHiragana(first.value) ?? first.value
    if value == 0x3093 || value == 0x3063 || value == 0x30FC { return true }
    guard value == 0x3046 || value == 0x3044 else { return false }
    guard let previous else { return false }
    var last: UInt32?
    for scalar in previous.unicodeScalars {
      guard isPlainKana(scalar) else { return nil }
      last = plainHiragana(scalar.value) ?? scalar.value
    }
    guard let last, let lastScalar = Unicode.Scalar(last),
      let vowel = vowels[Character(lastScalar)]
    else { return false }
    return value == 0x3046 ? "ou".contains(vowel) : "eai".contains(vowel)
  }

  /// Katakana's hiragana, as `hiragana` maps it; nil for anything else.
  private static func plainHiragana(_ value: UInt32) -> UInt32? {
    (0x30A1...0x30F6).contains(value) ? value - 0x60 : nil
  }

  /// A kana that is a character on its own: no combining sound mark, nothing that joins others.
  private static func isPlainKana(_ scalar: Unicode.Scalar) -> Bool {
    (0x3041...0x3096).contains(scalar.value) || (0x30A1...0x30FA).contains(scalar.value)
      || scalar.value == 0x30FC
  }

  /// A nucleus a combination rule put on a special mora moves back to the mora it lengthens,
  /// since pitch cannot fall inside a syllable.
  public static func nucleusOffSpecialMora(_ nucleus: Int, in morae: [String]) -> Int {
    var nucleus = nucleus
    while nucleus > 1, nucleus <= morae.count,
      isSpecial(morae[nucleus - 1], after: morae[nucleus - 2])
    {
      nucleus -= 1
    }
    return nucleus
  }
}
