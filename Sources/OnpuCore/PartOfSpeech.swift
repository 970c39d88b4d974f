/// UniDic's first part-of-speech field. Read once from MeCab's bytes: comparing Japanese
/// strings again and again is slow (Swift compares them canonically).
public enum PartOfSpeech: Hashable, Sendable, CaseIterable {
  case noun, pronoun, adjectivalNoun, adnominal, adverb, conjunction, interjection, verb
  case adjective, auxiliary, particle, prefix, suffix, symbol, supplementarySymbol, blank, other

  public var name: String {
    switch self {
    case .noun: "名詞"
    case .pronoun: "代名詞"
    case .adjectivalNoun: "形状詞"
    case .adnominal: "連体詞"
    case .adverb: "副詞"
    case .conjunction: "接続詞"
    case .interjection: "感動詞"
    case .verb: "動詞"
    case .adjective: "形容詞"
    case .auxiliary: "助動詞"
    case .particle: "助詞"
    case .prefix: "接頭辞"
    case .suffix: "接尾辞"
    case .symbol: "記号"
    case .supplementarySymbol: "補助記号"
    case .blank: "空白"
    case .other: ""
    }
  }

  private static let names: [(bytes: [UInt8], partOfSpeech: PartOfSpeech)] = allCases.filter {
    $0 != .other
  }.map { (Array($0.name.utf8), $0) }

  public init<Bytes: Collection<UInt8>>(utf8 bytes: Bytes) {
    let count = bytes.count
    self =
      Self.names.first { $0.bytes.count == count && $0.bytes.elementsEqual(bytes) }?.partOfSpeech
      ?? .other
  }

  public init(_ name: String) { self.init(utf8: name.utf8) }

  /// Symbols and spaces: a word with no reading that breaks accent phrases.
  public var isSymbol: Bool { self == .symbol || self == .supplementarySymbol || self == .blank }
}
