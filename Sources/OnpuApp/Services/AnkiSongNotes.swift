import Foundation
import OnpuCore

/// The notes a song gives: each distinct word with kanji, in its dictionary form (呼ん → 呼ぶ),
/// with the first line it appears in and that line's translation, and its audio when `sound`
/// names a file for the word. Particles, kana-only words, punctuation and English give none.
enum AnkiSongNotes {
  struct Song {
    var id: String
    var title: String
    var artist: String
    var lines: [LyricsLine]
    /// One per line; nil where a line has none.
    var translations: [String?]
  }

  /// Never an empty meaning: the dictionary's (`WordGlossary.meaning(of:)`), else the meanings
  /// of the word's kanji, else the word itself.
  static func notes(
    _ song: Song, glossary: (any WordGlossary)?,
    kanjiMeaning: (LyricsWord) -> String? = { _ in nil },
    sound: (LyricsWord) -> String? = { _ in nil }
  ) -> [AnkiNote] {
    var seen: Set<String> = []
    var notes: [AnkiNote] = []
    for (index, line) in song.lines.enumerated() {
      for (position, word) in line.words.enumerated() where isStudied(word) {
        let form = word.dictionaryForm
        let key = "\(song.id)|\(form.word)|\(form.reading)"
        guard seen.insert(key).inserted else { continue }
        let translation = index < song.translations.count ? song.translations[index] : nil
        let meaning = glossary?.meaning(of: word) ?? kanjiMeaning(word) ?? form.word
        notes.append(
          AnkiNote(
            key: key,
            fields: [
              AnkiNote.escaped(form.word), AnkiNote.escaped(form.reading), pitch(word),
              AnkiNote.escaped(meaning), lineHTML(line, marking: position),
              AnkiNote.escaped(translation ?? ""), AnkiNote.escaped(songName(song)),
              sound(word).map { "[sound:\($0)]" } ?? "",
            ], tags: ["onpu"]))
      }
    }
    return notes
  }

  static func studiedWords(_ lines: [LyricsLine]) -> [LyricsWord] {
    lines.flatMap { $0.words.filter(isStudied) }
  }

  static func isStudied(_ word: LyricsWord) -> Bool {
    word.kanji != nil && word.isParticle != true && !word.reading.isEmpty
      && !LyricsWord.isLatin(word.surface)
  }

  static func songName(_ song: Song) -> String {
    song.artist.isEmpty ? song.title : "\(song.title) — \(song.artist)"
  }

  /// The line as written, the word in bold; English words keep their spaces.
  static func lineHTML(_ line: LyricsLine, marking position: Int) -> String {
    var html = ""
    var afterEnglish = false
    for (index, word) in line.words.enumerated() {
      let english = word.morae.isEmpty && LyricsWord.isLatin(word.surface)
      if english && afterEnglish { html += " " }
      afterEnglish = english
      let text = AnkiNote.escaped(word.surface)
      html += index == position ? "<b>\(text)</b>" : text
    }
    return html
  }

  /// The word's morae as sung in the line, high ones under a line and a step where the pitch
  /// changes (as the song page draws it); the surface first when it is not the dictionary form.
  static func pitch(_ word: LyricsWord) -> String {
    let surface =
      word.dictionaryForm.word == word.surface
      ? "" : #"<span class="onpu-pitch-form">\#(AnkiNote.escaped(word.surface))</span> "#
    guard word.isPitchUnknown != true, !word.morae.isEmpty else {
      return surface + #"<span class="onpu-pitch-unknown">pitch unknown</span>"#
    }
    let morae = word.morae.enumerated().map { index, mora in
      let next = index + 1 < word.morae.count ? word.morae[index + 1].isHigh : mora.isHigh
      let classes = "m \(mora.isHigh ? "h" : "l")\(next != mora.isHigh ? " step" : "")"
      return #"<span class="\#(classes)">\#(AnkiNote.escaped(mora.text))</span>"#
    }
    return surface + #"<span class="onpu-pitch">\#(morae.joined())</span>"#
  }
}
