/// Words MeCab reads piece by piece where the word dictionary (JMdict) reads the whole word
/// otherwise: UniDic cuts 手提げ袋 into 手提げ|袋 and loses the sound change (ふくろ for ぶくろ),
/// and has no reading at all for a rare kanji (哀|憫). A run of content tokens written as a
/// headword takes the headword's usual reading when theirs is none of its readings; one token
/// only when it has no reading. Particles, auxiliaries, symbols and digits are never part of
/// a run, so 今日|は stays きょうは and numbers are left to their own step.
public struct DictionaryReadings: Sendable {
  /// The place of the word dictionary's headword written so (UTF-8), if one is, and whether any
  /// headword starts so.
  public var headword:
    @Sendable (_ text: UnsafeBufferPointer<UInt8>) -> (place: Int?, isPrefix: Bool)
  /// The usual reading (kana) of the headword at a place when `reading` (UTF-8 kana) is none of
  /// its readings; nil when it is.
  public var usualReading: @Sendable (_ place: Int, _ unless: UnsafeBufferPointer<UInt8>) -> String?
  /// How KANJIDIC2's readings of each kanji start.
  private let kanjiStarts: KanjiReadingStarts
  /// UniDic's words for the pieces joined, then for each piece in its place, each with its
  /// reading and accent: those `keep` takes by their place (0 for the pieces joined) and their
  /// reading (UTF-8 katakana).
  public var entries:
    @Sendable (
      _ pieces: [String], _ keep: (_ place: Int, _ kana: UnsafeBufferPointer<UInt8>?) -> Bool
    ) -> [[Morpheme]]

  public init(
    headword:
      @escaping @Sendable (_ text: UnsafeBufferPointer<UInt8>) -> (place: Int?, isPrefix: Bool),
    usualReading:
      @escaping @Sendable (_ place: Int, _ unless: UnsafeBufferPointer<UInt8>) -> String?,
    kanjiReadings: @escaping @Sendable (_ kanji: Character) -> [String],
    entries:
      @escaping @Sendable (
        _ pieces: [String], _ keep: (_ place: Int, _ kana: UnsafeBufferPointer<UInt8>?) -> Bool
      ) -> [[Morpheme]]
  ) {
    self.headword = headword
    self.usualReading = usualReading
    kanjiStarts = KanjiReadingStarts(readings: kanjiReadings)
    self.entries = entries
  }

  public func apply(to tokens: [Morpheme]) -> [Morpheme] {
    var result: [Morpheme] = []
    var bytes: [UInt8] = []
    var index = 0
    while index < tokens.count {
      guard let (end, reading) = match(tokens, from: index, bytes: &bytes) else {
        if !result.isEmpty { result.append(tokens[index]) }
        index += 1
        continue
      }
      guard let reading else {
        if !result.isEmpty { result.append(contentsOf: tokens[index..<end]) }
        index = end
        continue
      }
      if result.isEmpty { result = Array(tokens[..<index]) }
      result.append(contentsOf: read(tokens[index..<end], reading: reading))
      index = end
    }
    return result.isEmpty ? tokens : result
  }

  /// The end of the longest run from `start` written as a headword, and the headword's usual
  /// reading (katakana) when the run's own reading is none of the headword's (nil when it is
  /// one: the run is read right, and no shorter headword inside it is looked at). The run's
  /// text and reading are written over `bytes`, one buffer for the line.
  private func match(_ tokens: [Morpheme], from start: Int, bytes: inout [UInt8]) -> (
    Int, String?
  )? {
    guard Self.isPart(tokens[start]) else { return nil }
    let unread =
      tokens[start].kana == nil
      && tokens[start].surface.unicodeScalars.contains(where: LyricsWord.isKanji)
    guard unread || (start + 1 < tokens.count && Self.continues(tokens[start + 1])) else {
      return nil
    }
    bytes.removeAll(keepingCapacity: true)
    bytes.append(contentsOf: tokens[start].surface.utf8)
    var found: (end: Int, place: Int)?
    var end = start + 1
    while true {
      if end - start > 1 || unread {
        let known = bytes.withUnsafeBufferPointer(headword)
        if let place = known.place { found = (end, place) }
        guard known.isPrefix else { break }
      }
      guard end < tokens.count, Self.continues(tokens[end]) else { break }
      bytes.append(contentsOf: tokens[end].surface.utf8)
      end += 1
    }
    guard let found,
      tokens[start..<found.end].contains(where: {
        $0.surface.unicodeScalars.contains(where: LyricsWord.isKanji)
      })
    else { return nil }
    bytes.removeAll(keepingCapacity: true)
    for index in start..<found.end {
      guard let kana = tokens[index].kana else {
        bytes.removeAll(keepingCapacity: true)
        break
      }
      bytes.append(contentsOf: kana.utf8)
    }
    guard let usual = bytes.withUnsafeBufferPointer({ usualReading(found.place, $0) }),
      starts(usual, like: tokens[start].surface)
    else { return (found.end, nil) }
    return (found.end, Mora.katakana(usual))
  }

  /// Whether `reading` starts as `surface` does: with its first kana, or with a reading KANJIDIC2
  /// gives its first kanji (its last sound may be doubled: 一 いち in いっとう). JMdict lists
  /// some words under a kanji that is not theirs (愛しさ, listed only as うつくしさ): MeCab's
  /// reading then stays.
  private func starts(_ reading: String, like surface: String) -> Bool {
    var reading = Mora.hiragana(reading)
    guard let first = surface.unicodeScalars.first else { return false }
    guard LyricsWord.isKanji(first) else {
      let kana = Mora.hiragana(String(surface.prefix { !LyricsWord.isKanji($0) }))
      return reading.hasPrefix(kana)
    }
    return reading.withUTF8 { kanjiStarts.reading($0, startsAs: first) }
  }

  /// A token that can be part of a dictionary word: not a particle, auxiliary or symbol, not a
  /// number, and read by MeCab (no ruby or learner reading).
  static func isPart(_ token: Morpheme) -> Bool {
    !token.isParticleOrAuxiliary && !token.isSymbol && token.readingSource == nil
      && !token.surface.unicodeScalars.contains { NumberReading.arabicDigit($0) != nil }
  }

  /// A token that can follow the one before it in a dictionary word.
  static func continues(_ token: Morpheme) -> Bool {
    !token.spaceBefore && isPart(token)
  }

  /// The tokens read `reading`, each keeping its accent where it can: the tokens themselves when
  /// each reads its part of `reading` as MeCab read it, allowing the sound changes of compounds
  /// (a later token's first sound voiced, an earlier one's last sound doubled: 手提げ|袋
  /// てさげぶくろ); else one word when UniDic has it so; else the tokens when UniDic has each
  /// read its part elsewhere (経済|人 けいざいじん); else one word of unknown pitch.
  private func read(_ tokens: ArraySlice<Morpheme>, reading: String) -> [Morpheme] {
    let first = tokens[tokens.startIndex]
    let tokens = Array(tokens)
    let scalars = Array(reading.unicodeScalars)[...]
    if let parts = split(scalars, over: tokens, others: nil) { return parts }
    let surface = tokens.map(\.surface).joined()
    var kept: [[[Unicode.Scalar]]] = tokens.map { [Array(($0.kana ?? "").unicodeScalars)] }
    let found = entries(tokens.map(\.surface)) { place, kana in
      guard let kana else { return false }
      guard place > 0 else { return kana.elementsEqual(reading.utf8) }
      let candidate = Self.scalars(kana)
      guard !kept[place - 1].contains(candidate), Self.fits(candidate, in: scalars) else {
        return false
      }
      kept[place - 1].append(candidate)
      return true
    }
    if var entry = found[0].first {
      entry.spaceBefore = first.spaceBefore
      return [entry]
    }
    let others = Array(found.dropFirst())
    if let parts = split(scalars, over: tokens, others: others) { return parts }
    var word = Morpheme(
      surface: surface, spaceBefore: first.spaceBefore, partOfSpeech: first.partOfSpeech,
      kana: reading)
    word.lemma = surface
    word.isPitchUnknown = true
    return [word]
  }

  /// The tokens each read its part of `reading` as MeCab read it, or also as `others` gives
  /// (UniDic's other words for each token); nil when they cannot read so.
  private func split(
    _ reading: ArraySlice<Unicode.Scalar>, over tokens: [Morpheme], others: [[Morpheme]]?
  ) -> [Morpheme]? {
    var choices: [(word: Morpheme, length: Int)] = []
    choices.reserveCapacity(tokens.count)
    guard choose(reading, over: tokens, others: others, from: 0, into: &choices) else {
      return nil
    }
    var rest = reading
    return zip(tokens, choices).map { token, choice in
      var read = choice.word
      read.spaceBefore = token.spaceBefore
      read.kana = KanjiReadingAligner.string(rest.prefix(choice.length))
      rest = rest.dropFirst(choice.length)
      return read
    }
  }

  /// The word each token from `index` on reads its part of `reading` as, and that part's
  /// length, appended to `choices`; false when they cannot read it.
  private func choose(
    _ reading: ArraySlice<Unicode.Scalar>, over tokens: [Morpheme], others: [[Morpheme]]?,
    from index: Int, into choices: inout [(word: Morpheme, length: Int)]
  ) -> Bool {
    guard index < tokens.count else { return reading.isEmpty }
    let count = 1 + (others?[index].count ?? 0)
    for choice in 0..<count {
      guard let candidate = choice == 0 ? tokens[index] : others?[index][choice - 1],
        let kana = candidate.kana,
        let length = Self.part(
          of: reading, readAs: kana.unicodeScalars, voiced: index > 0,
          doubled: index < tokens.count - 1)
      else { continue }
      choices.append((candidate, length))
      if choose(
        reading.dropFirst(length), over: tokens, others: others, from: index + 1, into: &choices)
      {
        return true
      }
      choices.removeLast()
    }
    return false
  }

  /// Whether `kana` reads some part of `reading`, allowing a compound's sound changes: UniDic's
  /// other words for a piece that cannot are never tried, so they are not built.
  static func fits(_ kana: [Unicode.Scalar], in reading: ArraySlice<Unicode.Scalar>) -> Bool {
    reading.indices.contains {
      part(of: reading[$0...], readAs: kana, voiced: true, doubled: true) != nil
    }
  }

  static func scalars(_ utf8: UnsafeBufferPointer<UInt8>) -> [Unicode.Scalar] {
    var scalars: [Unicode.Scalar] = []
    var bytes = utf8.makeIterator()
    var decoder = UTF8()
    while case .scalarValue(let scalar) = decoder.decode(&bytes) { scalars.append(scalar) }
    return scalars
  }

  /// How much of the start of `reading` is `kana`, or `kana` with a compound's sound change
  /// (CompoundSoundChange): its first sound voiced when `voiced`, its last doubled when
  /// `doubled`; nil when the start is neither.
  static func part<Kana: Collection<Unicode.Scalar>>(
    of reading: ArraySlice<Unicode.Scalar>, readAs kana: Kana, voiced: Bool, doubled: Bool
  ) -> Int? {
    let count = kana.count
    guard count > 0, reading.count >= count else { return nil }
    for (offset, (expected, actual)) in zip(kana, reading).enumerated()
    where expected != actual {
      if offset == 0, voiced, CompoundSoundChange.isVoiced(actual, from: expected) { continue }
      if offset == count - 1, doubled, CompoundSoundChange.isDoubled(actual, from: expected) {
        continue
      }
      return nil
    }
    return count
  }
}
