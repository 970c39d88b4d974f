import Foundation
import GRDB

/// An Anki deck package (.apkg): a zip of `collection.anki2`, an SQLite file in Anki's legacy
/// collection schema (version 11) holding one deck of notes of the "Onpu word" type, and the
/// sound files the notes name (`[sound:NAME]`), numbered in the zip with their names in the
/// `media` map. Any list of notes of that type makes a package.
struct AnkiPackage: Sendable {
  var deckName: String
  var notes: [AnkiNote]
  var media: [(name: String, bytes: [UInt8])] = []

  /// The package's bytes; `now` stamps the collection and the notes, `scratch` is a directory
  /// for the SQLite file while it is written.
  func bytes(now: Date, scratch: URL = FileManager.default.temporaryDirectory) throws -> [UInt8] {
    let file = scratch.appendingPathComponent("onpu-anki-\(UUID().uuidString).anki2")
    defer { try? FileManager.default.removeItem(at: file) }
    let queue = try DatabaseQueue(path: file.path)
    try queue.write { db in try write(into: db, now: now) }
    try queue.close()
    let collection = try [UInt8](Data(contentsOf: file))
    var names: [String: String] = [:]
    for (index, file) in media.enumerated() { names["\(index)"] = file.name }
    let map = try JSONSerialization.data(withJSONObject: names, options: .sortedKeys)
    return try AnkiZip.archive(
      [
        .init(name: "collection.anki2", bytes: collection),
        .init(name: "media", bytes: Array(map)),
      ] + media.enumerated().map { .init(name: "\($0)", bytes: $1.bytes) }, modified: now)
  }

  var deckID: Int64 { AnkiNote.stableID("deck: \(deckName)") }

  private func write(into db: Database, now: Date) throws {
    let seconds = Int64(now.timeIntervalSince1970)
    let milliseconds = Int64(now.timeIntervalSince1970 * 1000)
    for statement in AnkiCollectionSchema.statements { try db.execute(sql: statement) }
    try db.execute(
      sql: """
        INSERT INTO col (id, crt, mod, scm, ver, dty, usn, ls, conf, models, decks, dconf, tags)
        VALUES (1, ?, ?, ?, 11, 0, 0, 0, ?, ?, ?, ?, '{}')
        """,
      arguments: [
        seconds - seconds % 86_400, milliseconds, milliseconds,
        try AnkiCollectionSchema.json(AnkiCollectionSchema.conf(deckID: deckID)),
        try AnkiCollectionSchema.json(AnkiCollectionSchema.models(deckID: deckID, at: seconds)),
        try AnkiCollectionSchema.json(
          AnkiCollectionSchema.decks(deckID: deckID, name: deckName, at: seconds)),
        try AnkiCollectionSchema.json(AnkiCollectionSchema.deckConfigs()),
      ])
    for (position, note) in notes.enumerated() {
      let tags = note.tags.isEmpty ? "" : " \(note.tags.joined(separator: " ")) "
      try db.execute(
        sql: """
          INSERT INTO notes (id, guid, mid, mod, usn, tags, flds, sfld, csum, flags, data)
          VALUES (?, ?, ?, ?, -1, ?, ?, ?, ?, 0, '')
          """,
        arguments: [
          note.id, note.guid, AnkiNoteType.id, seconds, tags,
          note.fields.joined(separator: "\u{1F}"), note.sortField, note.checksum,
        ])
      try db.execute(
        sql: """
          INSERT INTO cards (id, nid, did, ord, mod, usn, type, queue, due, ivl, factor, reps,
            lapses, left, odue, odid, flags, data)
          VALUES (?, ?, ?, 0, ?, -1, 0, 0, ?, 0, 0, 0, 0, 0, 0, 0, 0, '')
          """,
        arguments: [note.id, note.id, deckID, seconds, position + 1])
    }
  }
}
