/// What the originator commits to a room: plain orders of magnitude, the same room at every tier.
public enum PaymentTier: Int, CaseIterable, Codable, Sendable {
  case one = 1
  case ten = 10
  case hundred = 100
  case thousand = 1000

  public var cents: Int { rawValue * 100 }

  /// "$1000": no thousands separator, as every participant reads it.
  public var displayString: String { "$\(rawValue)" }

  public init?(dollars: Int) {
    self.init(rawValue: dollars)
  }

  /// The create form's default: the last tier this person used, else $10.
  public static func defaultTier(lastUsed: PaymentTier?) -> PaymentTier {
    lastUsed ?? .ten
  }
}
