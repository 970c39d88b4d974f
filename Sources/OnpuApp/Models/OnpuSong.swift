import Foundation

/// A song in someone's library: the lyrics and, except in lists, their analysis.
public struct OnpuSong: Equatable, Sendable {
  public struct Analysis: Equatable, Sendable {
    /// JSON: an array of lines.
    public var lyricsData: String
    /// JSON: an array with one translation or null per line.
    public var translations: String
    /// "complete", "partial", "failed" or "off"; "translating" while it is done again.
    public var translationState: String
    /// Why the translator gave nothing, in words for the learner.
    public var translationError: String?

    public init(
      lyricsData: String, translations: String, translationState: String,
      translationError: String? = nil
    ) {
      self.lyricsData = lyricsData
      self.translations = translations
      self.translationState = translationState
      self.translationError = translationError
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
