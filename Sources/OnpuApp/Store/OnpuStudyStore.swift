import Foundation
import HearthPlatform

/// The study cards and their review log, on both databases.
public protocol OnpuStudyStore: Sendable {
  /// Adds the cards their owner does not have yet (by kind and key); returns those added.
  func addStudyCards(_ cards: [OnpuStudyCard]) async throws -> [OnpuStudyCard]
  func studyCard(id: String) async throws -> OnpuStudyCard?
  func studyCard(ownerID: String, kind: String, key: String) async throws -> OnpuStudyCard?
  /// All the owner's cards, oldest first.
  func studyCards(ownerID: String) async throws -> [OnpuStudyCard]
  /// Active cards due at `date` and not buried past it, most overdue first.
  func dueStudyCards(ownerID: String, at date: Date, limit: Int) async throws -> [OnpuStudyCard]
  /// Stores the card a review made and logs the review, in one transaction, when the stored
  /// card still has `card.reviews - 1` reviews: of two gradings of one showing only the first
  /// counts (false for the second).
  func recordStudyReview(_ review: OnpuStudyReview, card: OnpuStudyCard) async throws -> Bool
  /// False when the card is gone.
  func setStudyCardStatus(id: String, status: OnpuStudyCard.Status, buriedUntil: Date?)
    async throws -> Bool
  /// The owner's reviews at or after `since`, oldest first.
  func studyReviews(ownerID: String, since: Date) async throws -> [OnpuStudyReview]
}

extension HearthDatabase {
  /// Onpu's study tables, on whichever database the platform opened.
  public var onpuStudyStore: any OnpuStudyStore { OnpuSQLStore(database: self) }
}
