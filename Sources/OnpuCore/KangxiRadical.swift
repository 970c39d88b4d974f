import Foundation

/// One of the 214 Kangxi radicals, under which KANJIDIC2 files every kanji (its classical
/// radical number).
public struct KangxiRadical: Hashable, Codable, Sendable {
  /// 1 to 214, in the dictionary's order (by stroke count).
  public var number: Int
  /// The character of the Unicode Kangxi Radicals block (U+2F00 onwards).
  public var character: String
  /// The ordinary CJK ideograph the radical character stands for (its NFKC form): the one to
  /// show, search and link.
  public var ideograph: String
  /// The shape the radical usually takes inside a kanji, when it differs (水 → 氵).
  public var variant: String?
  public var strokes: Int
  /// A short English name.
  public var name: String

  public static let count = 214

  /// The radical numbered `number`, or nil outside 1...214.
  public init?(number: Int) {
    guard (1...Self.count).contains(number),
      let scalar = Unicode.Scalar(0x2F00 + UInt32(number) - 1)
    else { return nil }
    self.number = number
    character = String(Character(scalar))
    ideograph = character.precomposedStringWithCompatibilityMapping
    variant = Self.variants[number]
    strokes = Self.strokeStarts.lastIndex { $0 <= number }.map { $0 + 1 } ?? 1
    name = Self.names[number - 1]
  }

  public static let all: [KangxiRadical] = (1...count).compactMap(KangxiRadical.init(number:))

  /// The radical written as `text`: its number, its Kangxi character, its ideograph or its
  /// usual variant.
  public static func named(_ text: String) -> KangxiRadical? {
    if let number = Int(text) { return KangxiRadical(number: number) }
    return all.first { [$0.character, $0.ideograph, $0.variant].contains(text) }
  }

  /// The prefix of a kanji search by radical: `radical:85`, `radical:水`, `radical:氵`.
  public static let queryPrefix = "radical:"

  public static func isQuery(_ query: String) -> Bool {
    query.lowercased().hasPrefix(queryPrefix)
  }

  /// The radical a `radical:` search names, or nil when it names none.
  public static func query(_ query: String) -> KangxiRadical? {
    guard isQuery(query) else { return nil }
    return named(String(query.dropFirst(queryPrefix.count)).trimmingWhitespace())
  }

  /// strokeStarts[s - 1] is the number of the first radical written with s strokes.
  static let strokeStarts = [
    1, 7, 30, 61, 95, 118, 147, 167, 176, 187, 195, 201, 205, 209, 211, 212, 214,
  ]

  static let variants: [Int: String] = [
    9: "亻", 18: "刂", 61: "忄", 64: "扌", 66: "攵", 85: "氵", 86: "灬", 87: "爫", 93: "牜",
    94: "犭", 113: "礻", 120: "糹", 122: "罒", 140: "艹", 145: "衤", 149: "訁", 162: "辶",
    163: "阝", 167: "釒", 170: "阝", 184: "飠",
  ]
}
