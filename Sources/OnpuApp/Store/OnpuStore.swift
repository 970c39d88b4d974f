import Foundation
import HearthPlatform

/// A request to turn lyrics into a study text. Its `updatedAt` (milliseconds) is the owner's
/// change clock: every change takes a value above all of the owner's earlier ones, so a client
/// that asks for changes after the largest value it saw misses none.
public struct OnpuJob: Equatable, Sendable {
  public enum Status: String, Codable, Sendable, CaseIterable {
    case queued, running, succeeded, failed

    public var isTerminal: Bool { self == .succeeded || self == .failed }
  }

  public enum Stage: String, Codable, Sendable {
    case translating
    case lyricsData = "lyrics_data"
    case finalizing
  }

  public var id: String
  public var ownerID: String
  public var title: String
  public var artist: String
  public var lyrics: String
  public var status: Status
  public var stage: Stage?
  public var error: String?
  public var createdAt: Date
  public var updatedAt: Int64
  /// Acknowledged jobs leave the pending and recent lists; their song stays.
  public var acknowledged: Bool
  public var songID: String?

  public init(
    id: String, ownerID: String, title: String, artist: String, lyrics: String,
    status: Status = .queued, stage: Stage? = nil, error: String? = nil, createdAt: Date,
    updatedAt: Int64 = 0, acknowledged: Bool = false, songID: String? = nil
  ) {
    self.id = id
    self.ownerID = ownerID
    self.title = title
    self.artist = artist
    self.lyrics = lyrics
    self.status = status
    self.stage = stage
    self.error = error
    self.createdAt = createdAt
    self.updatedAt = updatedAt
    self.acknowledged = acknowledged
    self.songID = songID
  }
}

/// A song in someone's library: the lyrics and, except in lists, their analysis.
public struct OnpuSong: Equatable, Sendable {
  public struct Analysis: Equatable, Sendable {
    /// JSON: an array of lines.
    public var lyricsData: String
    /// JSON: an array with one translation or null per line.
    public var translations: String
    /// "complete", "partial", "failed" or "off".
    public var translationState: String

    public init(lyricsData: String, translations: String, translationState: String) {
      self.lyricsData = lyricsData
      self.translations = translations
      self.translationState = translationState
    }
  }

  public var id: String
  public var ownerID: String
  public var jobID: String
  public var title: String
  public var artist: String
  public var lyrics: String
  public var favorite: Bool
  public var createdAt: Date
  public var analysis: Analysis?

  public init(
    id: String, ownerID: String, jobID: String, title: String, artist: String, lyrics: String,
    favorite: Bool = false, createdAt: Date, analysis: Analysis?
  ) {
    self.id = id
    self.ownerID = ownerID
    self.jobID = jobID
    self.title = title
    self.artist = artist
    self.lyrics = lyrics
    self.favorite = favorite
    self.createdAt = createdAt
    self.analysis = analysis
  }
}

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
  func setOnpuSongFavorite(id: String, favorite: Bool) async throws -> Bool
  func deleteOnpuSong(id: String) async throws -> Bool
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

extension OnpuJob {
  /// A job's change as the reference's JobChange (the API's lists and the live event): stage and
  /// error only when present.
  public struct Change: Encodable, Equatable, Sendable {
    public var jobId: String
    public var status: String
    public var updatedAt: Int64
    public var stage: String?
    public var error: String?
    /// Only in the event of a job removed from the list.
    public var removed: Bool?

    public init(_ job: OnpuJob) {
      jobId = job.id
      status = job.status.rawValue
      updatedAt = job.updatedAt
      stage = job.stage?.rawValue
      error = job.error
    }
  }
}
