import Foundation

/// FSRS-6 spaced repetition, as the `fsrs` package (6.3.2) schedules: the learner's grade moves
/// the card's stability and difficulty, and the next interval is the time until recall is
/// expected to fall to the desired retention. Pure: the review time and any fuzz come in.
public struct FSRSScheduler: Hashable, Sendable {
  public static let defaultParameters: [Double] = [
    0.212, 1.2931, 2.3065, 8.2956, 6.4133, 0.8334, 3.0194, 0.001, 1.8722, 0.1666, 0.796, 1.4835,
    0.0614, 0.2629, 1.6483, 0.6014, 1.8729, 0.5425, 0.0912, 0.0658, 0.1542,
  ]
  static let minimumStability = 0.001
  static let day: TimeInterval = 86_400

  public var parameters: [Double]
  public var desiredRetention: Double
  public var learningSteps: [TimeInterval]
  public var relearningSteps: [TimeInterval]
  /// In days.
  public var maximumInterval: Int

  public init(
    parameters: [Double] = Self.defaultParameters, desiredRetention: Double = 0.9,
    learningSteps: [TimeInterval] = [60, 600], relearningSteps: [TimeInterval] = [600],
    maximumInterval: Int = 36_500
  ) {
    precondition(parameters.count == 21, "FSRS-6 has 21 parameters")
    self.parameters = parameters
    self.desiredRetention = desiredRetention
    self.learningSteps = learningSteps
    self.relearningSteps = relearningSteps
    self.maximumInterval = maximumInterval
  }

  var decay: Double { -parameters[20] }
  var factor: Double { pow(0.9, 1 / decay) - 1 }

  /// The card after a review at `date`. `fuzz`, a number in 0..<1, spreads a review interval
  /// of three days or more over a few days around it; nil schedules it exactly.
  public func review(_ card: FSRSCard, grade: FSRSGrade, at date: Date, fuzz: Double? = nil)
    -> FSRSCard
  {
    var next = card
    let days = card.lastReview.map { Self.wholeDays(from: $0, to: date) }
    remember(&next, card: card, grade: grade, days: days, at: date)
    let steps =
      card.state == .review ? [] : (card.state == .learning ? learningSteps : relearningSteps)
    var interval: TimeInterval
    switch card.state {
    case .review:
      if grade == .again, !relearningSteps.isEmpty {
        next.state = .relearning
        next.step = 0
        interval = relearningSteps[0]
      } else {
        interval = reviewInterval(next.stability!)
      }
    case .learning, .relearning:
      let step = card.step ?? 0
      if steps.isEmpty || (step >= steps.count && grade != .again) {
        interval = graduate(&next)
      } else {
        switch grade {
        case .again:
          next.step = 0
          interval = steps[0]
        case .hard:
          interval =
            step == 0
            ? (steps.count == 1 ? steps[0] * 1.5 : (steps[0] + steps[1]) / 2) : steps[step]
        case .good where step + 1 == steps.count, .easy:
          interval = graduate(&next)
        case .good:
          next.step = step + 1
          interval = steps[step + 1]
        }
      }
    }
    if next.state == .review, let fuzz { interval = fuzzed(interval, by: fuzz) }
    next.due = date.addingTimeInterval(interval)
    next.lastReview = date
    return next
  }

  /// The chance of recalling the card at `date`, 0 for a card never reviewed.
  public func retrievability(of card: FSRSCard, at date: Date) -> Double {
    guard let last = card.lastReview, let stability = card.stability else { return 0 }
    let days = max(0, Self.wholeDays(from: last, to: date))
    return pow(1 + factor * Double(days) / stability, decay)
  }

  /// Whole days elapsed, rounded down (as Python's `timedelta.days`).
  static func wholeDays(from start: Date, to end: Date) -> Int {
    Int((end.timeIntervalSince(start) / day).rounded(.down))
  }

  private func graduate(_ card: inout FSRSCard) -> TimeInterval {
    card.state = .review
    card.step = nil
    return reviewInterval(card.stability!)
  }

  private func reviewInterval(_ stability: Double) -> TimeInterval {
    TimeInterval(intervalDays(stability: stability)) * Self.day
  }

  /// The days until recall falls to the desired retention, at least one.
  public func intervalDays(stability: Double) -> Int {
    let days = stability / factor * (pow(desiredRetention, 1 / decay) - 1)
    return min(max(Int(days.rounded(.toNearestOrEven)), 1), maximumInterval)
  }

  private func remember(
    _ next: inout FSRSCard, card: FSRSCard, grade: FSRSGrade, days: Int?, at date: Date
  ) {
    guard let stability = card.stability, let difficulty = card.difficulty else {
      next.stability = initialStability(grade)
      next.difficulty = clampDifficulty(initialDifficulty(grade))
      return
    }
    if let days, days < 1 {
      next.stability = shortTermStability(stability, grade: grade)
    } else {
      let recall = retrievability(of: card, at: date)
      next.stability = max(
        grade == .again
          ? forgetStability(difficulty, stability, recall)
          : recallStability(difficulty, stability, recall, grade: grade),
        Self.minimumStability)
    }
    next.difficulty = nextDifficulty(difficulty, grade: grade)
  }
}
