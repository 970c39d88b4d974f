/// One token of a line as MeCab with UniDic 2.1.2 (26 feature fields) gives it. Unknown words
/// carry fewer fields: they have a part of speech and nothing else.
public struct Morpheme: Hashable, Sendable {
  public var surface: String
  /// Whitespace stood between this token and the one before it.
  public var spaceBefore: Bool
  public var features: [String]

  public init(surface: String, spaceBefore: Bool = false, features: [String]) {
    self.surface = surface
    self.spaceBefore = spaceBefore
    self.features = features
  }

  /// Parses MeCab's comma-separated feature string, where a field holding commas is quoted.
  public init(surface: String, spaceBefore: Bool = false, featureCSV: String) {
    self.init(surface: surface, spaceBefore: spaceBefore, features: Self.fields(featureCSV))
  }

  public var partOfSpeech: String { field(0) ?? "" }
  public var partOfSpeechDetail: String { field(1) ?? "" }

  /// The dictionary's reading of the token as written, in katakana; nil for unknown words and
  /// for symbols, which have none.
  public var kana: String? { field(17) }

  /// Accent nuclei the dictionary lists for the word on its own, the usual one first.
  public var accentNuclei: [Int] {
    guard let value = field(23) else { return [] }
    return value.split(separator: ",").compactMap { Int($0) }
  }

  /// How the token's accent combines with the word before it (aConType).
  public var accentCombination: AccentCombination? {
    field(24).map(AccentCombination.init(notation:))
  }

  public var isSymbol: Bool { ["補助記号", "記号", "空白"].contains(partOfSpeech) }
  public var isParticleOrAuxiliary: Bool { ["助詞", "助動詞"].contains(partOfSpeech) }
  public var isSuffix: Bool { partOfSpeech == "接尾辞" }
  public var isPrefix: Bool { partOfSpeech == "接頭辞" }
  public var isNoun: Bool { partOfSpeech == "名詞" }

  private func field(_ index: Int) -> String? {
    guard features.count > index else { return nil }
    let value = features[index]
    return value.isEmpty || value == "*" ? nil : value
  }

  static func fields(_ csv: String) -> [String] {
    var fields: [String] = []
    var current = ""
    var quoted = false
    var iterator = csv.makeIterator()
    while let character = iterator.next() {
      switch character {
      case "\"" where quoted:
        if let next = iterator.next() {
          if next == "\"" {
            current.append("\"")
          } else {
            quoted = false
            if next == "," {
              fields.append(current)
              current = ""
            } else {
              current.append(next)
            }
          }
        } else {
          quoted = false
        }
      case "\"" where current.isEmpty:
        quoted = true
      case "," where !quoted:
        fields.append(current)
        current = ""
      default:
        current.append(character)
      }
    }
    fields.append(current)
    return fields
  }
}
