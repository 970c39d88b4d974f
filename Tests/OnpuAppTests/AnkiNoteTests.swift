import Foundation
import OnpuCore
import Testing

@testable import OnpuApp

/// Notes from a song: which words, in which form, with which line; and the ids, guids and
/// checksums Anki matches notes by.
@Suite struct AnkiNoteTests {
  struct Glossary: WordGlossary {
    var meanings: [String: String]
    func gloss(word: String, reading: String) -> String? { meanings["\(word)|\(reading)"] }
  }

  static func word(
    _ surface: String, _ reading: String, pitch: String = "", particle: Bool = false,
    lemma: (String, String)? = nil
  ) -> LyricsWord {
    let morae = Mora.split(reading)
    var word = LyricsWord(
      surface: surface, reading: reading,
      morae: zip(morae, pitch.isEmpty ? String(repeating: "0", count: morae.count) : pitch).map {
        LyricsWord.MoraPitch(text: $0, isHigh: $1 == "1")
      }, isParticle: particle ? true : nil)
    word.lemma = lemma?.0
    word.lemmaReading = lemma?.1
    return word
  }

  /// 名前を呼んだ / 君の名前 / I love you: 名前 twice, 呼ん as 呼ぶ, を and の skipped, English too.
  static let song = AnkiSongNotes.Song(
    id: "song-1", title: "名前", artist: "Ann",
    lines: [
      LyricsLine(words: [
        word("名前", "なまえ", pitch: "011"), word("を", "を", particle: true),
        word("呼ん", "よん", pitch: "10", lemma: ("呼ぶ", "よぶ")), word("だ", "だ"),
      ]),
      LyricsLine(words: [
        word("君", "きみ", pitch: "10"), word("の", "の", particle: true),
        word("名前", "なまえ", pitch: "011"),
      ]),
      LyricsLine(words: [
        LyricsWord(surface: "I", reading: ""), LyricsWord(surface: "love", reading: ""),
      ]),
    ],
    translations: ["Calling your name", nil, "I love you"])

  @Test func eachDistinctKanjiWordOnceInItsDictionaryFormWithItsFirstLine() {
    let notes = AnkiSongNotes.notes(
      Self.song, glossary: Glossary(meanings: ["呼ぶ|よぶ": "to call", "名前|なまえ": "name"]))
    #expect(notes.map { $0.fields[0] } == ["名前", "呼ぶ", "君"])
    #expect(notes.map { $0.fields[1] } == ["なまえ", "よぶ", "きみ"])
    #expect(notes.map { $0.fields[3] } == ["name", "to call", "君"])
    #expect(notes[0].fields[4] == "<b>名前</b>を呼んだ")
    #expect(notes[1].fields[4] == "名前を<b>呼ん</b>だ")
    #expect(notes[2].fields[4] == "<b>君</b>の名前")
    #expect(notes.map { $0.fields[5] } == ["Calling your name", "Calling your name", ""])
    #expect(notes.allSatisfy { $0.fields[6] == "名前 — Ann" && $0.fields.count == 8 })
    // No sound named: the Audio field is empty.
    #expect(notes.allSatisfy { $0.fields[7] == "" })
    #expect(AnkiNoteType.fields.count == 8)
  }

  @Test func thePitchIsDrawnAsTheSongPageDrawsIt() {
    let notes = AnkiSongNotes.notes(Self.song, glossary: nil)
    #expect(
      notes[0].fields[2]
        == #"<span class="onpu-pitch"><span class="m l step">な</span><span class="m h">ま</span><span class="m h">え</span></span>"#
    )
    // The form sung is named when it is not the dictionary's.
    #expect(notes[1].fields[2].hasPrefix(#"<span class="onpu-pitch-form">呼ん</span> "#))
    #expect(notes[1].fields[2].contains(#"<span class="m h step">よ</span><span class="m l">ん"#))
    var unknown = Self.word("運命", "さだめ")
    unknown.isPitchUnknown = true
    #expect(AnkiSongNotes.pitch(unknown).contains("pitch unknown"))
  }

  @Test func aMeaningIsNeverEmpty() {
    // Without a dictionary: the kanji's meanings, else the word itself
    let kanji = AnkiSongNotes.notes(Self.song, glossary: nil) { $0.surface == "君" ? "君: you" : nil }
    #expect(kanji.map { $0.fields[3] } == ["名前", "呼ぶ", "君: you"])
    // 会える, a potential form the dictionary lacks, takes 会う's meaning
    var song = Self.song
    song.lines = [LyricsLine(words: [Self.word("会える", "あえる", lemma: ("会える", "あえる"))])]
    let meet = AnkiSongNotes.notes(song, glossary: Glossary(meanings: ["会う|あう": "to meet"]))
    #expect(meet.map { $0.fields[3] } == ["to meet"])
  }

  @Test func guidsAndIdsStayTheSameForTheSameWordOfTheSameSong() {
    let first = AnkiSongNotes.notes(Self.song, glossary: nil)
    let again = AnkiSongNotes.notes(Self.song, glossary: Glossary(meanings: ["君|きみ": "you"]))
    #expect(first.map(\.guid) == again.map(\.guid))
    #expect(first.map(\.id) == again.map(\.id))
    #expect(Set(first.map(\.guid)).count == first.count)
    var other = Self.song
    other.id = "song-2"
    let elsewhere = AnkiSongNotes.notes(other, glossary: nil)
    #expect(Set(elsewhere.map(\.guid)).isDisjoint(with: first.map(\.guid)))
    // Ids look like Anki's: milliseconds since 1970, after 2020.
    #expect(first.allSatisfy { $0.id > 1_577_836_800_000 && $0.id < 1_800_000_000_000 })
  }

  @Test func theChecksumIsTheFirst8HexDigitsOfTheStrippedFieldsSHA1() {
    // SHA-1("hello") = aaf4c61d dcc5e8a2 dabede0f 3b482cd9 aea9434d
    #expect(AnkiNote.checksum("hello") == 0xAAF4_C61D)
    #expect(AnkiNote.checksum("<b>hello</b>&nbsp;") == 0xAAF4_C61D)
    #expect(AnkiNote.stripped("<b>A</b> &amp; <i>B</i>") == "A & B")
    let note = AnkiNote(key: "k", fields: ["<b>名前</b>", "なまえ"])
    #expect(note.sortField == "名前")
    #expect(note.checksum == AnkiNote.checksum("名前"))
  }

  @Test func fieldsAreEscaped() {
    var song = Self.song
    song.title = "<Rock & Roll>"
    song.artist = ""
    #expect(
      AnkiSongNotes.notes(song, glossary: nil)[0].fields[6] == "&lt;Rock &amp; Roll&gt;")
  }
}
