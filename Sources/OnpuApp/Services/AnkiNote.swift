import Crypto
import Foundation

/// One Anki note of the "Onpu word" type: its fields in the note type's order, and a guid that
/// names the same word of the same song in every export, so that importing again updates the
/// note instead of adding another.
struct AnkiNote: Equatable, Sendable {
  var guid: String
  /// Word, Reading, Pitch, Meaning, Line, Translation, Song, Audio.
  var fields: [String]
  var tags: [String] = []

  /// `key` names what the note is about (a song and a word); the same key gives the same note.
  init(key: String, fields: [String], tags: [String] = []) {
    guid = Self.guid(key)
    self.fields = fields
    self.tags = tags
  }

  /// Anki sorts and checks duplicates by the first field.
  var sortField: String { Self.stripped(fields.first ?? "") }
  var checksum: Int64 { Self.checksum(fields.first ?? "") }
  /// Ids are creation times in Anki: a stable one from the guid, among plausible times.
  var id: Int64 { Self.stableID(guid) }

  /// The first 8 hex digits of the SHA-1 of the field without its HTML, as a number.
  static func checksum(_ field: String) -> Int64 {
    let digest = Array(Insecure.SHA1.hash(data: Data(stripped(field).utf8)))
    return digest.prefix(4).reduce(Int64(0)) { $0 << 8 | Int64($1) }
  }

  /// The text of a field: tags removed, the common entities decoded, ends trimmed.
  static func stripped(_ html: String) -> String {
    var text = html.replacingOccurrences(
      of: "<[^>]*>", with: "", options: .regularExpression)
    for (entity, character) in [
      ("&nbsp;", " "), ("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'"),
      ("&amp;", "&"),
    ] {
      text = text.replacingOccurrences(of: entity, with: character)
    }
    return text.trimmingCharacters(in: .whitespacesAndNewlines)
  }

  static func guid(_ key: String) -> String {
    let digest = Insecure.SHA1.hash(data: Data("onpu-anki|\(key)".utf8))
    return "onpu" + digest.prefix(8).map { String(format: "%02x", $0) }.joined()
  }

  /// A millisecond time between 2020 and 2023, from the name's hash.
  static func stableID(_ name: String) -> Int64 {
    let digest = Array(SHA256.hash(data: Data(name.utf8)))
    let value = digest.prefix(8).reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
    return 1_577_836_800_000 + Int64(value % 100_000_000_000)
  }

  static func escaped(_ text: String) -> String {
    text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
      .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
  }
}

/// The "Onpu word" note type: its fields, its one card (the word in its line on the front; the
/// reading, pitch, meaning, translation and song on the back) and their style, from the
/// anki-word files of Resources/.
enum AnkiNoteType {
  static let name = "Onpu word"
  static let id: Int64 = AnkiNote.stableID("note type: Onpu word")
  static let fields = [
    "Word", "Reading", "Pitch", "Meaning", "Line", "Translation", "Song", "Audio",
  ]
  static let cardName = "Word in its line"

  static let front = String(decoding: PackageResources.anki_word_front_html, as: UTF8.self)
  static let back = String(decoding: PackageResources.anki_word_back_html, as: UTF8.self)
  static let css = String(decoding: PackageResources.anki_word_css, as: UTF8.self)
}
