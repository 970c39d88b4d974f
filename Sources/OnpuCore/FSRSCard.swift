import Foundation

/// How well a learner remembered a card, FSRS's four grades.
public enum FSRSGrade: Int, Hashable, Codable, Sendable, CaseIterable {
  case again = 1
  case hard = 2
  case good = 3
  case easy = 4

  public var name: String {
    switch self {
    case .again: "again"
    case .hard: "hard"
    case .good: "good"
    case .easy: "easy"
    }
  }

  public init?(name: String) {
    guard let grade = Self.allCases.first(where: { $0.name == name }) else { return nil }
    self = grade
  }
}

/// Where a card is in FSRS: still on its first short steps, on day-long intervals, or back on
/// short steps after a lapse.
public enum FSRSState: Int, Hashable, Codable, Sendable, CaseIterable {
  case learning = 1
  case review = 2
  case relearning = 3

  public var name: String {
    switch self {
    case .learning: "learning"
    case .review: "review"
    case .relearning: "relearning"
    }
  }

  public init?(name: String) {
    guard let state = Self.allCases.first(where: { $0.name == name }) else { return nil }
    self = state
  }
}

/// A card's memory as FSRS models it. A new card has neither stability nor difficulty.
public struct FSRSCard: Hashable, Codable, Sendable {
  public var state: FSRSState
  /// The learning or relearning step the card is on; nil in review.
  public var step: Int?
  /// Days until recall falls to 90%.
  public var stability: Double?
  /// 1 (easy) to 10 (hard).
  public var difficulty: Double?
  public var due: Date
  public var lastReview: Date?

  public init(
    state: FSRSState = .learning, step: Int? = 0, stability: Double? = nil,
    difficulty: Double? = nil, due: Date, lastReview: Date? = nil
  ) {
    self.state = state
    self.step = step
    self.stability = stability
    self.difficulty = difficulty
    self.due = due
    self.lastReview = lastReview
  }

  /// A card never reviewed, due at once.
  public static func new(at date: Date) -> FSRSCard { FSRSCard(due: date) }
}
