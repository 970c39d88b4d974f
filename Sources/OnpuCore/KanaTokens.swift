/// Kana that MeCab leaves unread: it tags the エ and モ of エモい, the ぇ of うっせぇ and the ー
/// of ぱっぱらぱー as symbols, with no reading, which would go out as English. Every kana token
/// is read as written instead: a long-vowel mark or small kana joins the word before it, other
/// unread kana become a word of their own (joined with unread kana right before) whose accent
/// is not known. A token starting with a combining mark joins the one before it, so that no
/// word starts with one.
public enum KanaTokens {
  public static func read(_ morphemes: [Morpheme]) -> [Morpheme] {
    guard morphemes.contains(where: needsReading) else { return morphemes }
    var read: [Morpheme] = []
    read.reserveCapacity(morphemes.count)
    var lastWasUnread = false
    for token in morphemes {
      guard needsReading(token) else {
        read.append(token)
        lastWasUnread = false
        continue
      }
      if startsWithCombiningMark(token.surface), !read.isEmpty {
        read[read.count - 1].surface += token.surface
        continue
      }
      if !token.spaceBefore, let last = read.last, let kana = readable(last),
        lastWasUnread || leans(token.surface)
      {
        read[read.count - 1].surface += token.surface
        read[read.count - 1].kana = kana + token.surface
        continue
      }
      var word = Morpheme(
        surface: token.surface, spaceBefore: token.spaceBefore, partOfSpeech: .other,
        kana: token.surface)
      word.isPitchUnknown = true
      read.append(word)
      lastWasUnread = true
    }
    return read
  }

  /// A token whose kana go unread, or one that starts with a combining mark.
  static func needsReading(_ token: Morpheme) -> Bool {
    if startsWithCombiningMark(token.surface) { return true }
    guard token.isSymbol || token.kana == nil, isKana(token.surface) else { return false }
    return token.isSymbol || leans(token.surface)
  }

  /// The reading of the token, to add kana to; nil for English, symbols and unread kanji.
  static func readable(_ token: Morpheme) -> String? {
    if token.isSymbol && !isKana(token.surface) { return nil }
    if let kana = token.kana { return kana }
    return isKana(token.surface) ? token.surface : nil
  }

  /// Kana that cannot start a word: the long-vowel mark and the small kana.
  static func leans(_ surface: String) -> Bool {
    guard let first = surface.unicodeScalars.first else { return false }
    return first == "ー" || first == "っ" || first == "ッ" || Mora.isCombining(first)
  }

  static func isKana(_ surface: String) -> Bool {
    !surface.isEmpty
      && surface.unicodeScalars.allSatisfy {
        (0x3041...0x3096).contains($0.value) || (0x309D...0x309E).contains($0.value)
          || (0x30A1...0x30FA).contains($0.value) || (0x30FC...0x30FE).contains($0.value)
      }
  }

  static func startsWithCombiningMark(_ surface: String) -> Bool {
    surface.unicodeScalars.first.map(LyricsText.isCombiningMark) ?? false
  }
}
