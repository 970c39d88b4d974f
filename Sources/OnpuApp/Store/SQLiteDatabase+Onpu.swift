import Foundation
import GRDB
import HearthPlatform

extension SQLiteDatabase {
  public func createOnpuJob(_ job: OnpuJob) async throws -> OnpuJob {
    try await write { db in
      var job = job
      job.updatedAt = try Self.nextOnpuChange(db, ownerID: job.ownerID, at: job.createdAt)
      try db.execute(
        sql: """
          INSERT INTO onpuJob (id, ownerID, title, artist, lyrics, status, stage, error, createdAt,
            updatedAt, acknowledged, songID)
          VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
          """,
        arguments: [
          job.id, job.ownerID, job.title, job.artist, job.lyrics, job.status.rawValue,
          job.stage?.rawValue, job.error, job.createdAt.sqliteValue, job.updatedAt,
          job.acknowledged, job.songID,
        ])
      _ = try Self.insertEvent(db, OnpuStoreSupport.event(job), at: job.createdAt)
      return job
    }
  }

  public func onpuJob(id: String) async throws -> OnpuJob? {
    try await read { db in try Self.fetchOnpuJob(db, id: id) }
  }

  public func updateOnpuJob(
    id: String, from: Set<OnpuJob.Status>, to status: OnpuJob.Status, stage: OnpuJob.Stage?,
    error: String?, at: Date
  ) async throws -> OnpuJob? {
    try await write { db in
      guard var job = try Self.fetchOnpuJob(db, id: id), from.contains(job.status) else {
        return nil
      }
      job.status = status
      job.stage = stage
      job.error = error
      if status == .queued { job.acknowledged = false }
      job.updatedAt = try Self.nextOnpuChange(db, ownerID: job.ownerID, at: at)
      try db.execute(
        sql: """
          UPDATE onpuJob SET status = ?, stage = ?, error = ?, updatedAt = ?, acknowledged = ?
          WHERE id = ?
          """,
        arguments: [
          status.rawValue, stage?.rawValue, error, job.updatedAt, job.acknowledged, id,
        ])
      _ = try Self.insertEvent(db, OnpuStoreSupport.event(job), at: at)
      return job
    }
  }

  public func finishOnpuJob(id: String, song: OnpuSong, at: Date) async throws -> OnpuJob? {
    try await write { db in
      guard var job = try Self.fetchOnpuJob(db, id: id) else { return nil }
      guard job.songID == nil, let analysis = song.analysis else { return job }
      try db.execute(
        sql: """
          INSERT INTO onpuSong (id, ownerID, jobID, title, artist, lyrics, favorite, createdAt,
            lyricsData, translations, translationState)
          VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
          """,
        arguments: [
          song.id, song.ownerID, song.jobID, song.title, song.artist, song.lyrics, song.favorite,
          song.createdAt.sqliteValue, analysis.lyricsData, analysis.translations,
          analysis.translationState,
        ])
      job.status = .succeeded
      job.stage = nil
      job.error = nil
      job.songID = song.id
      job.updatedAt = try Self.nextOnpuChange(db, ownerID: job.ownerID, at: at)
      try db.execute(
        sql: """
          UPDATE onpuJob SET status = 'succeeded', stage = NULL, error = NULL, songID = ?,
            updatedAt = ?
          WHERE id = ?
          """, arguments: [song.id, job.updatedAt, id])
      _ = try Self.insertEvent(db, OnpuStoreSupport.event(job), at: at)
      return job
    }
  }

  public func onpuJobs(ownerID: String, changedAfter: Int64, pending: Bool?, limit: Int)
    async throws -> [OnpuJob]
  {
    let filter =
      switch pending {
      case true?: "AND status IN ('queued', 'running')"
      case false?: "AND status IN ('succeeded', 'failed')"
      case nil: ""
      }
    return try await read { db in
      try Row.fetchAll(
        db,
        sql: """
          SELECT * FROM onpuJob
          WHERE ownerID = ? AND updatedAt > ? AND acknowledged = 0 \(filter)
          ORDER BY updatedAt LIMIT ?
          """, arguments: [ownerID, changedAfter, limit]
      ).map(Self.onpuJob(from:))
    }
  }

  public func acknowledgeOnpuJob(id: String, at: Date) async throws -> Bool {
    try await write { db in
      try db.execute(sql: "UPDATE onpuJob SET acknowledged = 1 WHERE id = ?", arguments: [id])
      return db.changesCount == 1
    }
  }

  public func deleteOnpuJob(id: String, at: Date) async throws -> Bool {
    try await write { db in
      guard let job = try Self.fetchOnpuJob(db, id: id) else { return false }
      try db.execute(sql: "DELETE FROM onpuJob WHERE id = ?", arguments: [id])
      _ = try Self.insertEvent(db, OnpuStoreSupport.event(job, removed: true), at: at)
      return true
    }
  }

  public func onpuSongs(ownerID: String) async throws -> [OnpuSong] {
    try await read { db in
      try Row.fetchAll(
        db,
        sql: """
          SELECT id, ownerID, jobID, title, artist, lyrics, favorite, createdAt FROM onpuSong
          WHERE ownerID = ? ORDER BY createdAt DESC, id
          """, arguments: [ownerID]
      ).map { Self.onpuSong(from: $0, analysis: false) }
    }
  }

  public func onpuSong(id: String) async throws -> OnpuSong? {
    try await read { db in
      try Row.fetchOne(db, sql: "SELECT * FROM onpuSong WHERE id = ?", arguments: [id])
        .map { Self.onpuSong(from: $0, analysis: true) }
    }
  }

  public func setOnpuSongFavorite(id: String, favorite: Bool) async throws -> Bool {
    try await write { db in
      try db.execute(
        sql: "UPDATE onpuSong SET favorite = ? WHERE id = ?", arguments: [favorite, id])
      return db.changesCount == 1
    }
  }

  public func deleteOnpuSong(id: String) async throws -> Bool {
    try await write { db in
      try db.execute(sql: "DELETE FROM onpuSong WHERE id = ?", arguments: [id])
      return db.changesCount == 1
    }
  }

  static func nextOnpuChange(_ db: Database, ownerID: String, at date: Date) throws -> Int64 {
    let latest = try Int64.fetchOne(
      db, sql: "SELECT latest FROM onpuClock WHERE ownerID = ?", arguments: [ownerID])
    let next = OnpuStoreSupport.nextChange(latest: latest, at: date)
    try db.execute(
      sql: """
        INSERT INTO onpuClock (ownerID, latest) VALUES (?, ?)
        ON CONFLICT (ownerID) DO UPDATE SET latest = excluded.latest
        """, arguments: [ownerID, next])
    return next
  }

  static func fetchOnpuJob(_ db: Database, id: String) throws -> OnpuJob? {
    try Row.fetchOne(db, sql: "SELECT * FROM onpuJob WHERE id = ?", arguments: [id])
      .map(onpuJob(from:))
  }

  static func onpuJob(from row: Row) -> OnpuJob {
    OnpuJob(
      id: row["id"], ownerID: row["ownerID"], title: row["title"], artist: row["artist"],
      lyrics: row["lyrics"], status: OnpuJob.Status(rawValue: row["status"]) ?? .failed,
      stage: (row["stage"] as String?).flatMap(OnpuJob.Stage.init(rawValue:)), error: row["error"],
      createdAt: row.date("createdAt"), updatedAt: row["updatedAt"],
      acknowledged: row["acknowledged"], songID: row["songID"])
  }

  static func onpuSong(from row: Row, analysis: Bool) -> OnpuSong {
    OnpuSong(
      id: row["id"], ownerID: row["ownerID"], jobID: row["jobID"], title: row["title"],
      artist: row["artist"], lyrics: row["lyrics"], favorite: row["favorite"],
      createdAt: row.date("createdAt"),
      analysis: analysis
        ? OnpuSong.Analysis(
          lyricsData: row["lyricsData"], translations: row["translations"],
          translationState: row["translationState"]) : nil)
  }
}
