import AuralystCore
import Foundation
import HearthCore
import HearthPlatform
import HearthSQL

/// A journal's episodes (attacks), on either database. The episode travels as JSON; what is
/// queried (its journal, author, start and end, zone) has its own column, which wins.
public protocol AuralystEpisodeStore: Sendable {
  /// The journal's episodes that started from `from` to `until` (inclusive), by start.
  func episodes(journalID: String, from: Date?, until: Date?) async throws -> [Episode]
  func episode(id: String) async throws -> Episode?
  /// Holds the journal while `check` looks at its other episodes and returns what to store,
  /// then adds it (`isNew`) or replaces the one with its id in the journal, with its events.
  /// A new episode is made in the journal's zone unless it says otherwise. A new one whose id
  /// the journal has answers the stored one and writes nothing; an id another journal holds
  /// throws `StoreError.duplicate("id")`; a replaced one gone throws `StoreError.notFound`.
  func saveEpisode(
    _ episode: Episode, isNew: Bool, events: [NewEvent], at: Date,
    check: @escaping @Sendable (_ others: [Episode]) throws -> Episode
  ) async throws -> (episode: Episode, created: Bool)
  /// Removes it; false when it was not in the journal.
  @discardableResult
  func deleteEpisode(id: String, journalID: String, events: [NewEvent], at: Date) async throws
    -> Bool
}

extension HearthDatabase {
  public var auralystEpisodeStore: any AuralystEpisodeStore {
    AuralystEpisodeSQLStore(database: self)
  }
}

struct AuralystEpisodeSQLStore: AuralystEpisodeStore {
  let database: any SQLDatabase

  func episodes(journalID: String, from: Date?, until: Date?) async throws -> [Episode] {
    var sql: SQL = "SELECT \(Self.columns) FROM auralyst_episodes WHERE journal_id = \(journalID)"
    if let from { sql += " AND started_at >= \(from)" }
    if let until { sql += " AND started_at <= \(until)" }
    sql += " ORDER BY started_at, id"
    return try await database.rows(sql).map(Self.episode)
  }

  func episode(id: String) async throws -> Episode? {
    try await database.row("SELECT \(Self.columns) FROM auralyst_episodes WHERE id = \(id)")
      .map(Self.episode)
  }

  func saveEpisode(
    _ episode: Episode, isNew: Bool, events: [NewEvent], at: Date,
    check: @escaping @Sendable ([Episode]) throws -> Episode
  ) async throws -> (episode: Episode, created: Bool) {
    try await database.transaction { tx in
      let lock: SQL = .dialect(sqlite: "", postgres: " FOR UPDATE")
      guard
        let journal = try await tx.row(
          "SELECT time_zone FROM auralyst_journals WHERE id = \(episode.journalID)\(lock)")
      else { throw StoreError.notFound }
      if isNew,
        let stored = try await tx.row(
          "SELECT \(Self.columns) FROM auralyst_episodes WHERE id = \(episode.id)"
        ).map(Self.episode)
      {
        guard stored.journalID == episode.journalID else { throw StoreError.duplicate("id") }
        return (stored, false)
      }
      let others = try await tx.rows(
        """
        SELECT \(Self.columns) FROM auralyst_episodes
        WHERE journal_id = \(episode.journalID) AND id <> \(episode.id)
        """
      ).map(Self.episode)
      var checked = try check(others)
      if checked.timeZone == nil { checked.timeZone = try journal["time_zone"] as String }
      let body = StoreJSON.encode(checked)
      if isNew {
        let written = try await tx.rows(
          """
          INSERT INTO auralyst_episodes (id, journal_id, author_id, started_at, ended_at,
            time_zone, body, updated_at)
          VALUES (\(checked.id), \(checked.journalID), \(checked.authorID), \(checked.startedAt),
            \(checked.endedAt), \(checked.timeZone), \(body), \(at))
          ON CONFLICT (id) DO NOTHING
          RETURNING id
          """)
        guard !written.isEmpty else { throw StoreError.duplicate("id") }
      } else {
        let updated = try await tx.rows(
          """
          UPDATE auralyst_episodes SET started_at = \(checked.startedAt),
            ended_at = \(checked.endedAt), body = \(body), updated_at = \(at)
          WHERE id = \(checked.id) AND journal_id = \(checked.journalID)
          RETURNING id
          """)
        guard !updated.isEmpty else { throw StoreError.notFound }
      }
      try await tx.appendEvents(events, at: at)
      return (checked, true)
    }
  }

  func deleteEpisode(id: String, journalID: String, events: [NewEvent], at: Date) async throws
    -> Bool
  {
    try await database.transaction { tx in
      let deleted = try await tx.rows(
        """
        DELETE FROM auralyst_episodes WHERE id = \(id) AND journal_id = \(journalID) RETURNING id
        """)
      guard !deleted.isEmpty else { return false }
      try await tx.appendEvents(events, at: at)
      return true
    }
  }

  private static let columns: SQL =
    "id, journal_id, author_id, started_at, ended_at, time_zone, body"

  private static func episode(_ row: SQLRow) throws -> Episode {
    var episode = try StoreJSON.decode(Episode.self, try row["body"] as String)
    episode.id = try row["id"]
    episode.journalID = try row["journal_id"]
    episode.authorID = try row["author_id"]
    episode.startedAt = try row["started_at"]
    episode.endedAt = try row["ended_at"]
    episode.timeZone = try row["time_zone"]
    return episode
  }
}
