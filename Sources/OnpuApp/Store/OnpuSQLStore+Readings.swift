import Foundation
import HearthPlatform

/// The learner's reading corrections: one per owner, song (or every song) and surface; a song's
/// own go with the song.
extension OnpuSQLStore {
  func onpuReadingCorrections(ownerID: String) async throws -> [OnpuReadingCorrection] {
    try await database.rows(
      """
      SELECT owner_id, song_id, surface, reading, created_at FROM onpu_reading_corrections
      WHERE owner_id = \(ownerID) ORDER BY created_at, surface
      """
    ).map { row in
      OnpuReadingCorrection(
        ownerID: try row["owner_id"], songID: try row["song_id"], surface: try row["surface"],
        reading: try row["reading"], createdAt: try row["created_at"])
    }
  }

  func saveOnpuReadingCorrection(_ correction: OnpuReadingCorrection) async throws {
    try await database.transaction { tx in
      try await tx.execute(
        """
        DELETE FROM onpu_reading_corrections
        WHERE owner_id = \(correction.ownerID)
          AND COALESCE(song_id, '') = \(correction.songID ?? "")
          AND surface = \(correction.surface)
        """)
      try await tx.execute(
        """
        INSERT INTO onpu_reading_corrections (owner_id, song_id, surface, reading, created_at)
        VALUES (\(correction.ownerID), \(correction.songID), \(correction.surface),
          \(correction.reading), \(correction.createdAt))
        """)
    }
  }

  func deleteOnpuReadingCorrection(ownerID: String, songID: String?, surface: String)
    async throws -> Bool
  {
    try await database.transaction { tx in
      try await !tx.rows(
        """
        DELETE FROM onpu_reading_corrections
        WHERE owner_id = \(ownerID) AND COALESCE(song_id, '') = \(songID ?? "")
          AND surface = \(surface)
        RETURNING surface
        """
      ).isEmpty
    }
  }

  func setOnpuSongLines(songID: String, lyricsData: String, at: Date) async throws -> Bool {
    try await database.transaction { tx in
      guard
        let row = try await tx.row(
          """
          UPDATE onpu_songs SET lyrics_data = \(lyricsData) WHERE id = \(songID)
          RETURNING owner_id
          """)
      else { return false }
      try await tx.appendEvent(
        OnpuStoreSupport.linesEvent(songID: songID, ownerID: try row["owner_id"]), at: at)
      return true
    }
  }
}

extension OnpuStoreSupport {
  /// A song's lines were derived again (its readings were corrected): pages showing it reload.
  public static func linesEvent(songID: String, ownerID: String) -> NewEvent {
    NewEvent(
      type: songEventType, audience: .user(ownerID),
      payload: #"{"songId":"\#(songID)","lines":"changed"}"#)
  }
}
