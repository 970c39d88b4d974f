/// The readings a singer sings where UniDic picks a formal or rare one: 私 わたくし is sung わたし,
/// 明日 あす あした, 綺羅星 きらせい きらぼし, and 何 なん or なに by the sound after it; and words
/// MeCab cuts so that a sound change is lost (誕生|日 ひ). Runs on
/// MeCab's tokens before ruby and learner readings, which still win. A word given a reading keeps
/// the dictionary's accent for it when the dictionary has the word so, and is unknown otherwise.
/// Each rule comes from a line of the sung-readings test set (Tests/Fixtures/onpu-sung-readings).
public struct SungReadings: Sendable {
  /// The dictionary's words for a whole surface read `reading` (katakana), each with its
  /// accent. The rules ask about one reading at a time, for many tokens: the dictionary builds
  /// no word but those.
  public var entries: @Sendable (_ surface: String, _ reading: String) -> [Morpheme]

  public init(entries: @escaping @Sendable (_ surface: String, _ reading: String) -> [Morpheme]) {
    self.entries = entries
  }

  /// A word sung `reading` (katakana) where the analysis reads it one of `replacing`.
  struct Rule: Sendable {
    var reading: String
    var replacing: Set<String>
  }

  static let rules: [String: Rule] = [
    "私": Rule(reading: "ワタシ", replacing: ["ワタクシ"]),
    "明日": Rule(reading: "アシタ", replacing: ["アス", "ミョウニチ"]),
    "綺羅星": Rule(reading: "キラボシ", replacing: ["キラセイ"]),
    "日本": Rule(reading: "ニホン", replacing: ["ニッポン"]),
    // UniDic takes 君 after a noun for the suffix くん (田中君); in lyrics it is you.
    "君": Rule(reading: "キミ", replacing: ["クン"]),
    "下": Rule(reading: "シタ", replacing: ["モト"]),
    "言う": Rule(reading: "イウ", replacing: ["ユウ"]),
    "可愛い": Rule(reading: "カワイイ", replacing: ["カワイ"]),
    "誕生日": Rule(reading: "タンジョウビ", replacing: ["タンジョウヒ"]),
    "日曜日": Rule(reading: "ニチヨウビ", replacing: ["ニチヨウヒ"]),
    "一番星": Rule(reading: "イチバンボシ", replacing: ["イチバンホシ"]),
    "体じゅう": Rule(reading: "カラダジュウ", replacing: ["タイジュウ"]),
    "四つ葉": Rule(reading: "ヨツバ", replacing: ["ヨンツヨウ"]),
    // MeCab cuts 一|日中 (the daytime).
    "一日中": Rule(reading: "イチニチジュウ", replacing: ["イチニッチュウ"]),
  ]

  /// Every beginning of a rule's surface, so that a word MeCab cut in pieces (綺羅|星) is found
  /// by looking up each token once.
  static let beginnings: Set<String> = Set(
    rules.keys.flatMap { surface in
      (1...surface.count).map { String(surface.prefix($0)) }
    })

  static let what = "何"

  /// The first scalar of every rule's surface and of 何: a token starting otherwise is passed
  /// over without hashing its surface, which for Japanese text is the slow, canonical kind.
  static let firstScalars: [UInt32] = Array(
    Set((Array(rules.keys) + [what]).compactMap(\.unicodeScalars.first?.value))
  ).sorted()

  public func apply(to tokens: [Morpheme]) -> [Morpheme] {
    // Built only from the first change on: most lines have none.
    var result: [Morpheme] = []
    var changed = false
    func put(_ words: [Morpheme], from start: Int) {
      if !changed {
        result = Array(tokens[..<start])
        changed = true
      }
      result.append(contentsOf: words)
    }
    var index = 0
    while index < tokens.count {
      defer { index += 1 }
      if index == 0 || tokens[index].spaceBefore || tokens[index - 1].isSymbol,
        let unvoiced = unvoiced(tokens[index])
      {
        put([unvoiced], from: index)
        continue
      }
      guard let first = tokens[index].surface.unicodeScalars.first,
        Self.firstScalars.contains(first.value)
      else {
        if changed { result.append(tokens[index]) }
        continue
      }
      if tokens[index].surface.utf8.elementsEqual(Self.what.utf8) {
        let next = index + 1 < tokens.count ? tokens[index + 1] : nil
        put([what(tokens[index], before: next)], from: index)
        continue
      }
      guard Self.beginnings.contains(tokens[index].surface),
        let (end, rule) = match(tokens, from: index)
      else {
        if changed { result.append(tokens[index]) }
        continue
      }
      let own = tokens[index..<end]
      if rule.replacing.contains(own.map { $0.kana ?? "" }.joined()) {
        put(sung(Array(own), reading: rule.reading), from: index)
      } else if changed {
        result.append(contentsOf: own)
      }
      index = end - 1
    }
    return changed ? result : tokens
  }

  /// The longest run of tokens from `start` whose surfaces make a rule's word.
  private func match(_ tokens: [Morpheme], from start: Int) -> (Int, Rule)? {
    var surface = ""
    var found: (Int, Rule)?
    var end = start
    while end < tokens.count, !(end > start && tokens[end].spaceBefore) {
      surface += tokens[end].surface
      guard Self.beginnings.contains(surface) else { break }
      end += 1
      if let rule = Self.rules[surface] { found = (end, rule) }
    }
    return found
  }

  /// 何 is なん before a t, d or n sound and before a counter (何で, 何だ, 何の, 何人), and なに
  /// otherwise (何が, 何も, 何か, 何を).
  private func what(_ token: Morpheme, before next: Morpheme?) -> Morpheme {
    guard token.kana == "ナン" || token.kana == "ナニ" else { return token }
    let sung: String
    if let next, !next.spaceBefore, !next.isSymbol, let first = next.surface.first,
      Self.nanBefore.contains(first) || NumberReading.isCounter(next.surface)
    {
      sung = "ナン"
    } else {
      sung = "ナニ"
    }
    return sung == token.kana ? token : word(token.surface, reading: sung, from: token)
  }

  /// A word that starts a phrase read with its second-word sound (箱 ばこ, as in 宝箱), as the
  /// dictionary has it unvoiced: a sound change never starts a phrase. Nil for any other word.
  private func unvoiced(_ token: Morpheme) -> Morpheme? {
    guard token.isVoicedForm, let kana = token.kana, let first = kana.unicodeScalars.first,
      let plain = Self.voicedToPlain[first]
    else { return nil }
    let reading =
      String(Character(plain)) + kana.unicodeScalars.dropFirst().map(String.init).joined()
    guard var entry = entries(token.surface, reading).first else {
      return nil
    }
    entry.spaceBefore = token.spaceBefore
    return entry
  }

  /// Katakana voiced by a sound change (ガ from カ, バ and パ from ハ), to their plain sound.
  static let voicedToPlain: [Unicode.Scalar: Unicode.Scalar] = {
    var table: [Unicode.Scalar: Unicode.Scalar] = [:]
    for plain in "カキクケコサシスセソタチツテトハヒフヘホ".unicodeScalars {
      table[Unicode.Scalar(plain.value + 1)!] = plain
    }
    for plain in "ハヒフヘホ".unicodeScalars { table[Unicode.Scalar(plain.value + 2)!] = plain }
    return table
  }()

  /// The sounds 何 is read なん before: t, d and n, but not に (何に is なにに).
  static let nanBefore: Set<Character> = [
    "た", "て", "と", "だ", "で", "ど", "な", "の", "ね", "ぬ",
  ]

  /// Tokens read `reading`: one word when the dictionary has it so (its accent known); else,
  /// when only the last piece's sound changes (誕生|日 ひ to び), the pieces with that piece
  /// read anew and their accents kept; else one word of unknown pitch.
  private func sung(_ tokens: [Morpheme], reading: String) -> [Morpheme] {
    let surface = tokens.map(\.surface).joined()
    if tokens.count == 1 || !entries(surface, reading).isEmpty {
      return [word(surface, reading: reading, from: tokens[0])]
    }
    let before = tokens.dropLast().map { $0.kana ?? "" }.joined()
    guard reading.hasPrefix(before), reading.count > before.count else {
      return [word(surface, reading: reading, from: tokens[0])]
    }
    var pieces = tokens
    pieces[pieces.count - 1].kana = String(reading.dropFirst(before.count))
    return pieces
  }

  /// The word read `reading`, with the dictionary's accent for that reading when it has one.
  private func word(_ surface: String, reading: String, from first: Morpheme) -> Morpheme {
    if var entry = entries(surface, reading).first {
      entry.spaceBefore = first.spaceBefore
      return entry
    }
    var word = Morpheme(
      surface: surface, spaceBefore: first.spaceBefore, partOfSpeech: first.partOfSpeech,
      kana: reading)
    word.lemma = first.lemma
    word.isPitchUnknown = true
    return word
  }
}
