import Foundation
import Testing

@testable import AuralystCore

/// The severity chart's series: each day's mean and highest, and the 7-day rolling mean, on a
/// 10-day series with gaps, worked out by hand.
@Suite struct DailySeverityTests {
  static let first = CalendarDay("2026-11-01")!.daysSince1970

  /// 1 to 10 November: no entries on the 3rd, 5th, 6th and 9th.
  static let series: [Int: [Double]] = [
    first: [4, 6],  // mean 5, highest 6
    first + 1: [2],
    first + 3: [8, 4, 6],  // mean 6, highest 8
    first + 6: [3],
    first + 7: [7, 9],  // mean 8, highest 9
    first + 9: [1],
  ]

  @Test func eachDayHasItsMeanItsHighestAndTheMeanOfTheWeekToIt() {
    let days = Insights.DailySeverity.series(Self.series)
    #expect(
      days.map(\.day) == [
        "2026-11-01", "2026-11-02", "2026-11-04", "2026-11-07", "2026-11-08", "2026-11-10",
      ])
    #expect(days.map(\.average) == [5, 2, 6, 3, 8, 1])
    #expect(days.map(\.maximum) == [6, 2, 8, 3, 9, 1])
    #expect(days.map(\.entries) == [2, 1, 3, 1, 2, 1])
    // A day without entries counts for nothing: each rolling mean is over the days with
    // entries among that day and the six before it.
    // 1st: 5. 2nd: (5 + 2) / 2. 4th: (5 + 2 + 6) / 3. 7th (1st-7th): (5 + 2 + 6 + 3) / 4.
    // 8th (2nd-8th, the 1st dropped): (2 + 6 + 3 + 8) / 4. 10th (4th-10th): (6 + 3 + 8 + 1) / 4.
    #expect(days.map(\.rollingAverage) == [5, 3.5, 13.0 / 3, 4, 4.75, 4.5])
    // (Counting the empty days as 0 would have made the 10th's 18 / 7, about 2.6.)
    #expect(days.map(\.rollingDays) == [1, 2, 3, 4, 4, 4])
  }

  /// The days before a window count in its first rolling means, and have no row.
  @Test func theWeekBeforeTheWindowCountsInItsFirstRollingMeans() {
    let window = Self.series.filter { $0.key >= Self.first + 3 }
    let before = Self.series.filter { $0.key < Self.first + 3 }
    let days = Insights.DailySeverity.series(window, before: before)
    #expect(days.map(\.day) == ["2026-11-04", "2026-11-07", "2026-11-08", "2026-11-10"])
    #expect(days.map(\.rollingAverage) == [13.0 / 3, 4, 4.75, 4.5])
    let alone = Insights.DailySeverity.series(window)
    // 4th: 6 alone; 7th: (6 + 3) / 2; 8th: (6 + 3 + 8) / 3; 10th: (6 + 3 + 8 + 1) / 4.
    #expect(alone.map(\.rollingAverage) == [6, 4.5, 17.0 / 3, 4.5])
  }

  @Test func noEntriesNoRows() {
    #expect(Insights.DailySeverity.series([:], before: [Self.first: [5]]).isEmpty)
  }
}
