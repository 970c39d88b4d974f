import Foundation

/// A request to turn lyrics into a study text. Its `updatedAt` (milliseconds) is the owner's
/// change clock: every change takes a value above all of the owner's earlier ones, so a client
/// that asks for changes after the largest value it saw misses none.
public struct OnpuJob: Equatable, Sendable {
  public enum Status: String, Codable, Sendable, CaseIterable {
    case queued, running, succeeded, failed

    public var isTerminal: Bool { self == .succeeded || self == .failed }
  }

  public enum Stage: String, Codable, Sendable, CaseIterable {
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

extension OnpuJob {
  /// The job moved to `status`, if it is in one of `from`; nil leaves it as it is. A job queued
  /// again shows up as unread.
  public func moved(
    from: Set<Status>, to status: Status, stage: Stage?, error: String?
  ) -> OnpuJob? {
    guard from.contains(self.status) else { return nil }
    var job = self
    job.status = status
    job.stage = stage
    job.error = error
    if status == .queued { job.acknowledged = false }
    return job
  }

  /// The job done with its song; nil when it has one already.
  public func finished(songID: String) -> OnpuJob? {
    guard self.songID == nil else { return nil }
    var job = self
    job.status = .succeeded
    job.stage = nil
    job.error = nil
    job.songID = songID
    return job
  }
}

extension OnpuJob {
  /// A job's change as the reference's JobChange (the API's lists and the live event): stage and
  /// error only when present.
  public struct Change: Codable, Equatable, Sendable {
    public var jobId: String
    public var status: Status
    public var updatedAt: Int64
    public var stage: Stage?
    public var error: String?
    /// Only in the event of a job removed from the list.
    public var removed: Bool?

    public init(_ job: OnpuJob) {
      jobId = job.id
      status = job.status
      updatedAt = job.updatedAt
      stage = job.stage
      error = job.error
    }
  }
}
