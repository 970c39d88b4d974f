import OnpuCore

/// A word whose only difference from the dictionary's reading is Latin letters (half or full
/// width, with digits written against them: ＡＴＭ, mp3) or symbols the analyzer leaves unread,
/// as Latin words in lyrics stay English: every word it reads agrees, in order, and the unread
/// ones stand for whatever the dictionary reads between them.
public enum UnreadLatin {
  public static func matches(_ words: [LyricsWord], reading: String) -> Bool {
    let unread = words.filter { $0.reading.isEmpty }
    guard !unread.isEmpty, unread.allSatisfy({ isUnreadByDesign($0.surface) }) else {
      return false
    }
    var pattern: [String?] = []
    for word in words {
      if word.reading.isEmpty {
        if pattern.last != .some(nil) { pattern.append(nil) }
      } else {
        pattern.append(word.reading)
      }
    }
    return glob(pattern[...], Substring(reading))
  }

  /// Nil pieces match any run of characters, strings themselves.
  private static func glob(_ pattern: ArraySlice<String?>, _ text: Substring) -> Bool {
    guard let first = pattern.first else { return text.isEmpty }
    guard let literal = first else {
      var rest = text
      while true {
        if glob(pattern.dropFirst(), rest) { return true }
        if rest.isEmpty { return false }
        rest = rest.dropFirst()
      }
    }
    return text.hasPrefix(literal) && glob(pattern.dropFirst(), text.dropFirst(literal.count))
  }

  public static func isUnreadByDesign(_ surface: String) -> Bool {
    var hasLetter = false
    var hasDigit = false
    for scalar in surface.unicodeScalars {
      if LyricsWord.isKanji(scalar) || isKana(scalar) { return false }
      if isLatinLetter(scalar) {
        hasLetter = true
      } else if scalar.properties.numericType != nil {
        hasDigit = true
      } else if scalar.properties.isAlphabetic {
        return false
      }
    }
    return hasLetter || !hasDigit
  }

  private static func isLatinLetter(_ scalar: Unicode.Scalar) -> Bool {
    ("A"..."Z").contains(scalar) || ("a"..."z").contains(scalar)
      || (0xFF21...0xFF3A).contains(scalar.value) || (0xFF41...0xFF5A).contains(scalar.value)
      || ((0xC0...0x24F).contains(scalar.value) && scalar.properties.isAlphabetic)
  }

  private static func isKana(_ scalar: Unicode.Scalar) -> Bool {
    (0x3041...0x3096).contains(scalar.value) || (0x30A1...0x30FA).contains(scalar.value)
      || scalar == "ー" || (0xFF66...0xFF9F).contains(scalar.value)
  }
}
