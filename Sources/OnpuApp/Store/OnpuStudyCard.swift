import Foundation
import OnpuCore

/// A learner's study card: what it shows (`note`, JSON of OnpuCore's StudyNote), where FSRS has
/// it, and whether the learner set it aside.
public struct OnpuStudyCard: Equatable, Sendable {
  public enum Status: String, Codable, Sendable, CaseIterable {
    case active
    case suspended
    /// "I know this word": never shown again.
    case known
  }

  public var id: String
  public var ownerID: String
  public var kind: StudyCardDraft.Kind
  public var key: String
  public var songID: String?
  public var note: String
  public var memory: FSRSCard
  public var status: Status
  /// Buried cards wait until then (the start of the learner's next day).
  public var buriedUntil: Date?
  /// How many reviews the card has had.
  public var reviews: Int
  public var createdAt: Date

  public init(
    id: String, ownerID: String, kind: StudyCardDraft.Kind, key: String, songID: String?,
    note: String, memory: FSRSCard, status: Status = .active, buriedUntil: Date? = nil,
    reviews: Int = 0, createdAt: Date
  ) {
    self.id = id
    self.ownerID = ownerID
    self.kind = kind
    self.key = key
    self.songID = songID
    self.note = note
    self.memory = memory
    self.status = status
    self.buriedUntil = buriedUntil
    self.reviews = reviews
    self.createdAt = createdAt
  }

  /// Shown in today's reviews at `date`.
  public func isDue(at date: Date) -> Bool {
    status == .active && memory.due <= date && (buriedUntil.map { $0 <= date } ?? true)
  }
}

/// One grading, as the review log keeps it.
public struct OnpuStudyReview: Equatable, Sendable {
  public var id: String
  public var cardID: String
  public var ownerID: String
  public var grade: FSRSGrade
  public var reviewedAt: Date
  public var stateBefore: FSRSState
  /// The card after it.
  public var state: FSRSState
  public var stability: Double
  public var difficulty: Double
  public var due: Date

  public init(
    id: String, cardID: String, ownerID: String, grade: FSRSGrade, reviewedAt: Date,
    stateBefore: FSRSState, after card: FSRSCard
  ) {
    self.id = id
    self.cardID = cardID
    self.ownerID = ownerID
    self.grade = grade
    self.reviewedAt = reviewedAt
    self.stateBefore = stateBefore
    state = card.state
    stability = card.stability ?? 0
    difficulty = card.difficulty ?? 0
    due = card.due
  }
}
