import Foundation
import HearthPlatform

public protocol OnpuStore: Sendable {
  /// Saves a new job with the owner's next change time and announces it ("onpu.job").
  func createOnpuJob(_ job: OnpuJob) async throws -> OnpuJob
  func onpuJob(id: String) async throws -> OnpuJob?
  /// Moves a job whose status is one of `from` to `status` and `stage`, announcing the change;
  /// nil when the job is gone or in another status (checked in the same transaction).
  /// Queueing it again clears its acknowledgement.
  func updateOnpuJob(
    id: String, from: Set<OnpuJob.Status>, to status: OnpuJob.Status, stage: OnpuJob.Stage?,
    error: String?, at: Date
  ) async throws -> OnpuJob?
  /// Stores the song and marks the job succeeded in one transaction, once: when the job already
  /// has its song (or is gone) nothing changes and the job is returned as it is.
  func finishOnpuJob(id: String, song: OnpuSong, at: Date) async throws -> OnpuJob?
  /// The owner's unacknowledged jobs changed after `changedAfter`, oldest change first;
  /// `pending` picks queued and running (true) or finished (false) jobs, nil both.
  func onpuJobs(ownerID: String, changedAfter: Int64, pending: Bool?, limit: Int) async throws
    -> [OnpuJob]
  /// Returns false when the job is gone.
  func acknowledgeOnpuJob(id: String, at: Date) async throws -> Bool
  func deleteOnpuJob(id: String, at: Date) async throws -> Bool
  /// The owner's songs, newest first, without their analysis.
  func onpuSongs(ownerID: String) async throws -> [OnpuSong]
  func onpuSong(id: String) async throws -> OnpuSong?
  /// Marks the song's translation as being done again, when its state is one of `from`, and
  /// announces it ("onpu.song"); nil when the song is gone or in another state.
  func startOnpuTranslation(songID: String, from: Set<String>, at: Date) async throws
    -> OnpuSong.Analysis?
  /// Stores a translation done again, when the song still waits for it (or is in one of
  /// `from`), and announces it; false otherwise.
  func finishOnpuTranslation(
    songID: String, from: Set<String>, translations: String, state: String, error: String?,
    at: Date
  ) async throws -> Bool
  func setOnpuSongFavorite(id: String, favorite: Bool) async throws -> Bool
  func deleteOnpuSong(id: String) async throws -> Bool
  /// The owner's reading corrections, of every song (songID nil) and of each song, oldest first.
  func onpuReadingCorrections(ownerID: String) async throws -> [OnpuReadingCorrection]
  /// Saves a correction in place of the owner's one for the same song (or every song) and
  /// surface.
  func saveOnpuReadingCorrection(_ correction: OnpuReadingCorrection) async throws
  /// False when there was none.
  func deleteOnpuReadingCorrection(ownerID: String, songID: String?, surface: String)
    async throws -> Bool
  /// Replaces a song's lines, derived again, and announces it ("onpu.song"); false when the
  /// song is gone.
  func setOnpuSongLines(songID: String, lyricsData: String, at: Date) async throws -> Bool
}

/// What the Onpu store methods of both databases share.
public enum OnpuStoreSupport {
  public static let eventType = "onpu.job"

  public static func milliseconds(_ date: Date) -> Int64 {
    Int64((date.timeIntervalSince1970 * 1000).rounded(.down))
  }

  /// The next change time of an owner whose latest was `latest`.
  public static func nextChange(latest: Int64?, at date: Date) -> Int64 {
    max(milliseconds(date), (latest ?? 0) + 1)
  }

  public static let songEventType = "onpu.song"

  /// A song's translation moved on: pages showing it reload.
  public static func songEvent(songID: String, ownerID: String, state: String) -> NewEvent {
    NewEvent(
      type: songEventType, audience: .user(ownerID),
      payload: #"{"songId":"\#(songID)","translationState":"\#(state)"}"#)
  }

  public static func event(_ job: OnpuJob, removed: Bool = false) -> NewEvent {
    var change = OnpuJob.Change(job)
    if removed { change.removed = true }
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let data = (try? encoder.encode(change)) ?? Data("{}".utf8)
    return NewEvent(
      type: eventType, audience: .user(job.ownerID), payload: String(decoding: data, as: UTF8.self))
  }
}
