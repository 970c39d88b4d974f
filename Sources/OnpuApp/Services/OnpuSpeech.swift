import Crypto
import Foundation
import OnpuCore

/// What Onpu's audio says: a line as sung, or a word in its dictionary form. A reading the lyrics
/// give (ruby) or the learner chose is said in kana, since Open JTalk would read the kanji its own
/// way; everything else is given as written, so that Open JTalk's dictionary picks the accent.
/// The audio follows Open JTalk's accent, which can differ from the pitch Onpu draws.
enum OnpuSpeech {
  /// The voice every file is made with; part of each file's key.
  static let voice = "mei_normal"

  static func text(of line: LyricsLine) -> String {
    line.words.map(spoken).joined().trimmingCharacters(in: .whitespacesAndNewlines)
  }

  static func text(of word: LyricsWord) -> String {
    let form = word.dictionaryForm
    guard word.readingSource != nil else { return form.word }
    let reading = form.word == word.surface ? word.reading : form.reading
    return reading.isEmpty ? form.word : reading
  }

  private static func spoken(_ word: LyricsWord) -> String {
    word.readingSource == nil || word.reading.isEmpty ? word.surface : word.reading
  }

  /// Whether the text has anything to say: kana, kanji or a Latin letter or digit.
  static func isSayable(_ text: String) -> Bool {
    text.unicodeScalars.contains { scalar in
      scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
    }
  }

  /// The file's name: the same text in the same voice is one file, whoever's song it is in.
  static func key(_ text: String, voice: String = voice) -> String {
    let digest = SHA256.hash(data: Data("open-jtalk|\(voice)|\(text)".utf8))
    return digest.prefix(16).map { String(format: "%02x", $0) }.joined()
  }

  static func isKey(_ text: String) -> Bool {
    text.count == 32 && text.allSatisfy { $0.isHexDigit && !$0.isUppercase }
  }
}
