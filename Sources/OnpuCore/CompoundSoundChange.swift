/// The sound changes of a compound: a later part's first sound voiced (か to が, は to ば or ぱ,
/// ち to ぢ or じ, つ to づ or ず) and an earlier part's last sound doubled into っ (つ, ち, く, き).
/// Furigana alignment and the readings of words MeCab cuts both allow them.
enum CompoundSoundChange {
  /// The voiced sounds of each plain one, in hiragana.
  static let voiced: [Unicode.Scalar: [Unicode.Scalar]] = [
    "か": ["が"], "き": ["ぎ"], "く": ["ぐ"], "け": ["げ"], "こ": ["ご"],
    "さ": ["ざ"], "し": ["じ"], "す": ["ず"], "せ": ["ぜ"], "そ": ["ぞ"],
    "た": ["だ"], "ち": ["ぢ", "じ"], "つ": ["づ", "ず"], "て": ["で"], "と": ["ど"],
    "は": ["ば", "ぱ"], "ひ": ["び", "ぴ"], "ふ": ["ぶ", "ぷ"], "へ": ["べ", "ぺ"], "ほ": ["ぼ", "ぽ"],
  ]

  /// The last sounds that double into っ, in hiragana (few: looked through, not hashed).
  static let doubling: [Unicode.Scalar] = ["つ", "ち", "く", "き"]

  /// Whether `changed` is `plain` voiced, in either script.
  static func isVoiced(_ changed: Unicode.Scalar, from plain: Unicode.Scalar) -> Bool {
    let offset = Int(hiragana(plain).value) - Int(firstPlain.value)
    guard voicedByPlain.indices.contains(offset) else { return false }
    return voicedByPlain[offset].contains(hiragana(changed).value)
  }

  /// `voiced` as a list from か to ほ, looked up by place rather than hashed: the readings of
  /// cut compounds ask it for every sound they compare.
  private static let voicedByPlain: [[UInt32]] = (firstPlain.value...lastPlain.value).map {
    voiced[Unicode.Scalar($0)!]?.map(\.value) ?? []
  }

  private static let firstPlain: Unicode.Scalar = "か"
  private static let lastPlain: Unicode.Scalar = "ほ"

  /// Whether `changed` is `plain` doubled into っ, in either script.
  static func isDoubled(_ changed: Unicode.Scalar, from plain: Unicode.Scalar) -> Bool {
    hiragana(changed) == "っ" && doubling.contains(hiragana(plain))
  }

  private static func hiragana(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
    (0x30A1...0x30F6).contains(scalar.value) ? Unicode.Scalar(scalar.value - 0x60)! : scalar
  }
}
