import Foundation
import Testing

@testable import OnpuCore

/// The scheduler's rules one at a time, beside the oracle's histories.
@Suite struct FSRSSchedulerTests {
  let start = Date(timeIntervalSince1970: 1_234_567_890)
  let scheduler = FSRSScheduler()

  @Test func aNewCardGoesThroughTheLearningSteps() {
    // Given a new card
    let card = FSRSCard.new(at: start)
    // When it is graded good, then good again ten minutes later
    let first = scheduler.review(card, grade: .good, at: start)
    let second = scheduler.review(first, grade: .good, at: first.due)
    // Then it waits one step, then graduates to review a whole number of days later
    #expect(first.state == .learning && first.step == 1)
    #expect(first.due == start.addingTimeInterval(600))
    #expect(second.state == .review && second.step == nil)
    let days = second.due.timeIntervalSince(first.due) / 86_400
    #expect(days >= 1 && days == days.rounded())
  }

  @Test func aLapseInReviewGoesToRelearning() {
    // Given a card in review
    let learned = scheduler.review(FSRSCard.new(at: start), grade: .easy, at: start)
    #expect(learned.state == .review)
    // When it is forgotten on its due date
    let lapsed = scheduler.review(learned, grade: .again, at: learned.due)
    // Then it relearns from the first relearning step with lower stability
    #expect(lapsed.state == .relearning && lapsed.step == 0)
    #expect(lapsed.due == learned.due.addingTimeInterval(600))
    #expect(lapsed.stability! < learned.stability!)
  }

  @Test(arguments: [0.0, 0.25, 0.5, 0.75, 0.999])
  func fuzzKeepsAnIntervalInItsWindow(draw: Double) {
    // Given a card whose next interval is long enough to fuzz
    var card = scheduler.review(FSRSCard.new(at: start), grade: .easy, at: start)
    card = scheduler.review(card, grade: .easy, at: card.due)
    let exact = scheduler.review(card, grade: .good, at: card.due)
    // When the same review is fuzzed by a draw
    let fuzzed = scheduler.review(card, grade: .good, at: card.due, fuzz: draw)
    // Then its interval stays within the window around the exact one, in whole days
    let exactDays = exact.due.timeIntervalSince(card.due) / 86_400
    let fuzzedDays = fuzzed.due.timeIntervalSince(card.due) / 86_400
    #expect(exactDays > 7)
    #expect(fuzzedDays == fuzzedDays.rounded())
    let spread =
      1 + 0.15 * min(max(exactDays - 2.5, 0), 4.5) + 0.1 * min(max(exactDays - 7, 0), 13)
      + 0.05 * max(exactDays - 20, 0)
    #expect(abs(fuzzedDays - exactDays) <= spread + 1)
    #expect(fuzzed.stability == exact.stability)
  }

  @Test func shortIntervalsAreNeverFuzzed() {
    // Given a card in learning
    let card = FSRSCard.new(at: start)
    // When it is fuzzed with any draw
    let fuzzed = scheduler.review(card, grade: .good, at: start, fuzz: 0.9)
    // Then its step is the exact learning step
    #expect(fuzzed.due == start.addingTimeInterval(600))
  }

  @Test func retrievabilityFallsFromNinetyPercentAtStability() throws {
    // Given a card in review with some stability
    let card = scheduler.review(FSRSCard.new(at: start), grade: .easy, at: start)
    let stability = try #require(card.stability)
    // When its recall is asked for after exactly that many days
    let recall = scheduler.retrievability(
      of: card, at: start.addingTimeInterval(stability.rounded(.down) * 86_400))
    // Then it is about 0.9 (exactly at the stability, a fraction of a day past it here)
    #expect(recall >= 0.9 && recall < 0.91)
    #expect(scheduler.retrievability(of: FSRSCard.new(at: start), at: start) == 0)
  }
}
