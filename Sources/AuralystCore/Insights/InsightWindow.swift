/// How far back insights look: the last 7, 30 or 90 days in the owner's zone, today included.
public enum InsightWindow: String, CaseIterable, Codable, Sendable {
  case week = "7d"
  case month = "30d"
  case quarter = "90d"

  public var days: Int {
    switch self {
    case .week: 7
    case .month: 30
    case .quarter: 90
    }
  }
}
