/// How far back insights look: the last 7, 30 or 90 days in the owner's zone, today included,
/// or the whole journal from its first record.
public enum InsightWindow: String, CaseIterable, Codable, Sendable {
  case week = "7d"
  case month = "30d"
  case quarter = "90d"
  case all

  /// Nil for the whole journal.
  public var days: Int? {
    switch self {
    case .week: 7
    case .month: 30
    case .quarter: 90
    case .all: nil
    }
  }

  /// How cues name the window: "this week", "the last 30d", "this journal".
  var phrase: String {
    switch self {
    case .week: "this week"
    case .month, .quarter: "the last \(rawValue)"
    case .all: "this journal"
    }
  }
}
