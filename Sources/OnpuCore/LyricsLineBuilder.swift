/// Turns a line's tokens into study words: readings in hiragana, kanji readings split by the
/// aligner, and the pitch of every mora from accent phrases. A phrase is a content word with the
/// particles, auxiliaries and suffixes after it (and the nouns it compounds with); its nucleus
/// comes from the first word's aType and each joining token's aConType rule, and the Tokyo
/// pattern of the whole phrase is laid over its words' morae. A word with no known accent (a
/// reading the lyrics give) and what leans on it get no pitch.
public struct LyricsLineBuilder: Sendable {
  public var aligner: KanjiReadingAligner

  public init(aligner: KanjiReadingAligner) { self.aligner = aligner }

  public func line(_ morphemes: [Morpheme]) -> LyricsLine {
    var (words, phrases) = layout(morphemes)
    for phrase in phrases {
      guard let nucleus = phrase.nucleus,
        let accent = PitchAccent(morae: phrase.morae, nucleus: nucleus)
      else { continue }
      var position = 0
      for word in phrase.range {
        for index in words[word].morae.indices {
          position += 1
          words[word].morae[index].isHigh = accent.isHigh(at: position)
        }
      }
    }
    return LyricsLine(words: words)
  }

  /// A run of words spoken under one accent, or a word with no morae (English, punctuation,
  /// unknown kanji) standing alone with no nucleus.
  public struct Phrase: Sendable {
    public var words: [LyricsWord] = []
    public var morae = 0
    public var nucleus: Int?
    /// Where the phrase's words stand among the line's while `layout` builds it; `words` is then
    /// left empty.
    var range: Range<Int> = 0..<0
    var lastPartOfSpeech = PartOfSpeech.other
    /// The P rule of the prefix the phrase ends with.
    var prefixRule: AccentCombination.Rule?
    /// The phrase ends with the て (or で) of a verb's て form, or with a noun that takes する:
    /// a bound verb after it (いる, みる, する) joins the phrase and keeps its nucleus.
    var takesBoundVerb = false

    /// A word whose accent is not known, with the particles and auxiliaries leaning on it.
    var isPitchUnknown = false

    /// The words with each mora's pitch from the phrase's Tokyo pattern.
    public var pitchedWords: [LyricsWord] {
      guard let nucleus, let accent = PitchAccent(morae: morae, nucleus: nucleus) else {
        return words
      }
      var pitches = accent.pitches.makeIterator()
      return words.map { word in
        var word = word
        for index in word.morae.indices { word.morae[index].isHigh = pitches.next() ?? false }
        return word
      }
    }

    /// The rule by which the token joins this phrase; nil when it starts a phrase of its own.
    func rule(joining token: Morpheme) -> AccentCombination.Rule? {
      guard nucleus != nil, !token.spaceBefore else { return nil }
      let combination = token.accentCombination
      if token.isParticleOrAuxiliary {
        return combination?.rule(after: lastPartOfSpeech) ?? .keep
      }
      if token.isSuffix { return combination?.compoundRule ?? .keepFirst }
      if token.partOfSpeech == .verb, token.isBound, takesBoundVerb { return .keep }
      if lastPartOfSpeech == .prefix, !token.isSymbol {
        return prefixRule ?? .keepSecond
      }
      if token.isNoun && AccentCombination.compounds(after: lastPartOfSpeech),
        let rule = combination?.compoundRule
      {
        return rule
      }
      if token.partOfSpeech == .verb && lastPartOfSpeech == .verb, let base = token.lemmaKana {
        return AccentCombination.compoundVerb(secondMorae: Mora.split(Mora.hiragana(base)).count)
      }
      return nil
    }
  }

  public func phrases(_ morphemes: [Morpheme]) -> [Phrase] {
    let (words, phrases) = layout(morphemes)
    return phrases.map { phrase in
      var phrase = phrase
      phrase.words = Array(words[phrase.range])
      return phrase
    }
  }

  /// The line's words in order and its phrases, each holding the range of its words: built in
  /// one array, so that no word is copied from its phrase into the line.
  func layout(_ morphemes: [Morpheme]) -> (words: [LyricsWord], phrases: [Phrase]) {
    var words: [LyricsWord] = []
    words.reserveCapacity(morphemes.count)
    var phrases: [Phrase] = []
    var phrase = Phrase()
    func close() {
      if words.count > phrase.range.lowerBound {
        phrase.range = phrase.range.lowerBound..<words.count
        phrases.append(phrase)
      }
      phrase = Phrase(range: words.count..<words.count)
    }
    for token in Self.joinLatinWords(KanaTokens.read(morphemes)) {
      let reading = Self.reading(of: token)
      guard !reading.isEmpty, !token.isSymbol else {
        close()
        words.append(LyricsWord(surface: token.surface, reading: ""))
        phrases.append(Phrase(range: (words.count - 1)..<words.count))
        phrase = Phrase(range: words.count..<words.count)
        continue
      }
      var word = LyricsWord(
        surface: token.surface, reading: reading,
        isParticle: token.partOfSpeech == .particle ? true : nil)
      word.readingSource = token.readingSource
      if let lemma = token.lemma, !Self.sameBytes(lemma, token.surface), lemma != token.surface {
        word.lemma = lemma
        word.lemmaReading = token.lemmaKana.map(Mora.hiragana)
      }
      if word.kanji != nil {
        word.kanjiReadings = aligner.align(surface: token.surface, reading: reading) ?? []
      }
      word.morae = Mora.pitches(reading)
      let morae = word.morae.count
      let leans = !token.spaceBefore && (token.isParticleOrAuxiliary || token.isSuffix)
      if token.isPitchUnknown || (phrase.isPitchUnknown && leans) {
        if !phrase.isPitchUnknown { close() }
        word.isPitchUnknown = true
        phrase.isPitchUnknown = true
        words.append(word)
        continue
      }
      let own = token.accentNuclei.first ?? 0
      if let rule = phrase.rule(joining: token), let nucleus = phrase.nucleus {
        let combined = AccentCombination.combine(
          rule, firstMorae: phrase.morae, firstNucleus: nucleus,
          secondMorae: morae, secondNucleus: own)
        if combined == nucleus {
          phrase.nucleus = combined
        } else {
          var texts = words[phrase.range.lowerBound...].flatMap { $0.morae.map(\.text) }
          texts.append(contentsOf: word.morae.map(\.text))
          phrase.nucleus = Mora.nucleusOffSpecialMora(combined, in: texts)
        }
      } else {
        close()
        phrase.nucleus = min(own, morae)
      }
      words.append(word)
      phrase.morae += morae
      phrase.lastPartOfSpeech = token.partOfSpeech
      phrase.prefixRule = token.isPrefix ? token.accentCombination?.prefixRule : nil
      phrase.takesBoundVerb =
        (token.partOfSpeech == .particle && Self.isTeOrDe(token.surface))
        || (token.isNoun && token.takesSuru)
    }
    close()
    return (words, phrases)
  }

  /// Whether two strings hold the same UTF-8, compared as bytes: String's own comparison
  /// normalizes Japanese text first.
  static func sameBytes(_ left: String, _ right: String) -> Bool {
    let same = left.utf8.withContiguousStorageIfAvailable { left in
      right.utf8.withContiguousStorageIfAvailable { left.elementsEqual($0) }
    }
    return (same ?? nil) ?? left.utf8.elementsEqual(right.utf8)
  }

  /// て or で, looking at the scalars before comparing strings: anything equal to either holds
  /// one of them.
  static func isTeOrDe(_ surface: String) -> Bool {
    surface.unicodeScalars.contains { $0 == "て" || $0 == "で" } && ["て", "で"].contains(surface)
  }

  /// The token's reading in hiragana: the dictionary's, or the surface itself for a kana word
  /// the dictionary does not know; empty for English, symbols and unknown kanji.
  static func reading(of token: Morpheme) -> String {
    if let kana = token.kana { return Mora.hiragana(kana) }
    let isKana = token.surface.unicodeScalars.allSatisfy {
      (0x3041...0x309F).contains($0.value) || (0x30A1...0x30FC).contains($0.value)
    }
    return isKana ? Mora.hiragana(token.surface) : ""
  }

  /// MeCab cuts "don't" into don, ', t: pieces with no space between them are one word again.
  /// A number read as one (NumberReadingTokens) keeps its reading.
  static func joinLatinWords(_ morphemes: [Morpheme]) -> [Morpheme] {
    guard morphemes.contains(where: { LyricsWord.isLatin($0.surface) }) else { return morphemes }
    var joined: [Morpheme] = []
    for morpheme in morphemes {
      if NumberReadingTokens.isReadNumber(morpheme) {
        joined.append(morpheme)
      } else if let last = joined.last, !morpheme.spaceBefore, LyricsWord.isLatin(last.surface),
        LyricsWord.isLatin(morpheme.surface) || ["'", "’", "-"].contains(morpheme.surface)
      {
        joined[joined.count - 1].surface += morpheme.surface
        joined[joined.count - 1].kana = nil
      } else if LyricsWord.isLatin(morpheme.surface) {
        joined.append(
          Morpheme(
            surface: morpheme.surface, spaceBefore: morpheme.spaceBefore, partOfSpeech: .noun))
      } else {
        joined.append(morpheme)
      }
    }
    return joined
  }
}
