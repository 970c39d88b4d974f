import Foundation
import GRDB
import Testing

@testable import OnpuApp

/// The package's collection, read back with SQLite: the legacy schema's version, the note type
/// and deck in `col`, and one new card per note in the deck.
@Suite struct AnkiPackageTests {
  @Test func theCollectionHoldsTheNotesTheirCardsTheNoteTypeAndTheDeck() throws {
    let notes = AnkiSongNotes.notes(AnkiNoteTests.song, glossary: nil)
    let package = AnkiPackage(deckName: "名前", notes: notes)
    let bytes = try package.bytes(now: Date(timeIntervalSince1970: 1_700_000_000))
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "anki-package-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let archive = directory.appendingPathComponent("song.apkg")
    try Data(bytes).write(to: archive)
    let unzipped = try AnkiZipTests.unzip(["-o", archive.path, "-d", directory.path])
    #expect(unzipped.status == 0)
    let media = try String(
      contentsOf: directory.appendingPathComponent("media"), encoding: .utf8)
    #expect(media == "{}")

    let queue = try DatabaseQueue(
      path: directory.appendingPathComponent("collection.anki2").path)
    defer { try? queue.close() }
    try queue.read { db in
      let col = try #require(try Row.fetchOne(db, sql: "SELECT * FROM col"))
      #expect(col["ver"] as Int == 11)
      let models = try JSONSerialization.jsonObject(with: Data((col["models"] as String).utf8))
      let model = try #require(
        (models as? [String: Any])?[String(AnkiNoteType.id)] as? [String: Any])
      #expect(model["name"] as? String == "Onpu word")
      let fields = try #require(model["flds"] as? [[String: Any]])
      #expect(fields.compactMap { $0["name"] as? String } == AnkiNoteType.fields)
      let decks = try JSONSerialization.jsonObject(with: Data((col["decks"] as String).utf8))
      let deck = try #require((decks as? [String: Any])?[String(package.deckID)] as? [String: Any])
      #expect(deck["name"] as? String == "名前")

      let rows = try Row.fetchAll(db, sql: "SELECT * FROM notes ORDER BY id")
      #expect(rows.count == notes.count)
      for note in notes {
        let row = try #require(rows.first { $0["guid"] as String == note.guid })
        #expect(row["id"] as Int64 == note.id)
        #expect(row["mid"] as Int64 == AnkiNoteType.id)
        #expect(
          (row["flds"] as String).split(separator: "\u{1F}", omittingEmptySubsequences: false)
            .map(String.init) == note.fields)
        #expect(row["csum"] as Int64 == note.checksum)
        #expect(row["sfld"] as String == note.sortField)
      }
      let cards = try Row.fetchAll(db, sql: "SELECT nid, did, ord, queue FROM cards")
      #expect(Set(cards.map { $0["nid"] as Int64 }) == Set(notes.map(\.id)))
      #expect(cards.allSatisfy { $0["did"] as Int64 == package.deckID && $0["queue"] as Int == 0 })
    }
  }
}
