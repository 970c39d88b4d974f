/// Morae, the beats Japanese pitch is counted in. A kana followed by a small ya, yu, yo (or a
/// small vowel or wa) is one mora with it; the small tsu, n and the long-vowel mark are morae of
/// their own. Hiragana and katakana alike.
public enum Mora {
  static let combining: Set<Unicode.Scalar> = [
    "ゃ", "ゅ", "ょ", "ぁ", "ぃ", "ぅ", "ぇ", "ぉ", "ゎ",
    "ャ", "ュ", "ョ", "ァ", "ィ", "ゥ", "ェ", "ォ", "ヮ",
  ]

  /// The reading's morae, in order. A combining small kana with nothing before it stands alone.
  public static func split(_ reading: String) -> [String] {
    var morae: [String] = []
    var joinable = false
    for scalar in reading.unicodeScalars where !scalar.properties.isWhitespace {
      if combining.contains(scalar), joinable {
        morae[morae.count - 1].unicodeScalars.append(scalar)
        joinable = false
      } else {
        morae.append(String(Character(scalar)))
        joinable = !combining.contains(scalar)
      }
    }
    return morae
  }

  /// Katakana to hiragana; other characters are kept (the long-vowel mark among them).
  public static func hiragana(_ text: String) -> String {
    String(
      String.UnicodeScalarView(
        text.unicodeScalars.map { scalar in
          (0x30A1...0x30F6).contains(scalar.value)
            ? Unicode.Scalar(scalar.value - 0x60)! : scalar
        }))
  }

  /// Hiragana to katakana; other characters are kept.
  public static func katakana(_ text: String) -> String {
    String(
      String.UnicodeScalarView(
        text.unicodeScalars.map { scalar in
          (0x3041...0x3096).contains(scalar.value)
            ? Unicode.Scalar(scalar.value + 0x60)! : scalar
        }))
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
    let mora = hiragana(mora)
    if ["ん", "っ", "ー"].contains(mora) { return true }
    guard let previous, let last = hiragana(previous).last, let vowel = vowels[last] else {
      return false
    }
    return (mora == "う" && "ou".contains(vowel)) || (mora == "い" && "eai".contains(vowel))
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
