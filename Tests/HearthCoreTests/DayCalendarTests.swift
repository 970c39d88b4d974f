import Foundation
import HearthCore
import Testing

@Suite struct DayCalendarTests {
  let paris = DayCalendar(identifier: "Europe/Paris")!
  let newYork = DayCalendar(identifier: "America/New_York")!

  func instant(_ iso: String) -> Date { ISO8601DateFormatter().date(from: iso)! }

  @Test func theSameInstantIsADifferentDayElsewhere() {
    let late = instant("2026-03-28T23:30:00Z")
    #expect(paris.day(of: late).description == "2026-03-29")
    #expect(newYork.day(of: late).description == "2026-03-28")
  }

  @Test func springForwardMakesA23HourDay() {
    // Paris moves clocks from 02:00 to 03:00 on 2026-03-29
    let day = LocalDay("2026-03-29")!
    let interval = paris.interval(of: day)
    #expect(interval.upperBound.timeIntervalSince(interval.lowerBound) == 23 * 3600)
    #expect(paris.start(of: day) == instant("2026-03-28T23:00:00Z"))
    #expect(paris.start(of: paris.adding(1, to: day)) == instant("2026-03-29T22:00:00Z"))
    #expect(paris.day(of: instant("2026-03-29T21:59:59Z")) == day)
  }

  @Test func fallBackMakesA25HourDay() {
    // New York moves clocks from 02:00 back to 01:00 on 2026-11-01
    let day = LocalDay("2026-11-01")!
    let interval = newYork.interval(of: day)
    #expect(interval.upperBound.timeIntervalSince(interval.lowerBound) == 25 * 3600)
    #expect(newYork.day(of: instant("2026-11-02T04:59:00Z")) == day)
    #expect(newYork.day(of: instant("2026-11-02T05:00:00Z")) == LocalDay("2026-11-02")!)
    #expect(newYork.weekdayAndHour(of: instant("2026-11-01T06:30:00Z")).hour == 1)
    #expect(newYork.weekdayAndHour(of: instant("2026-11-01T05:30:00Z")).hour == 1)
  }

  @Test func windowsCountCalendarDaysNotHours() {
    let now = instant("2026-11-03T12:00:00Z")
    let week = newYork.window(endingAt: now, days: 7)
    #expect(week.count == 7)
    #expect(week.first == LocalDay("2026-10-28")!)
    #expect(week.last == LocalDay("2026-11-03")!)
    #expect(newYork.days(from: LocalDay("2026-10-31")!, to: LocalDay("2026-11-02")!) == 2)
    #expect(paris.days(from: LocalDay("2026-03-30")!, to: LocalDay("2026-03-28")!) == -2)
  }

  @Test func parsingRejectsNonsense() {
    #expect(LocalDay("2026-13-01") == nil)
    #expect(LocalDay("yesterday") == nil)
    #expect(LocalDay("2026-02-09")?.description == "2026-02-09")
  }
}
