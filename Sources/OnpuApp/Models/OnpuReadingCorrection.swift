import Foundation

/// A learner's reading for a word as written (運命 read さだめ), in one song or in all of the
/// learner's songs.
public struct OnpuReadingCorrection: Equatable, Sendable {
  public var ownerID: String
  /// Nil for a correction of every song of the owner.
  public var songID: String?
  public var surface: String
  /// In hiragana.
  public var reading: String
  public var createdAt: Date

  public init(ownerID: String, songID: String?, surface: String, reading: String, createdAt: Date) {
    self.ownerID = ownerID
    self.songID = songID
    self.surface = surface
    self.reading = reading
    self.createdAt = createdAt
  }
}
