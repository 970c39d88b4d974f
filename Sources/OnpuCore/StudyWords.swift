/// Which words of a song are worth a card, and the cards they make. Particles, punctuation,
/// English and kana-only function words (する, です, こと…) are left out; so is a one-mora kana
/// word, which is nearly always grammar.
public enum StudyWords {
  static let functionWords: Set<String> = [
    "する", "いる", "ある", "なる", "です", "だ", "ます", "ない", "た", "て", "れる", "られる",
    "せる", "させる", "ぬ", "う", "よう", "らしい", "そう", "でしょう", "だろう", "こと", "もの",
    "ため", "ところ", "など", "これ", "それ", "あれ", "どれ", "この", "その", "あの", "どの",
    "ここ", "そこ", "あそこ", "どこ", "いう", "くる", "くれる", "もらう", "あげる", "いく", "おく",
    "みる", "しまう", "ちゃう", "じゃ", "けど", "でも", "さ", "よ", "ね", "わ", "ん", "の",
  ]

  public static func isStudied(_ word: LyricsWord) -> Bool {
    guard word.isParticle != true, !word.reading.isEmpty, !word.morae.isEmpty,
      !LyricsWord.isLatin(word.surface)
    else { return false }
    if word.kanji != nil { return true }
    let form = word.dictionaryForm
    return Mora.split(form.reading).count >= 2 && !functionWords.contains(form.word)
      && !functionWords.contains(form.reading)
  }

  public static func key(_ word: LyricsWord) -> String {
    let form = word.dictionaryForm
    return "\(form.word)|\(form.reading)"
  }

  /// The song's cards, each once, at the first place it shows in: a word card for each word
  /// studied, and a kanji card for each of its kanji the dictionary knows.
  public static func drafts(
    songTitle: String, lines: [LyricsLine], translations: [String?],
    knownKanji: (Character) -> Bool
  ) -> [StudyCardDraft] {
    var seen = Set<String>()
    var drafts: [StudyCardDraft] = []
    for (lineIndex, line) in lines.enumerated() {
      for wordIndex in line.words.indices {
        guard
          let word = draft(
            songTitle: songTitle, lines: lines, translations: translations, line: lineIndex,
            word: wordIndex)
        else { continue }
        if seen.insert("word " + word.key).inserted { drafts.append(word) }
        for kanji in line.words[wordIndex].kanjiCharacters where knownKanji(kanji) {
          let literal = String(kanji)
          guard seen.insert("kanji " + literal).inserted else { continue }
          var note = word.note
          note.kanji = literal
          drafts.append(StudyCardDraft(kind: .kanji, key: literal, note: note))
        }
      }
    }
    return drafts
  }

  /// The word card for one word of the song; nil when the place is outside the song or the
  /// word is not one to study.
  public static func draft(
    songTitle: String, lines: [LyricsLine], translations: [String?], line: Int, word: Int
  ) -> StudyCardDraft? {
    guard lines.indices.contains(line), lines[line].words.indices.contains(word) else {
      return nil
    }
    let studied = lines[line].words[word]
    guard isStudied(studied) else { return nil }
    let form = studied.dictionaryForm
    let note = StudyNote(
      songTitle: songTitle, lineIndex: line, wordIndex: word, line: lines[line],
      translation: translations.indices.contains(line) ? translations[line] : nil,
      word: form.word, reading: form.reading)
    return StudyCardDraft(kind: .word, key: key(studied), note: note)
  }

  /// The first place a word written `surface` (or whose dictionary form is) shows in the song.
  public static func place(of surface: String, in lines: [LyricsLine]) -> (line: Int, word: Int)? {
    for (lineIndex, line) in lines.enumerated() {
      if let wordIndex = line.words.firstIndex(where: {
        $0.surface == surface || $0.dictionaryForm.word == surface
      }) {
        return (lineIndex, wordIndex)
      }
    }
    return nil
  }
}
