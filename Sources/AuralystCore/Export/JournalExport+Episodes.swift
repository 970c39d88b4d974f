import Foundation

extension ExportRows {
  /// One episode; `aura` absent when not said, `helped` yes, a-little, no or not-yet.
  struct Episode: Codable, Equatable {
    var id: String
    var journalID: String
    var startedAt: String
    var endedAt: String?
    var locations: [String]
    var locationNote: String?
    var aura: Bool?
    var medicationIDs: [String]
    var intakeIDs: [String]
    var helped: String
    var note: String?
    var authorID: String?
  }
}

extension JournalExport {
  /// The episodes as the file writes them, with links to medications or doses not in the file
  /// left out; nil when there are none.
  func episodeRows(time: (Date) -> String) -> [ExportRows.Episode]? {
    guard !episodes.isEmpty else { return nil }
    let medicationIDs = Set(medications.map(\.id))
    let intakeIDs = Set(intakes.map(\.id))
    return episodes.map { episode in
      ExportRows.Episode(
        id: episode.id, journalID: journal.id, startedAt: time(episode.startedAt),
        endedAt: episode.endedAt.map(time), locations: episode.locations.map(\.rawValue),
        locationNote: episode.locationNote, aura: episode.aura,
        medicationIDs: episode.medicationIDs.filter(medicationIDs.contains),
        intakeIDs: episode.intakeIDs.filter(intakeIDs.contains), helped: episode.relief.rawValue,
        note: episode.note, authorID: episode.authorID)
    }
  }
}
