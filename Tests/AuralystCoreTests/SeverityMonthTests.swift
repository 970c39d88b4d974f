import Foundation
import Testing

@testable import AuralystCore

@Suite struct SeverityMonthTests {
  static let zone = TimeZone(identifier: "America/New_York")!

  static func entry(_ id: String, _ time: String, _ severity: Int) -> SymptomEntry {
    SymptomEntry(
      id: id, journalID: "j", timestamp: InsightsTests.local(time), severity: severity,
      authorID: "owner")
  }

  @Test func weeksStartOnMondayWithBlanksAroundTheMonth() {
    // November 2026 starts on a Sunday and ends on a Monday.
    let month = SeverityMonth(
      year: 2026, month: 11, entries: [], timeZone: Self.zone, now: InsightsTests.now)
    #expect(month.weeks.count == 6)
    #expect(month.weeks[0].prefix(6).allSatisfy { $0 == nil })
    #expect(month.weeks[0][6]?.date == "2026-11-01" && month.weeks[0][6]?.weekday == 1)
    #expect(month.weeks[5][0]?.date == "2026-11-30" && month.weeks[5][1] == nil)
    #expect(month.weeks.joined().compactMap { $0 }.count == 30)
    #expect(month.previous == "2026-10" && month.next == "2026-12")
    #expect(month.weeks.joined().compactMap { $0 }.filter(\.isToday).map(\.date) == ["2026-11-22"])
  }

  @Test func daysAverageTheirEntriesInTheJournalsZone() {
    let month = SeverityMonth(
      year: 2026, month: 11,
      entries: [
        Self.entry("a", "2026-11-05 08:00", 8), Self.entry("b", "2026-11-05 21:00", 6),
        // 23:30 in New York is the 11th in UTC: it belongs to the 10th here.
        Self.entry("c", "2026-11-10 23:30", 2),
        Self.entry("d", "2026-12-01 00:30", 9),  // next month
      ], timeZone: Self.zone, now: InsightsTests.now)
    let days = Dictionary(
      uniqueKeysWithValues: month.weeks.joined().compactMap { $0 }.map { ($0.date, $0) })
    #expect(days["2026-11-05"]?.average == 7 && days["2026-11-05"]?.entries == 2)
    #expect(days["2026-11-05"]?.level == 3)
    #expect(days["2026-11-10"]?.average == 2 && days["2026-11-10"]?.level == 1)
    #expect(days["2026-11-11"]?.level == nil && days["2026-11-30"]?.entries == 0)
  }

  @Test func levelsBucketTheAverage() {
    #expect(
      [0, 0.4, 0.5, 3.4, 3.5, 6.5, 8.4, 8.5, 10].map(SeverityMonth.level) == [
        0, 0, 1, 1, 2, 3, 3, 4, 4,
      ])
    #expect(
      SeverityMonth.parse("2026-02")?.year == 2026 && SeverityMonth.parse("2026-02")?.month == 2)
    #expect(SeverityMonth.parse("2026-13") == nil && SeverityMonth.parse("x") == nil)
    #expect(
      SeverityMonth(year: 2026, month: 1, entries: [], timeZone: Self.zone, now: .now).previous
        == "2025-12")
  }
}
