import Foundation
import Testing

@testable import OnpuCore

/// Onpu's FSRS scheduler replays the review histories PyPI's fsrs 6.3.2 scheduled
/// (Tests/Fixtures/onpu-fsrs, written by scripts/onpu-fsrs-oracle) and must reach the same
/// state, step and due date, to the second, after every review.
@Suite struct FSRSOracleTests {
  struct Fixture: Decodable {
    struct Setting: Decodable {
      var name: String
      var parameters: [Double]
      var desiredRetention: Double
      var learningSteps: [Double]
      var relearningSteps: [Double]
      var maximumInterval: Int
      var fuzzed: Bool
    }
    struct History: Decodable {
      var created: Int
      var reviews: [Review]
    }
    struct Review: Decodable {
      var at: Int
      var grade: Int
      var state: Int
      var step: Int?
      var stability: Double
      var difficulty: Double
      var due: Int
      var fuzz: Double?
    }
    var generator: String
    var scheduler: Setting
    var cards: [History]
  }

  static let settings = ["default", "no-steps", "long-steps", "fuzzed"]

  static func fixture(_ name: String) throws -> Fixture {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../Fixtures/onpu-fsrs/\(name).json").standardized
    return try JSONDecoder().decode(Fixture.self, from: Data(contentsOf: url))
  }

  @Test(arguments: settings) func replaysTheOraclesHistories(setting: String) throws {
    // Given the oracle's scheduler setting and its recorded histories
    let fixture = try Self.fixture(setting)
    let given = fixture.scheduler
    #expect(fixture.generator == "fsrs 6.3.2")
    let scheduler = FSRSScheduler(
      parameters: given.parameters, desiredRetention: given.desiredRetention,
      learningSteps: given.learningSteps, relearningSteps: given.relearningSteps,
      maximumInterval: given.maximumInterval)
    var reviews = 0
    for (number, history) in fixture.cards.enumerated() {
      var card = FSRSCard.new(at: Date(timeIntervalSince1970: TimeInterval(history.created)))
      for (index, review) in history.reviews.enumerated() {
        // When each grade is given at its recorded time (with the oracle's fuzz draw)
        card = scheduler.review(
          card, grade: try #require(FSRSGrade(rawValue: review.grade)),
          at: Date(timeIntervalSince1970: TimeInterval(review.at)),
          fuzz: given.fuzzed ? try #require(review.fuzz) : nil)
        reviews += 1
        // Then the card is where fsrs put it
        let place = "\(setting) card \(number) review \(index)"
        #expect(card.state.rawValue == review.state, "\(place): state")
        #expect(card.step == review.step, "\(place): step")
        #expect(Int(card.due.timeIntervalSince1970) == review.due, "\(place): due")
        #expect(
          abs(card.stability! - review.stability) <= 1e-9 * max(1, review.stability),
          "\(place): stability \(card.stability!) vs \(review.stability)")
        #expect(abs(card.difficulty! - review.difficulty) <= 1e-9, "\(place): difficulty")
      }
    }
    #expect(reviews > 300)
  }

  @Test func theFixturesCoverEveryStateGradeAndALongOverdueReview() throws {
    // Given every fixture's reviews
    var states = Set<Int>()
    var grades = Set<Int>()
    var longOverdue = 0
    var early = 0
    for setting in Self.settings {
      for history in try Self.fixture(setting).cards {
        var due = history.created
        for review in history.reviews {
          // Then together they reach every state and grade, late and early reviews
          states.insert(review.state)
          grades.insert(review.grade)
          if review.at - due > 30 * 86_400 { longOverdue += 1 }
          if review.at < due { early += 1 }
          due = review.due
        }
      }
    }
    #expect(states == [1, 2, 3])
    #expect(grades == [1, 2, 3, 4])
    #expect(longOverdue > 10)
    #expect(early > 10)
  }
}
