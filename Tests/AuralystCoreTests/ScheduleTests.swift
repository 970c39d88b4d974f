import Foundation
import Testing

@testable import AuralystCore

@Suite struct ScheduleTests {
  /// Day numbers and weekdays checked against Python's datetime.
  @Test(arguments: [
    ("2026-11-22", 20779, 1), ("2024-02-29", 19782, 5), ("1970-01-01", 0, 5),
    ("2000-03-01", 11017, 4),
  ])
  func daysAreCountedOnTheGregorianCalendar(text: String, days: Int, weekday: Int) throws {
    let day = try #require(CalendarDay(text))
    #expect(day.daysSince1970 == days)
    #expect(day.weekday == weekday)
  }

  @Test func weekdaySchedulesAreDueOnTheirDays() throws {
    let weekdays = MedicationSchedule(id: "s", hour: 8, minute: 0, cadence: .weekdays([2, 4, 6]))
    let monday = try #require(CalendarDay("2026-11-23"))
    let tuesday = try #require(CalendarDay("2026-11-24"))
    #expect(weekdays.isDue(on: monday) && !weekdays.isDue(on: tuesday))
    var paused = weekdays
    paused.isActive = false
    #expect(!paused.isDue(on: monday))
  }

  /// A dose logged without its day counts for the nearest dose: in Tokyo (UTC+9), 2026-11-23
  /// is a Monday.
  @Test func aLoggedDoseBelongsToTheNearestDueDay() throws {
    let tokyo = try #require(TimeZone(identifier: "Asia/Tokyo"))
    func at(_ utc: String) -> Date { ISO8601DateFormatter().date(from: utc)! }
    let clock = ZoneClock(
      timeZone: tokyo, span: at("2026-11-20T00:00:00Z")...at("2026-11-30T00:00:00Z"))
    let daily = MedicationSchedule(
      id: "d", hour: 0, minute: 10, cadence: .weekdays(Set(1...7)))
    // 23:50 local on Monday: Tuesday's 00:10 dose is 20 minutes away, Monday's almost a day
    #expect(
      daily.nearestDueDay(to: at("2026-11-23T14:50:00Z"), in: clock)?.description == "2026-11-24")
    // 06:00 local on Monday: Monday's 00:10 dose
    #expect(
      daily.nearestDueDay(to: at("2026-11-22T21:00:00Z"), in: clock)?.description == "2026-11-23")
    let mondays = MedicationSchedule(id: "m", hour: 20, minute: 0, cadence: .weekdays([2]))
    // Tuesday 01:00 local: Monday's 20:00 dose, five hours before
    #expect(
      mondays.nearestDueDay(to: at("2026-11-23T16:00:00Z"), in: clock)?.description
        == "2026-11-23")
    // Thursday: no Monday dose within a day either side
    #expect(mondays.nearestDueDay(to: at("2026-11-26T03:00:00Z"), in: clock) == nil)
  }

  @Test func intervalSchedulesCountFromTheirFirstDay() throws {
    let everyThird = MedicationSchedule(
      id: "s", hour: 21, minute: 0, cadence: .everyDays(3, start: "2026-11-28"))
    let due = ["2026-11-28", "2026-12-01", "2026-12-04"]
    let notDue = ["2026-11-25", "2026-11-29", "2026-11-30", "2026-12-02"]
    for text in due { #expect(everyThird.isDue(on: try #require(CalendarDay(text))), "\(text)") }
    for text in notDue {
      #expect(!everyThird.isDue(on: try #require(CalendarDay(text))), "\(text)")
    }
  }
}
