import Foundation
import HearthCore

extension CalendarDay {
  /// Days since 1970-01-01 (negative before), on the proleptic Gregorian calendar.
  public var daysSince1970: Int { LocalDay(year: year, month: month, day: day).daysSince1970 }

  /// 1 = Sunday ... 7 = Saturday, as schedules count weekdays.
  public var weekday: Int { Self.weekday(daysSince1970: daysSince1970) }

  static func weekday(daysSince1970 days: Int) -> Int {
    // 1970-01-01 was a Thursday (5).
    ((days % 7 + 7 + 4) % 7) + 1
  }
}

extension MedicationSchedule {
  /// Whether an active schedule has a dose on `day`.
  public func isDue(on day: CalendarDay) -> Bool {
    guard isActive else { return false }
    if let first = startDay.flatMap(CalendarDay.init), day < first { return false }
    switch cadence {
    case .weekdays(let days):
      return days.contains(day.weekday)
    case .everyDays(let interval, let start):
      guard let first = CalendarDay(start), interval > 0 else { return false }
      let offset = day.daysSince1970 - first.daysSince1970
      return offset >= 0 && offset % interval == 0
    }
  }

  /// The day whose dose of this schedule lies nearest `moment` in `clock`'s zone: the day
  /// before, of or after it; nil when none of them has a dose.
  public func nearestDueDay(to moment: Date, in clock: ZoneClock) -> CalendarDay? {
    let (today, now) = clock.local(moment)
    let dose = hour * 60 + minute
    return (today - 1...today + 1)
      .filter { isDue(on: CalendarDay(daysSince1970: $0)) }
      .min { abs(($0 - today) * 1440 + dose - now) < abs(($1 - today) * 1440 + dose - now) }
      .map(CalendarDay.init(daysSince1970:))
  }
}

extension Medication {
  /// The first day its doses are due (days since 1970 in `clock`'s zone): its start day, else
  /// the day it was added; nil when neither is known (it counts from the journal's first day).
  public func firstDay(in clock: ZoneClock) -> Int? {
    startDay.flatMap(CalendarDay.init)?.daysSince1970 ?? createdAt.map { clock.local($0).day }
  }
}
