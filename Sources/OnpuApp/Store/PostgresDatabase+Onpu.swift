import Foundation
import HearthPlatform
import Logging
import PostgresNIO

extension HearthPlatform.PostgresDatabase {
  static let onpuJobColumns = """
    id, owner_id, title, artist, lyrics, status, stage, error, created_at, updated_at,
    acknowledged, song_id
    """

  public func createOnpuJob(_ job: OnpuJob) async throws -> OnpuJob {
    try await transaction { connection in
      let logger = self.logger
      var job = job
      job.updatedAt = try await Self.nextOnpuChange(
        ownerID: job.ownerID, at: job.createdAt, on: connection, logger: logger)
      try await connection.run(
        """
        INSERT INTO onpu_jobs (id, owner_id, title, artist, lyrics, status, stage, error,
          created_at, updated_at, acknowledged, song_id)
        VALUES (\(job.id), \(job.ownerID), \(job.title), \(job.artist), \(job.lyrics),
          \(job.status.rawValue), \(job.stage?.rawValue), \(job.error), \(job.createdAt),
          \(job.updatedAt), \(job.acknowledged), \(job.songID))
        """, logger: logger)
      _ = try await Self.appendEvent(
        OnpuStoreSupport.event(job), at: job.createdAt, on: connection, logger: logger)
      return job
    }
  }

  public func onpuJob(id: String) async throws -> OnpuJob? {
    try await queryRows(
      "SELECT \(unescaped: Self.onpuJobColumns) FROM onpu_jobs WHERE id = \(id)"
    ).first.map(Self.onpuJob(from:))
  }

  public func updateOnpuJob(
    id: String, from: Set<OnpuJob.Status>, to status: OnpuJob.Status, stage: OnpuJob.Stage?,
    error: String?, at: Date
  ) async throws -> OnpuJob? {
    try await transaction { connection in
      let logger = self.logger
      guard var job = try await Self.lockOnpuJob(id, on: connection, logger: logger),
        from.contains(job.status)
      else { return nil }
      job.status = status
      job.stage = stage
      job.error = error
      if status == .queued { job.acknowledged = false }
      job.updatedAt = try await Self.nextOnpuChange(
        ownerID: job.ownerID, at: at, on: connection, logger: logger)
      try await connection.run(
        """
        UPDATE onpu_jobs SET status = \(status.rawValue), stage = \(stage?.rawValue),
          error = \(error), updated_at = \(job.updatedAt), acknowledged = \(job.acknowledged)
        WHERE id = \(id)
        """, logger: logger)
      _ = try await Self.appendEvent(
        OnpuStoreSupport.event(job), at: at, on: connection, logger: logger)
      return job
    }
  }

  public func finishOnpuJob(id: String, song: OnpuSong, at: Date) async throws -> OnpuJob? {
    try await transaction { connection in
      let logger = self.logger
      guard var job = try await Self.lockOnpuJob(id, on: connection, logger: logger) else {
        return nil
      }
      guard job.songID == nil, let analysis = song.analysis else { return job }
      try await connection.run(
        """
        INSERT INTO onpu_songs (id, owner_id, job_id, title, artist, lyrics, favorite,
          created_at, lyrics_data, translations, translation_state)
        VALUES (\(song.id), \(song.ownerID), \(song.jobID), \(song.title), \(song.artist),
          \(song.lyrics), \(song.favorite), \(song.createdAt), \(analysis.lyricsData),
          \(analysis.translations), \(analysis.translationState))
        """, logger: logger)
      job.status = .succeeded
      job.stage = nil
      job.error = nil
      job.songID = song.id
      job.updatedAt = try await Self.nextOnpuChange(
        ownerID: job.ownerID, at: at, on: connection, logger: logger)
      try await connection.run(
        """
        UPDATE onpu_jobs SET status = 'succeeded', stage = NULL, error = NULL,
          song_id = \(song.id), updated_at = \(job.updatedAt)
        WHERE id = \(id)
        """, logger: logger)
      _ = try await Self.appendEvent(
        OnpuStoreSupport.event(job), at: at, on: connection, logger: logger)
      return job
    }
  }

  public func onpuJobs(ownerID: String, changedAfter: Int64, pending: Bool?, limit: Int)
    async throws -> [OnpuJob]
  {
    let statuses: [String] =
      switch pending {
      case true?: ["queued", "running"]
      case false?: ["succeeded", "failed"]
      case nil: OnpuJob.Status.allCases.map(\.rawValue)
      }
    return try await queryRows(
      """
      SELECT \(unescaped: Self.onpuJobColumns) FROM onpu_jobs
      WHERE owner_id = \(ownerID) AND updated_at > \(changedAfter) AND NOT acknowledged
        AND status = ANY(\(statuses))
      ORDER BY updated_at LIMIT \(limit)
      """
    ).map(Self.onpuJob(from:))
  }

  public func acknowledgeOnpuJob(id: String, at: Date) async throws -> Bool {
    try await !rows("UPDATE onpu_jobs SET acknowledged = true WHERE id = \(id) RETURNING id")
      .isEmpty
  }

  public func deleteOnpuJob(id: String, at: Date) async throws -> Bool {
    try await transaction { connection in
      let logger = self.logger
      guard let job = try await Self.lockOnpuJob(id, on: connection, logger: logger) else {
        return false
      }
      try await connection.run("DELETE FROM onpu_jobs WHERE id = \(id)", logger: logger)
      _ = try await Self.appendEvent(
        OnpuStoreSupport.event(job, removed: true), at: at, on: connection, logger: logger)
      return true
    }
  }

  public func onpuSongs(ownerID: String) async throws -> [OnpuSong] {
    try await queryRows(
      """
      SELECT id, owner_id, job_id, title, artist, lyrics, favorite, created_at FROM onpu_songs
      WHERE owner_id = \(ownerID) ORDER BY created_at DESC, id
      """
    ).map { row in
      let (id, ownerID, jobID, title, artist, lyrics, favorite, createdAt) = try row.decode(
        (String, String, String, String, String, String, Bool, Date).self)
      return OnpuSong(
        id: id, ownerID: ownerID, jobID: jobID, title: title, artist: artist, lyrics: lyrics,
        favorite: favorite, createdAt: createdAt, analysis: nil)
    }
  }

  public func onpuSong(id: String) async throws -> OnpuSong? {
    try await queryRows(
      """
      SELECT id, owner_id, job_id, title, artist, lyrics, favorite, created_at, lyrics_data,
        translations, translation_state
      FROM onpu_songs WHERE id = \(id)
      """
    ).first.map { row in
      let (
        id, ownerID, jobID, title, artist, lyrics, favorite, createdAt, data, translations, state
      ) =
        try row.decode(
          (String, String, String, String, String, String, Bool, Date, String, String, String).self)
      return OnpuSong(
        id: id, ownerID: ownerID, jobID: jobID, title: title, artist: artist, lyrics: lyrics,
        favorite: favorite, createdAt: createdAt,
        analysis: .init(lyricsData: data, translations: translations, translationState: state))
    }
  }

  public func setOnpuSongFavorite(id: String, favorite: Bool) async throws -> Bool {
    try await !rows(
      "UPDATE onpu_songs SET favorite = \(favorite) WHERE id = \(id) RETURNING id"
    ).isEmpty
  }

  public func deleteOnpuSong(id: String) async throws -> Bool {
    try await !rows("DELETE FROM onpu_songs WHERE id = \(id) RETURNING id").isEmpty
  }

  /// One writer per owner at a time, so the owner's change clock only moves forward; the clock
  /// row outlives deleted jobs, so a deleted job's time is never reused.
  static func nextOnpuChange(
    ownerID: String, at date: Date, on connection: PostgresConnection, logger: Logger
  ) async throws -> Int64 {
    try await connection.run(
      "SELECT pg_advisory_xact_lock(hashtext(\("onpu:" + ownerID)))", logger: logger)
    let latest = try await connection.rows(
      "SELECT latest FROM onpu_clocks WHERE owner_id = \(ownerID)", logger: logger
    ).first?.decode(Int64.self)
    let next = OnpuStoreSupport.nextChange(latest: latest, at: date)
    try await connection.run(
      """
      INSERT INTO onpu_clocks (owner_id, latest) VALUES (\(ownerID), \(next))
      ON CONFLICT (owner_id) DO UPDATE SET latest = EXCLUDED.latest
      """, logger: logger)
    return next
  }

  static func lockOnpuJob(
    _ id: String, on connection: PostgresConnection, logger: Logger
  ) async throws -> OnpuJob? {
    try await connection.rows(
      "SELECT \(unescaped: onpuJobColumns) FROM onpu_jobs WHERE id = \(id) FOR UPDATE",
      logger: logger
    ).first.map(onpuJob(from:))
  }

  static func onpuJob(from row: PostgresRow) throws -> OnpuJob {
    let (id, ownerID, title, artist, lyrics, status, stage, error, createdAt, updatedAt) =
      try row.decode(
        (String, String, String, String, String, String, String?, String?, Date, Int64).self)
    let columns = row.makeRandomAccess()
    return OnpuJob(
      id: id, ownerID: ownerID, title: title, artist: artist, lyrics: lyrics,
      status: OnpuJob.Status(rawValue: status) ?? .failed,
      stage: stage.flatMap(OnpuJob.Stage.init(rawValue:)), error: error, createdAt: createdAt,
      updatedAt: updatedAt, acknowledged: try columns[10].decode(Bool.self),
      songID: try columns[11].decode(String?.self))
  }
}
