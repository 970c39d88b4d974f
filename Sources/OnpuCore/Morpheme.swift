/// One token of a line as MeCab with UniDic 2.1.2 (26 feature fields) gives it, keeping the
/// fields Onpu reads: the part of speech (f[0]), the voiced form (iForm, f[14]), the reading
/// (kana, f[17]) and the accent fields (aType f[23], aConType f[24]). Unknown words carry fewer
/// fields: a part of speech only.
public struct Morpheme: Hashable, Sendable {
  public var surface: String
  /// Whitespace stood between this token and the one before it.
  public var spaceBefore: Bool
  public var partOfSpeech: PartOfSpeech
  /// The dictionary's reading of the token as written, in katakana; nil for unknown words and
  /// for symbols, which have none.
  public var kana: String?
  /// Accent nuclei the dictionary lists for the word on its own, the usual one first.
  public var accentNuclei: [Int]
  /// How the token's accent combines with the word before it (aConType).
  public var accentCombination: AccentCombination?
  /// A verb that can lean on the word before it (非自立可能): いる after て, する after a noun.
  public var isBound = false
  /// A noun that takes する (サ変可能): 勉強, 料理.
  public var takesSuru = false
  /// The dictionary lists the token in the voiced form a word takes after another (箱 read バコ
  /// as in 宝箱: iForm f[14] 濁音形 or 半濁音形).
  public var isVoicedForm = false
  /// Where the reading came from when not from the analysis (`kana` then holds it).
  public var readingSource: LyricsWord.ReadingSource?
  /// No accent is known for the reading (one the lyrics give and the dictionary lacks).
  public var isPitchUnknown = false
  /// The dictionary form as written (orthBase, f[10]: 呼ん → 呼ぶ) and its kana (kanaBase,
  /// f[18]); nil for unknown words.
  public var lemma: String?
  public var lemmaKana: String?

  public init(
    surface: String, spaceBefore: Bool = false, partOfSpeech: PartOfSpeech, kana: String? = nil,
    accentNuclei: [Int] = [], accentCombination: AccentCombination? = nil
  ) {
    self.surface = surface
    self.spaceBefore = spaceBefore
    self.partOfSpeech = partOfSpeech
    self.kana = kana
    self.accentNuclei = accentNuclei
    self.accentCombination = accentCombination
  }

  /// Reads MeCab's comma-separated feature string, where a field holding commas is quoted.
  public init(surface: String, spaceBefore: Bool = false, featureCSV: String) {
    var csv = featureCSV
    self = csv.withUTF8 { Morpheme(surface: surface, spaceBefore: spaceBefore, features: $0) }
  }

  /// Reads the feature bytes MeCab gives, creating strings for the fields used only.
  public init(surface: String, spaceBefore: Bool, features bytes: UnsafeBufferPointer<UInt8>) {
    self.init(surface: surface, spaceBefore: spaceBefore, partOfSpeech: .other)
    read(base: bytes.baseAddress, count: bytes.count)
  }

  /// The reading field (f[17]) of MeCab's feature bytes, without building the word; nil when it
  /// has none.
  public static func kana(features bytes: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8>?
  {
    guard let base = bytes.baseAddress else { return nil }
    var index = 0
    var start = 0
    var quoted = false
    var position = 0
    while true {
      position = delimiter(in: base, from: position, count: bytes.count)
      if position < bytes.count, base[position] == UInt8(ascii: "\"") {
        quoted.toggle()
      } else if !quoted || position == bytes.count {
        if index == 17 {
          let field = UnsafeBufferPointer(start: base + start, count: position - start)
          return field.isEmpty || (field.count == 1 && field[0] == UInt8(ascii: "*")) ? nil : field
        }
        guard position < bytes.count else { return nil }
        index += 1
        start = position + 1
      }
      position += 1
    }
  }

  /// The fields of the `count` bytes of features at `base`, up to the last field used
  /// (aConType, f[24]): the rest is never scanned.
  private mutating func read(base: UnsafePointer<UInt8>?, count: Int) {
    var index = 0
    var start = 0
    var quoted = false
    var position = 0
    func field(_ end: Int) -> UnsafeBufferPointer<UInt8>? {
      guard let base else { return nil }
      var lower = start
      var upper = end
      if upper - lower >= 2, base[lower] == UInt8(ascii: "\"") {
        lower += 1
        upper -= 1
      }
      let slice = UnsafeBufferPointer(start: base + lower, count: upper - lower)
      guard !slice.isEmpty, !(slice.count == 1 && slice[0] == UInt8(ascii: "*")) else { return nil }
      return slice
    }
    func take(_ end: Int) {
      switch index {
      case 0: partOfSpeech = field(end).map { PartOfSpeech(utf8: $0) } ?? .other
      case 1: isBound = field(end).map { Self.equal($0, Self.bound) } ?? false
      case 2: takesSuru = field(end).map { Self.equal($0, Self.suru) } ?? false
      case 10: lemma = field(end).map { String(decoding: $0, as: UTF8.self) }
      case 14:
        isVoicedForm =
          field(end).map { Self.equal($0, Self.voiced) || Self.equal($0, Self.semivoiced) } ?? false
      case 17: kana = field(end).map { String(decoding: $0, as: UTF8.self) }
      case 18: lemmaKana = field(end).map { String(decoding: $0, as: UTF8.self) }
      case 23: accentNuclei = field(end).map(Self.nuclei) ?? []
      case 24: accentCombination = field(end).map { AccentCombination(utf8: $0) }
      default: break
      }
    }
    guard let base else { return take(position) }
    while true {
      position = Self.delimiter(in: base, from: position, count: count)
      guard position < count else { break }
      if base[position] == UInt8(ascii: "\"") {
        quoted.toggle()
      } else if !quoted {
        take(position)
        index += 1
        start = position + 1
        if index > 24 { return }
      }
      position += 1
    }
    take(position)
  }

  /// Where the first comma or quote at or after `position` stands, or `count`. Eight bytes are
  /// looked at a time while eight remain before `count`.
  private static func delimiter(in base: UnsafePointer<UInt8>, from position: Int, count: Int)
    -> Int
  {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    let commas = ones &* UInt64(UInt8(ascii: ","))
    let quotes = ones &* UInt64(UInt8(ascii: "\""))
    var position = position
    while count - position >= 8 {
      let word = UInt64(
        littleEndian: UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self))
      let comma = word ^ commas
      let quote = word ^ quotes
      // A byte of `comma` or `quote` is zero where the delimiter is; the lowest flag is exact.
      let found = ((comma &- ones) & ~comma & highs) | ((quote &- ones) & ~quote & highs)
      if found != 0 { return position + found.trailingZeroBitCount / 8 }
      position += 8
    }
    while position < count {
      let byte = base[position]
      if byte == UInt8(ascii: ",") || byte == UInt8(ascii: "\"") { return position }
      position += 1
    }
    return count
  }

  /// aType's nuclei ("0", "1,0"); other text goes the slow way, as Int parses it.
  private static func nuclei(_ field: UnsafeBufferPointer<UInt8>) -> [Int] {
    if field.count == 1, field[0] >= UInt8(ascii: "0"), field[0] <= UInt8(ascii: "9") {
      return singleNuclei[Int(field[0] - UInt8(ascii: "0"))]
    }
    var nuclei: [Int] = []
    var value = 0
    var digits = 0
    for byte in field {
      if byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9"), digits < 9 {
        value = value * 10 + Int(byte - UInt8(ascii: "0"))
        digits += 1
      } else if byte == UInt8(ascii: ",") {
        if digits > 0 { nuclei.append(value) }
        value = 0
        digits = 0
      } else {
        return Substring(decoding: field, as: UTF8.self).split(separator: ",").compactMap {
          Int($0)
        }
      }
    }
    if digits > 0 { nuclei.append(value) }
    return nuclei
  }

  /// Most words have one nucleus of one digit: these arrays are shared, not built per token.
  private static let singleNuclei = (0...9).map { [$0] }

  /// The lengths first: most fields differ in length from the word looked for.
  private static func equal(_ field: UnsafeBufferPointer<UInt8>, _ word: [UInt8]) -> Bool {
    field.count == word.count && field.elementsEqual(word)
  }

  private static let bound = Array("非自立可能".utf8)
  private static let suru = Array("サ変可能".utf8)
  private static let voiced = Array("濁音形".utf8)
  private static let semivoiced = Array("半濁音形".utf8)

  public var isSymbol: Bool { partOfSpeech.isSymbol }
  public var isParticleOrAuxiliary: Bool { partOfSpeech == .particle || partOfSpeech == .auxiliary }
  public var isSuffix: Bool { partOfSpeech == .suffix }
  public var isPrefix: Bool { partOfSpeech == .prefix }
  public var isNoun: Bool { partOfSpeech == .noun }
}
