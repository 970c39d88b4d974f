import Foundation
import Testing

@testable import OnpuCore

/// The progress page's numbers, from cards, reviews and songs.
@Suite struct StudyProgressTests {
  let now = Date(timeIntervalSince1970: 1_767_614_400)  // 2026-01-05 12:00 UTC
  func hours(_ count: Double) -> Date { now.addingTimeInterval(count * 3600) }

  @Test func dueCountsUpcomingDaysAndReviewsPerDay() {
    // Given cards due an hour ago, later today, tomorrow and in three days, one suspended
    let cards = [
      StudyProgress.Card(
        key: "a", state: .review, stability: 3, due: hours(-1), isActive: true, isKnown: false),
      .init(
        key: "b", state: .learning, stability: 1, due: hours(2), isActive: true, isKnown: false),
      .init(key: "c", state: .review, stability: 5, due: hours(24), isActive: true, isKnown: false),
      .init(key: "d", state: .review, stability: 9, due: hours(72), isActive: true, isKnown: false),
      .init(
        key: "e", state: .review, stability: 9, due: hours(-5), isActive: false, isKnown: false),
    ]
    // and reviews today (two) and 29 days ago (one), and one 31 days ago
    let reviews = [hours(-1), hours(-2), hours(-29 * 24), hours(-31 * 24)]
    // When the progress is made
    let progress = StudyProgress(cards: cards, reviews: reviews, songs: [], now: now, zone: .gmt)
    // Then
    #expect(progress.dueNow == 1 && progress.total == 5)
    #expect(progress.upcoming.map(\.count) == [1, 1, 0, 1, 0, 0, 0])
    #expect(progress.upcoming.first?.day == "2026-01-05")
    #expect(progress.reviewsPerDay.count == 30)
    #expect(
      progress.reviewsPerDay.last?.count == 2 && progress.reviewsPerDay.last?.day == "2026-01-05")
    #expect(
      progress.reviewsPerDay.first?.count == 1 && progress.reviewsPerDay.first?.day == "2025-12-07")
    #expect(progress.reviewsPerDay.map(\.count).reduce(0, +) == 3)
  }

  @Test func songsKnownBestComeFirst() {
    // Given a song whose two cards are known (one stable, one marked), and one half known
    let cards = [
      StudyProgress.Card(
        key: "word a", state: .review, stability: 30, due: hours(500), isActive: true,
        isKnown: false),
      .init(
        key: "word b", state: .learning, stability: 1, due: hours(1), isActive: false, isKnown: true
      ),
      .init(
        key: "word c", state: .review, stability: 5, due: hours(90), isActive: true, isKnown: false),
    ]
    let songs = [
      StudyProgress.Song(id: "half", title: "Half", keys: ["word a", "word c", "word z"]),
      StudyProgress.Song(id: "all", title: "All", keys: ["word a", "word b"]),
      StudyProgress.Song(id: "none", title: "None", keys: ["word z"]),
    ]
    // When the progress is made
    let progress = StudyProgress(cards: cards, reviews: [], songs: songs, now: now, zone: .gmt)
    // Then songs are ranked by the share of their cards known; a song with no cards is left out
    #expect(progress.songs.map(\.songId) == ["all", "half"])
    #expect(progress.songs.map(\.known) == [2, 1])
    #expect(progress.songs.map(\.cards) == [2, 2])
    #expect(progress.songs.map(\.share) == [1, 0.5])
  }
}
