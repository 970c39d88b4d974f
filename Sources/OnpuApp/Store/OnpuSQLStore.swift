import Foundation
import HearthPlatform
import HearthSQL

/// Onpu's tables, written once for SQLite and PostgreSQL. A change holds the job (its row lock
/// on PostgreSQL; SQLite's transaction holds the whole file) and the owner's change clock, lets
/// the pure rules on `OnpuJob` make the new job, and writes it with its event.
struct OnpuSQLStore: OnpuStore {
  let database: any SQLDatabase

  func createOnpuJob(_ job: OnpuJob) async throws -> OnpuJob {
    try await database.transaction { tx in
      var job = job
      job.updatedAt = try await Self.nextChange(ownerID: job.ownerID, at: job.createdAt, tx)
      try await tx.execute(
        """
        INSERT INTO onpu_jobs (id, owner_id, title, artist, lyrics, status, stage, error,
          created_at, updated_at, acknowledged, song_id)
        VALUES (\(job.id), \(job.ownerID), \(job.title), \(job.artist), \(job.lyrics),
          \(job.status.rawValue), \(job.stage?.rawValue), \(job.error), \(job.createdAt),
          \(job.updatedAt), \(job.acknowledged), \(job.songID))
        """)
      try await tx.appendEvent(OnpuStoreSupport.event(job), at: job.createdAt)
      return job
    }
  }

  func onpuJob(id: String) async throws -> OnpuJob? {
    try await database.row("SELECT \(Self.jobColumns) FROM onpu_jobs WHERE id = \(id)")
      .map(Self.job)
  }

  func updateOnpuJob(
    id: String, from: Set<OnpuJob.Status>, to status: OnpuJob.Status, stage: OnpuJob.Stage?,
    error: String?, at: Date
  ) async throws -> OnpuJob? {
    try await database.transaction { tx in
      guard let stored = try await Self.lockJob(id, tx),
        var job = stored.moved(from: from, to: status, stage: stage, error: error)
      else { return nil }
      job.updatedAt = try await Self.nextChange(ownerID: job.ownerID, at: at, tx)
      try await tx.execute(
        """
        UPDATE onpu_jobs SET status = \(job.status.rawValue), stage = \(job.stage?.rawValue),
          error = \(job.error), updated_at = \(job.updatedAt), acknowledged = \(job.acknowledged)
        WHERE id = \(id)
        """)
      try await tx.appendEvent(OnpuStoreSupport.event(job), at: at)
      return job
    }
  }

  func finishOnpuJob(id: String, song: OnpuSong, at: Date) async throws -> OnpuJob? {
    try await database.transaction { tx in
      guard let stored = try await Self.lockJob(id, tx) else { return nil }
      guard let analysis = song.analysis, var job = stored.finished(songID: song.id) else {
        return stored
      }
      try await tx.execute(
        """
        INSERT INTO onpu_songs (id, owner_id, job_id, title, artist, lyrics, favorite,
          created_at, lyrics_data, translations, translation_state, translation_error)
        VALUES (\(song.id), \(song.ownerID), \(song.jobID), \(song.title), \(song.artist),
          \(song.lyrics), \(song.favorite), \(song.createdAt), \(analysis.lyricsData),
          \(analysis.translations), \(analysis.translationState), \(analysis.translationError))
        """)
      job.updatedAt = try await Self.nextChange(ownerID: job.ownerID, at: at, tx)
      try await tx.execute(
        """
        UPDATE onpu_jobs SET status = \(job.status.rawValue), stage = NULL, error = NULL,
          song_id = \(song.id), updated_at = \(job.updatedAt)
        WHERE id = \(id)
        """)
      try await tx.appendEvent(OnpuStoreSupport.event(job), at: at)
      return job
    }
  }

  func onpuJobs(ownerID: String, changedAfter: Int64, pending: Bool?, limit: Int)
    async throws -> [OnpuJob]
  {
    let statuses: [OnpuJob.Status] =
      switch pending {
      case true?: [.queued, .running]
      case false?: [.succeeded, .failed]
      case nil: OnpuJob.Status.allCases
      }
    return try await database.rows(
      """
      SELECT \(Self.jobColumns) FROM onpu_jobs
      WHERE owner_id = \(ownerID) AND updated_at > \(changedAfter) AND NOT acknowledged
        AND status IN \(list: statuses.map(\.rawValue))
      ORDER BY updated_at LIMIT \(limit)
      """
    ).map(Self.job)
  }

  func acknowledgeOnpuJob(id: String, at: Date) async throws -> Bool {
    try await database.transaction { tx in
      try await !tx.rows(
        "UPDATE onpu_jobs SET acknowledged = \(true) WHERE id = \(id) RETURNING id"
      )
      .isEmpty
    }
  }

  func deleteOnpuJob(id: String, at: Date) async throws -> Bool {
    try await database.transaction { tx in
      guard let job = try await Self.lockJob(id, tx) else { return false }
      try await tx.execute("DELETE FROM onpu_jobs WHERE id = \(id)")
      try await tx.appendEvent(OnpuStoreSupport.event(job, removed: true), at: at)
      return true
    }
  }

  func onpuSongs(ownerID: String) async throws -> [OnpuSong] {
    try await database.rows(
      """
      SELECT \(Self.songColumns) FROM onpu_songs
      WHERE owner_id = \(ownerID) ORDER BY created_at DESC, id
      """
    ).map { try Self.song($0, analysis: nil) }
  }

  func onpuSong(id: String) async throws -> OnpuSong? {
    try await database.row(
      """
      SELECT \(Self.songColumns), lyrics_data, translations, translation_state,
        translation_error
      FROM onpu_songs WHERE id = \(id)
      """
    ).map { row in
      try Self.song(
        row,
        analysis: OnpuSong.Analysis(
          lyricsData: row["lyrics_data"], translations: row["translations"],
          translationState: row["translation_state"], translationError: row["translation_error"]))
    }
  }

  func startOnpuTranslation(songID: String, from: Set<String>, at: Date) async throws
    -> OnpuSong.Analysis?
  {
    try await database.transaction { tx in
      guard
        let row = try await tx.row(
          """
          UPDATE onpu_songs SET translation_state = \(Self.translating), translation_error = NULL
          WHERE id = \(songID) AND translation_state IN \(list: from.sorted())
          RETURNING owner_id, lyrics_data, translations
          """)
      else { return nil }
      try await tx.appendEvent(
        OnpuStoreSupport.songEvent(
          songID: songID, ownerID: try row["owner_id"], state: Self.translating), at: at)
      return OnpuSong.Analysis(
        lyricsData: try row["lyrics_data"], translations: try row["translations"],
        translationState: Self.translating)
    }
  }

  func finishOnpuTranslation(
    songID: String, from: Set<String>, translations: String, state: String, error: String?,
    at: Date
  ) async throws -> Bool {
    try await database.transaction { tx in
      guard
        let row = try await tx.row(
          """
          UPDATE onpu_songs SET translations = \(translations), translation_state = \(state),
            translation_error = \(error)
          WHERE id = \(songID) AND translation_state IN \(list: from.sorted())
          RETURNING owner_id
          """)
      else { return false }
      try await tx.appendEvent(
        OnpuStoreSupport.songEvent(songID: songID, ownerID: try row["owner_id"], state: state),
        at: at)
      return true
    }
  }

  static let translating = "translating"

  func setOnpuSongFavorite(id: String, favorite: Bool) async throws -> Bool {
    try await database.transaction { tx in
      try await !tx.rows(
        "UPDATE onpu_songs SET favorite = \(favorite) WHERE id = \(id) RETURNING id"
      ).isEmpty
    }
  }

  func deleteOnpuSong(id: String) async throws -> Bool {
    try await database.transaction { tx in
      try await !tx.rows("DELETE FROM onpu_songs WHERE id = \(id) RETURNING id").isEmpty
    }
  }

  /// One writer per owner at a time, so the owner's change clock only moves forward; the clock
  /// row outlives deleted jobs, so a deleted job's time is never reused.
  private static func nextChange(ownerID: String, at date: Date, _ tx: any SQLTransaction)
    async throws -> Int64
  {
    if tx.dialect == .postgres {
      try await tx.execute("SELECT pg_advisory_xact_lock(hashtext(\("onpu:" + ownerID)))")
    }
    let latest: Int64? = try await tx.row(
      "SELECT latest FROM onpu_clocks WHERE owner_id = \(ownerID)")?["latest"]
    let next = OnpuStoreSupport.nextChange(latest: latest, at: date)
    try await tx.execute(
      """
      INSERT INTO onpu_clocks (owner_id, latest) VALUES (\(ownerID), \(next))
      ON CONFLICT (owner_id) DO UPDATE SET latest = excluded.latest
      """)
    return next
  }

  private static func lockJob(_ id: String, _ tx: any SQLTransaction) async throws -> OnpuJob? {
    let lock: SQL = .dialect(sqlite: "", postgres: " FOR UPDATE")
    return try await tx.row("SELECT \(jobColumns) FROM onpu_jobs WHERE id = \(id)\(lock)")
      .map(job)
  }

  private static let jobColumns: SQL = """
    id, owner_id, title, artist, lyrics, status, stage, error, created_at, updated_at,
    acknowledged, song_id
    """

  private static let songColumns: SQL =
    "id, owner_id, job_id, title, artist, lyrics, favorite, created_at"

  private static func job(_ row: SQLRow) throws -> OnpuJob {
    let stage: String? = try row["stage"]
    return OnpuJob(
      id: try row["id"], ownerID: try row["owner_id"], title: try row["title"],
      artist: try row["artist"], lyrics: try row["lyrics"],
      status: try row.decode(OnpuJob.Status.self, "status"),
      stage: try stage.map { _ in try row.decode(OnpuJob.Stage.self, "stage") },
      error: try row["error"], createdAt: try row["created_at"], updatedAt: try row["updated_at"],
      acknowledged: try row["acknowledged"], songID: try row["song_id"])
  }

  private static func song(_ row: SQLRow, analysis: OnpuSong.Analysis?) throws -> OnpuSong {
    OnpuSong(
      id: try row["id"], ownerID: try row["owner_id"], jobID: try row["job_id"],
      title: try row["title"], artist: try row["artist"], lyrics: try row["lyrics"],
      favorite: try row["favorite"], createdAt: try row["created_at"], analysis: analysis)
  }
}
