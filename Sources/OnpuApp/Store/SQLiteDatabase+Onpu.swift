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
          INSERT INTO onpu_jobs (id, owner_id, title, artist, lyrics, status, stage, error, created_at,
            updated_at, acknowledged, song_id)
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
          UPDATE onpu_jobs SET status = ?, stage = ?, error = ?, updated_at = ?, acknowledged = ?
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
          INSERT INTO onpu_songs (id, owner_id, job_id, title, artist, lyrics, favorite, created_at,
            lyrics_data, translations, translation_state)
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
          UPDATE onpu_jobs SET status = 'succeeded', stage = NULL, error = NULL, song_id = ?,
            updated_at = ?
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
          SELECT * FROM onpu_jobs
          WHERE owner_id = ? AND updated_at > ? AND acknowledged = 0 \(filter)
          ORDER BY updated_at LIMIT ?
          """, arguments: [ownerID, changedAfter, limit]
      ).map(Self.onpuJob(from:))
    }
  }

  public func acknowledgeOnpuJob(id: String, at: Date) async throws -> Bool {
    try await write { db in
      try db.execute(sql: "UPDATE onpu_jobs SET acknowledged = 1 WHERE id = ?", arguments: [id])
      return db.changesCount == 1
    }
  }

  public func deleteOnpuJob(id: String, at: Date) async throws -> Bool {
    try await write { db in
      guard let job = try Self.fetchOnpuJob(db, id: id) else { return false }
      try db.execute(sql: "DELETE FROM onpu_jobs WHERE id = ?", arguments: [id])
      _ = try Self.insertEvent(db, OnpuStoreSupport.event(job, removed: true), at: at)
      return true
    }
  }

  public func onpuSongs(ownerID: String) async throws -> [OnpuSong] {
    try await read { db in
      try Row.fetchAll(
        db,
        sql: """
          SELECT id, owner_id, job_id, title, artist, lyrics, favorite, created_at FROM onpu_songs
          WHERE owner_id = ? ORDER BY created_at DESC, id
          """, arguments: [ownerID]
      ).map { Self.onpuSong(from: $0, analysis: false) }
    }
  }

  public func onpuSong(id: String) async throws -> OnpuSong? {
    try await read { db in
      try Row.fetchOne(db, sql: "SELECT * FROM onpu_songs WHERE id = ?", arguments: [id])
        .map { Self.onpuSong(from: $0, analysis: true) }
    }
  }

  public func setOnpuSongFavorite(id: String, favorite: Bool) async throws -> Bool {
    try await write { db in
      try db.execute(
        sql: "UPDATE onpu_songs SET favorite = ? WHERE id = ?", arguments: [favorite, id])
      return db.changesCount == 1
    }
  }

  public func deleteOnpuSong(id: String) async throws -> Bool {
    try await write { db in
      try db.execute(sql: "DELETE FROM onpu_songs WHERE id = ?", arguments: [id])
      return db.changesCount == 1
    }
  }

  static func nextOnpuChange(_ db: Database, ownerID: String, at date: Date) throws -> Int64 {
    let latest = try Int64.fetchOne(
      db, sql: "SELECT latest FROM onpu_clocks WHERE owner_id = ?", arguments: [ownerID])
    let next = OnpuStoreSupport.nextChange(latest: latest, at: date)
    try db.execute(
      sql: """
        INSERT INTO onpu_clocks (owner_id, latest) VALUES (?, ?)
        ON CONFLICT (owner_id) DO UPDATE SET latest = excluded.latest
        """, arguments: [ownerID, next])
    return next
  }

  static func fetchOnpuJob(_ db: Database, id: String) throws -> OnpuJob? {
    try Row.fetchOne(db, sql: "SELECT * FROM onpu_jobs WHERE id = ?", arguments: [id])
      .map(onpuJob(from:))
  }

  static func onpuJob(from row: Row) -> OnpuJob {
    OnpuJob(
      id: row["id"], ownerID: row["owner_id"], title: row["title"], artist: row["artist"],
      lyrics: row["lyrics"], status: OnpuJob.Status(rawValue: row["status"]) ?? .failed,
      stage: (row["stage"] as String?).flatMap(OnpuJob.Stage.init(rawValue:)), error: row["error"],
      createdAt: row.date("created_at"), updatedAt: row["updated_at"],
      acknowledged: row["acknowledged"], songID: row["song_id"])
  }

  static func onpuSong(from row: Row, analysis: Bool) -> OnpuSong {
    OnpuSong(
      id: row["id"], ownerID: row["owner_id"], jobID: row["job_id"], title: row["title"],
      artist: row["artist"], lyrics: row["lyrics"], favorite: row["favorite"],
      createdAt: row.date("created_at"),
      analysis: analysis
        ? OnpuSong.Analysis(
          lyricsData: row["lyrics_data"], translations: row["translations"],
          translationState: row["translation_state"]) : nil)
  }
}
