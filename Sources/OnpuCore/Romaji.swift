/// Romaji to hiragana and kana to romaji, for dictionary search.
///
/// Reading romaji takes Hepburn (shi, chi, tsu, fu, ji, sha, cha, ja), kunrei and Nihon-shiki
/// (si, ti, tu, hu, zi, sya, tya, zya, di, du) and the usual input-method spellings (xa for ぁ,
/// xtsu for っ, fa, thi, va, "-" for ー), in any case and full width; l reads as r (la ら), as
/// learners use it. ん is n before a consonant or at the end, n' anywhere, nn before a
/// consonant or at the end, and m before b or p (shimbun). nn before a vowel or y reads as
/// Hepburn writes it: ん and a syllable of the n row (onna おんな, konnyaku こんにゃく). A doubled consonant, and t before ch (matcha), is っ. Long vowels are read as
/// typed (kyou きょう, kyuu きゅう); a macron or circumflex doubles its vowel, except that ō and
/// ô read おう, the common spelling of the long o (Tōkyō とうきょう, Ōsaka おうさか).
public enum Romaji {
  /// The text with its romaji read as hiragana; other characters (kana, kanji, digits, spaces,
  /// punctuation) are kept. Nil when a Latin letter is left that no syllable reads ("star",
  /// "xyz"), so a search knows whether the whole query was romaji.
  public static func hiragana(_ text: String) -> String? {
    let letters = Array(normalized(text.lowercased()).unicodeScalars)
    var result = String.UnicodeScalarView()
    var afterRomaji = false
    var index = 0
    func letter(_ offset: Int) -> Unicode.Scalar? {
      index + offset < letters.count ? letters[index + offset] : nil
    }
    while index < letters.count {
      let scalar = letters[index]
      if !isASCIILetter(scalar) {
        if isLatinLetter(scalar) { return nil }
        if scalar == "-", afterRomaji {
          result.append("ー")
        } else {
          result.append(scalar)
          afterRomaji = false
        }
        index += 1
        continue
      }
      afterRomaji = true
      if let (kana, length) = syllable(letters, at: index) {
        result.append(contentsOf: kana.unicodeScalars)
        index += length
      } else if scalar == "n" || (scalar == "m" && ["b", "p"].contains(letter(1))) {
        result.append("ん")
        let next = letter(1)
        let doubled = next == "n" && !startsSyllable(letter(2))
        index += next == "'" || doubled ? 2 : 1
      } else if isConsonant(scalar), letter(1) == scalar || (scalar == "t" && letter(1) == "c") {
        result.append("っ")
        index += 1
      } else {
        return nil
      }
    }
    return String(result)
  }

  /// Kana (hiragana or katakana) in Hepburn romaji with long vowels as kana write them (きょう
  /// kyou), so that `hiragana(_:)` reads the result back. ん before a vowel, y or ん is n';
  /// っ doubles the next consonant (t before ch) and is xtsu where there is none to double.
  /// ぢ and づ are ji and zu, as Hepburn writes them. Other characters are kept; ー is "-".
  public static func hepburn(_ kana: String) -> String {
    let kana = Array(Mora.hiragana(kana))
    var pieces: [String] = []
    var index = 0
    while index < kana.count {
      if index + 1 < kana.count, let pair = romaji[String(kana[index...index + 1])] {
        pieces.append(pair)
        index += 2
      } else {
        pieces.append(romaji[String(kana[index])] ?? String(kana[index]))
        index += 1
      }
    }
    for (position, piece) in pieces.enumerated() where piece == "ん" || piece == "っ" {
      let next = position + 1 < pieces.count ? pieces[position + 1] : ""
      let first = next.unicodeScalars.first
      if piece == "ん" {
        pieces[position] = startsSyllable(first) || next == "ん" ? "n'" : "n"
      } else if next.hasPrefix("ch") {
        pieces[position] = "t"
      } else if let first, isConsonant(first), first != "n", first != "x" {
        pieces[position] = String(first)
      } else {
        pieces[position] = "xtsu"
      }
    }
    return pieces.joined()
  }

  // MARK: - Reading romaji

  private static func syllable(_ letters: [Unicode.Scalar], at index: Int) -> (String, Int)? {
    for length in stride(from: min(4, letters.count - index), through: 1, by: -1) {
      let spelling = String(String.UnicodeScalarView(letters[index..<index + length]))
      if let kana = kana[spelling] { return (kana, length) }
    }
    return nil
  }

  /// Full-width letters (ｈｏｓｈｉ, from an input method left in kana mode) become ASCII, and a
  /// macron, precomposed (ō) or combining (o and U+0304), lengthens the vowel before it.
  private static func normalized(_ text: String) -> String {
    var expanded = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      if (0xFF41...0xFF5A).contains(scalar.value) {
        expanded.append(Unicode.Scalar(scalar.value - 0xFEE0)!)
      } else if let long = longVowels[scalar] {
        expanded.append(contentsOf: long.unicodeScalars)
      } else if scalar == "\u{304}" || scalar == "\u{302}", let vowel = expanded.last,
        "aiueo".unicodeScalars.contains(vowel)
      {
        expanded.append(vowel == "o" ? "u" : vowel)
      } else {
        expanded.append(scalar)
      }
    }
    return String(expanded)
  }

  private static let longVowels: [Unicode.Scalar: String] = [
    "ā": "aa", "ī": "ii", "ū": "uu", "ē": "ee", "ō": "ou",
    "â": "aa", "î": "ii", "û": "uu", "ê": "ee", "ô": "ou",
  ]

  private static func isASCIILetter(_ scalar: Unicode.Scalar) -> Bool {
    ("a"..."z").contains(scalar)
  }

  /// Latin letters beyond ASCII (é, ß, ø…) are never romaji.
  private static func isLatinLetter(_ scalar: Unicode.Scalar) -> Bool {
    (0xC0...0x24F).contains(scalar.value) && scalar.properties.isAlphabetic
  }

  private static func isConsonant(_ scalar: Unicode.Scalar) -> Bool {
    isASCIILetter(scalar) && !"aiueo".unicodeScalars.contains(scalar)
  }

  private static func startsSyllable(_ scalar: Unicode.Scalar?) -> Bool {
    guard let scalar else { return false }
    return "aiueoy".unicodeScalars.contains(scalar)
  }

  // MARK: - Tables

  /// Romaji spellings and their kana. The first spelling listed for a kana is the one
  /// `hepburn(_:)` writes, so Hepburn comes before kunrei; the first kana listed for a
  /// spelling is the one `hiragana(_:)` reads, so じ and ず come before ぢ and づ.
  private static let spellings: [(romaji: String, kana: String)] = {
    var list: [(String, String)] = [
      ("shi", "し"), ("chi", "ち"), ("tsu", "つ"), ("fu", "ふ"), ("ji", "じ"), ("ji", "ぢ"),
      ("zu", "ず"), ("zu", "づ"), ("wo", "を"),
    ]
    let smallYa = ["a": "ゃ", "u": "ゅ", "o": "ょ", "e": "ぇ"]
    let yoon: [(String, String)] = [
      ("sh", "し"), ("ch", "ち"), ("j", "じ"), ("j", "ぢ"), ("ky", "き"), ("gy", "ぎ"),
      ("sy", "し"), ("zy", "じ"), ("jy", "じ"), ("ty", "ち"), ("cy", "ち"), ("dy", "ぢ"),
      ("ny", "に"), ("hy", "ひ"), ("by", "び"), ("py", "ぴ"), ("my", "み"), ("ry", "り"),
    ]
    for (prefix, base) in yoon {
      for vowel in ["a", "u", "o", "e"] { list.append((prefix + vowel, base + smallYa[vowel]!)) }
    }
    let rows: [(String, String)] = [
      ("", "あいうえお"), ("k", "かきくけこ"), ("g", "がぎぐげご"), ("s", "さしすせそ"),
      ("z", "ざじずぜぞ"), ("t", "たちつてと"), ("d", "だぢづでど"), ("n", "なにぬねの"),
      ("h", "はひふへほ"), ("b", "ばびぶべぼ"), ("p", "ぱぴぷぺぽ"), ("m", "まみむめも"),
      ("r", "らりるれろ"), ("x", "ぁぃぅぇぉ"), ("l", "らりるれろ"),
    ]
    for (consonant, kana) in rows {
      for (vowel, character) in zip("aiueo", kana) {
        list.append((consonant + String(vowel), String(character)))
      }
    }
    list += [
      ("ya", "や"), ("yu", "ゆ"), ("yo", "よ"), ("ye", "いぇ"), ("wa", "わ"), ("wi", "うぃ"),
      ("we", "うぇ"), ("who", "うぉ"), ("fa", "ふぁ"), ("fi", "ふぃ"), ("fe", "ふぇ"),
      ("fo", "ふぉ"), ("fyu", "ふゅ"), ("va", "ゔぁ"), ("vi", "ゔぃ"), ("vu", "ゔ"), ("ve", "ゔぇ"),
      ("vo", "ゔぉ"),
      ("thi", "てぃ"), ("dhi", "でぃ"), ("dhu", "でゅ"), ("twu", "とぅ"), ("dwu", "どぅ"),
      ("tsa", "つぁ"), ("tsi", "つぃ"), ("tse", "つぇ"), ("tso", "つぉ"), ("kwa", "くぁ"),
      ("gwa", "ぐぁ"), ("xya", "ゃ"), ("xyu", "ゅ"), ("xyo", "ょ"), ("lya", "ゃ"), ("lyu", "ゅ"),
      ("lyo", "ょ"), ("xwa", "ゎ"), ("lwa", "ゎ"), ("xtsu", "っ"), ("xtu", "っ"), ("ltu", "っ"),
      ("ltsu", "っ"), ("-", "ー"),
    ]
    return list
  }()

  private static let kana: [String: String] = {
    var table: [String: String] = [:]
    for (romaji, kana) in spellings where table[romaji] == nil { table[romaji] = kana }
    return table
  }()

  private static let romaji: [String: String] = {
    var table: [String: String] = [:]
    for (romaji, kana) in spellings where table[kana] == nil { table[kana] = romaji }
    table["ん"] = "ん"
    table["っ"] = "っ"
    return table
  }()
}
