/// Tokyo-style pitch of a word from its accent nucleus: the mora after which pitch falls
/// (0 for none). The first mora is low unless the nucleus is on it; the pitch then stays high
/// up to the nucleus and low after it. The particle that follows is high only after a heiban
/// (flat) word.
public struct PitchAccent: Hashable, Sendable {
  public enum Kind: String, Hashable, Sendable, Codable {
    /// Flat: low then high, and the particle stays high.
    case heiban
    /// The fall comes after the first mora.
    case atamadaka
    /// The fall comes inside the word.
    case nakadaka
    /// High to the end; the fall lands on the particle.
    case odaka
  }

  public let morae: Int
  public let nucleus: Int

  /// Nil when the nucleus is not on one of the word's morae.
  public init?(morae: Int, nucleus: Int) {
    guard morae > 0, (0...morae).contains(nucleus) else { return nil }
    self.morae = morae
    self.nucleus = nucleus
  }

  public var kind: Kind {
    switch nucleus {
    case 0: .heiban
    case 1: .atamadaka
    case morae: .odaka
    default: .nakadaka
    }
  }

  /// High (true) or low for each mora of the word.
  public var pitches: [Bool] { (1...morae).map(isHigh(at:)) }

  /// Whether the mora at `position` (from 1) is high; false past the word's last mora.
  public func isHigh(at position: Int) -> Bool {
    guard position <= morae else { return false }
    switch nucleus {
    case 0: return position > 1
    case 1: return position == 1
    default: return position > 1 && position <= nucleus
    }
  }

  /// The pitch of a particle after the word.
  public var particleIsHigh: Bool { nucleus == 0 }
}
