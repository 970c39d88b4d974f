import Foundation
import OnpuCore
import Testing

@testable import OnpuApp

/// What the audio says and what its file is called; where Open JTalk is looked for and how it is
/// run; the sound files an Anki package carries.
@Suite struct OnpuSpeechTests {
  typealias Word = AnkiNoteTests

  @Test func aLineIsSaidAsWrittenExceptReadingsTheLyricsOrTheLearnerGive() {
    var fate = Word.word("運命", "さだめ")
    fate.readingSource = .lyrics
    let line = LyricsLine(words: [Word.word("星", "ほし"), Word.word("の", "の"), fate])
    #expect(OnpuSpeech.text(of: line) == "星のさだめ")
    #expect(OnpuSpeech.text(of: Word.word("呼ん", "よん", lemma: ("呼ぶ", "よぶ"))) == "呼ぶ")
    #expect(OnpuSpeech.text(of: fate) == "さだめ")
  }

  @Test func theKeyNamesTheTextAndTheVoice() {
    let key = OnpuSpeech.key("星の歌")
    #expect(OnpuSpeech.isKey(key))
    #expect(key == OnpuSpeech.key("星の歌"))
    #expect(key != OnpuSpeech.key("星の歌", voice: "another"))
    #expect(key != OnpuSpeech.key("星のうた"))
    #expect(!OnpuSpeech.isKey("../" + key.dropFirst(3)))
    #expect(!OnpuSpeech.isKey(key.uppercased()))
  }

  @Test func punctuationAloneHasNothingToSay() {
    #expect(!OnpuSpeech.isSayable("、。！？ "))
    #expect(OnpuSpeech.isSayable("ほし"))
    #expect(OnpuSpeech.isSayable("love"))
  }

  @Test func missingToolsSayWhatToInstall() throws {
    var config = OnpuAudioConfig()
    config.openJTalk = "/nonexistent/open_jtalk"
    guard case .failure(let missing) = OpenJTalk.locate(config, roots: []) else {
      Issue.record("found an Open JTalk that is not there")
      return
    }
    #expect(missing.description.contains("Open JTalk is not installed"))
    #expect(missing.description.contains("ONPU_OPEN_JTALK"))
    config.openJTalk = "/bin/sh"
    config.openJTalkDictionary = "/nonexistent"
    guard case .failure(let dictionary) = OpenJTalk.locate(config, roots: []) else {
      Issue.record("found a dictionary that is not there")
      return
    }
    #expect(dictionary.description.contains("ONPU_OPEN_JTALK_DIC"))
  }

  @Test func openJTalkIsRunWithItsDictionaryVoiceAndFiles() {
    let tool = OpenJTalk(executable: "/usr/bin/open_jtalk", dictionary: "/d", voice: "/v.htsvoice")
    #expect(
      tool.arguments(input: "/in.txt", output: "/out.wav")
        == ["-x", "/d", "-m", "/v.htsvoice", "-ow", "/out.wav", "/in.txt"])
  }

  @Test func aPackageCarriesItsSoundsNumberedWithTheirNamesInTheMediaMap() throws {
    let notes = AnkiSongNotes.notes(
      AnkiNoteTests.song, glossary: nil,
      sound: { word in word.surface == "君" ? "onpu-kimi.wav" : nil })
    #expect(notes.first { $0.fields[0] == "君" }?.fields.last == "[sound:onpu-kimi.wav]")
    #expect(notes.first { $0.fields[0] == "名前" }?.fields.last == "")
    #expect(notes.allSatisfy { $0.fields.count == AnkiNoteType.fields.count })
    let package = AnkiPackage(
      deckName: "名前", notes: notes, media: [("onpu-kimi.wav", Array("RIFF".utf8))])
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "anki-media-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let archive = directory.appendingPathComponent("song.apkg")
    try Data(try package.bytes(now: Date(timeIntervalSince1970: 1_700_000_000))).write(to: archive)
    #expect(try AnkiZipTests.unzip(["-o", archive.path, "-d", directory.path]).status == 0)
    let media = try Data(contentsOf: directory.appendingPathComponent("media"))
    #expect(
      try JSONSerialization.jsonObject(with: media) as? [String: String] == ["0": "onpu-kimi.wav"])
    #expect(try Data(contentsOf: directory.appendingPathComponent("0")) == Data("RIFF".utf8))
  }
}
