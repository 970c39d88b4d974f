import Foundation

// MARK: - FSRS-6's memory formulas
extension FSRSScheduler {
  private func w(_ index: Int) -> Double { parameters[index] }

  func initialStability(_ grade: FSRSGrade) -> Double {
    max(w(grade.rawValue - 1), Self.minimumStability)
  }

  func initialDifficulty(_ grade: FSRSGrade) -> Double {
    w(4) - exp(w(5) * Double(grade.rawValue - 1)) + 1
  }

  func clampDifficulty(_ difficulty: Double) -> Double { min(max(difficulty, 1), 10) }

  /// Difficulty moves by the grade, less the nearer it is to 10, and reverts a little towards
  /// the difficulty of an easy first grade.
  func nextDifficulty(_ difficulty: Double, grade: FSRSGrade) -> Double {
    let delta = -w(6) * Double(grade.rawValue - 3)
    let damped = difficulty + (10 - difficulty) * delta / 9
    return clampDifficulty(w(7) * initialDifficulty(.easy) + (1 - w(7)) * damped)
  }

  /// A review on the same day as the last one: only a lapse lowers stability.
  func shortTermStability(_ stability: Double, grade: FSRSGrade) -> Double {
    var increase = exp(w(17) * (Double(grade.rawValue) - 3 + w(18))) * pow(stability, -w(19))
    if grade != .again { increase = max(increase, 1) }
    return max(stability * increase, Self.minimumStability)
  }

  func recallStability(
    _ difficulty: Double, _ stability: Double, _ recall: Double, grade: FSRSGrade
  ) -> Double {
    let hardPenalty = grade == .hard ? w(15) : 1
    let easyBonus = grade == .easy ? w(16) : 1
    return stability
      * (1 + exp(w(8)) * (11 - difficulty) * pow(stability, -w(9))
        * (exp((1 - recall) * w(10)) - 1) * hardPenalty * easyBonus)
  }

  func forgetStability(_ difficulty: Double, _ stability: Double, _ recall: Double) -> Double {
    let longTerm =
      w(11) * pow(difficulty, -w(12)) * (pow(stability + 1, w(13)) - 1) * exp((1 - recall) * w(14))
    let shortTerm = stability / exp(w(17) * w(18))
    return min(longTerm, shortTerm)
  }

  /// Spreads an interval of three days or more (2.5 rounded) over a window that widens with it,
  /// so cards learned together do not all fall due on the same day. `draw` is in 0..<1.
  func fuzzed(_ interval: TimeInterval, by draw: Double) -> TimeInterval {
    let days = Self.wholeDays(
      from: Date(timeIntervalSince1970: 0), to: Date(timeIntervalSince1970: interval))
    guard Double(days) >= 2.5 else { return interval }
    var delta = 1.0
    for (start, end, share) in [(2.5, 7.0, 0.15), (7, 20, 0.1), (20, .infinity, 0.05)] {
      delta += share * max(min(Double(days), end) - start, 0)
    }
    var low = Int((Double(days) - delta).rounded(.toNearestOrEven))
    var high = Int((Double(days) + delta).rounded(.toNearestOrEven))
    low = max(2, low)
    high = min(high, maximumInterval)
    low = min(low, high)
    let picked = (draw * Double(high - low + 1) + Double(low)).rounded(.toNearestOrEven)
    return min(picked, Double(maximumInterval)) * Self.day
  }
}
