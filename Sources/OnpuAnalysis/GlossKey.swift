/// How English glosses are matched: a whole gloss lowercased, without its notes in parentheses
/// and a verb's leading "to" ("to call out (to)" is "call out"), and its words (letters,
/// digits and apostrophes).
enum GlossKey {
  static func key(_ gloss: String) -> String {
    var text = ""
    var depth = 0
    for character in gloss.lowercased() {
      if character == "(" {
        depth += 1
      } else if character == ")" {
        depth = max(0, depth - 1)
      } else if depth == 0 {
        text.append(character)
      }
    }
    let words = text.split(whereSeparator: \.isWhitespace)
    return words.drop(while: { $0 == "to" && words.count > 1 }).joined(separator: " ")
  }

  static func words(of text: String) -> [Substring] {
    text.split(whereSeparator: { !$0.isLetter && !$0.isNumber && $0 != "'" })
  }

  /// The key and the words of `gloss`, as `key(_:)` and `words(of:)` give them, in UTF-8;
  /// an ASCII gloss (nearly all of EDICT's) is read byte by byte.
  static func read(
    _ gloss: String, key found: (ArraySlice<UInt8>) -> Void,
    words foundWord: (ArraySlice<UInt8>) -> Void
  ) {
    guard let key = asciiKey(gloss) else {
      let key = key(gloss)
      found(Array(key.utf8)[...])
      for word in words(of: key) { foundWord(Array(word.utf8)[...]) }
      return
    }
    found(key[...])
    var start = 0
    for index in 0...key.count where index == key.count || !isWordByte(key[index]) {
      if index > start { foundWord(key[start..<index]) }
      start = index + 1
    }
  }

  private static func asciiKey(_ gloss: String) -> [UInt8]? {
    var text: [UInt8] = []
    var depth = 0
    for byte in gloss.utf8 {
      guard byte < 0x80 else { return nil }
      if byte == UInt8(ascii: "(") {
        depth += 1
      } else if byte == UInt8(ascii: ")") {
        depth = max(0, depth - 1)
      } else if depth == 0 {
        text.append(byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte)
      }
    }
    var words = text.split(whereSeparator: isWhitespace)[...]
    if words.count > 1 {
      while let first = words.first, first.elementsEqual("to".utf8) { words = words.dropFirst() }
    }
    var key: [UInt8] = []
    key.reserveCapacity(text.count)
    for word in words {
      if !key.isEmpty { key.append(UInt8(ascii: " ")) }
      key += word
    }
    return key
  }

  private static func isWhitespace(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: " ") || (0x09...0x0D).contains(byte)
  }

  private static func isWordByte(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
      || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "'")
  }
}
