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
