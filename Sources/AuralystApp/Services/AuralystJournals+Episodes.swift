import AuralystCore
import Foundation
import HearthCore
import HearthPlatform
import HearthSQL

/// Episodes follow the journal's rules: everyone who sees the journal reads them; the owner
/// and read-write collaborators start them, and change or delete what they wrote (the owner:
/// any). Each is checked, in one transaction, against the journal's other episodes.
extension AuralystJournals {
  var episodeStore: any AuralystEpisodeStore { database.auralystEpisodeStore }

  func episodes(_ opened: Opened, from: Date? = nil, until: Date? = nil) async throws
    -> [Episode]
  {
    try await episodeStore.episodes(journalID: opened.journal.id, from: from, until: until)
  }

  /// One episode of the journal; 404 when it is not there (or is in another journal).
  func episode(_ opened: Opened, id: String) async throws -> Episode {
    guard let episode = try await episodeStore.episode(id: id),
      episode.journalID == opened.journal.id
    else { throw APIErrorResponse(.notFound("episode")) }
    return episode
  }

  /// The episode going on now, if any.
  func ongoingEpisode(_ opened: Opened) async throws -> Episode? {
    try await episodes(opened).last(where: \.isOngoing)
  }

  /// Stores a new episode; its id sent again answers the stored one.
  func startEpisode(_ episode: Episode, in opened: Opened) async throws -> (Episode, Bool) {
    try opened.access.require(.write, what: "journal")
    return try await save(episode, isNew: true, in: opened, action: "created")
  }

  /// Saves a changed episode its author (or the owner) may change.
  func updateEpisode(_ episode: Episode, authorID: String, in opened: Opened) async throws
    -> Episode
  {
    try opened.requireAuthor(of: authorID)
    return try await save(episode, isNew: false, in: opened, action: "updated").0
  }

  func deleteEpisode(_ episode: Episode, in opened: Opened) async throws {
    try opened.requireAuthor(of: episode.authorID)
    let deleted = try await episodeStore.deleteEpisode(
      id: episode.id, journalID: opened.journal.id,
      events: [Self.event(opened.journal.id, kind: "episode", id: episode.id, action: "deleted")],
      at: env.now())
    guard deleted else { throw APIErrorResponse(.notFound("episode")) }
  }

  private func save(_ episode: Episode, isNew: Bool, in opened: Opened, action: String)
    async throws -> (Episode, Bool)
  {
    let known = Set(try await medications(opened).map(\.id))
    var logged = Set<String>()
    for id in Set(episode.intakeIDs) {
      if let record = try await database.auralystStore.auralystRecord(id: id),
        record.journalID == opened.journal.id, record.kind == .intake
      {
        logged.insert(id)
      }
    }
    let intakes = logged
    let now = env.now()
    do {
      return try await episodeStore.saveEpisode(
        episode, isNew: isNew,
        events: [Self.event(opened.journal.id, kind: "episode", id: episode.id, action: action)],
        at: now
      ) { others in
        try AuralystAPI.validated { () throws(ValidationError) in
          try episode.validated(
            now: now, medicationIDs: known, intakeIDs: intakes, others: others)
        }
      }
    } catch StoreError.duplicate {
      throw APIErrorResponse(.conflict("id", "That id is taken."))
    } catch StoreError.notFound {
      throw APIErrorResponse(.notFound("episode"))
    }
  }
}
