import Foundation

/// A calendar day in someone's own time zone, the unit of every day-based rule in the apps.
public struct LocalDay: Hashable, Comparable, Sendable, CustomStringConvertible {
  public var year: Int
  public var month: Int
  public var day: Int

  public init(year: Int, month: Int, day: Int) {
    self.year = year
    self.month = month
    self.day = day
  }

  /// Parses `YYYY-MM-DD`.
  public init?(_ text: String) {
    let parts = text.split(separator: "-").map { Int($0) }
    guard parts.count == 3, let year = parts[0], let month = parts[1], let day = parts[2],
      (1...12).contains(month), (1...31).contains(day)
    else { return nil }
    self.init(year: year, month: month, day: day)
  }

  public static func < (lhs: LocalDay, rhs: LocalDay) -> Bool {
    (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
  }

  public var description: String {
    String(format: "%04d-%02d-%02d", year, month, day)
  }
}

/// Day arithmetic in one IANA time zone; days are 23, 24 or 25 hours long across DST changes.
public struct DayCalendar: Sendable {
  public let timeZone: TimeZone
  let calendar: Calendar

  public init(timeZone: TimeZone) {
    self.timeZone = timeZone
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = timeZone
    self.calendar = calendar
  }

  public init?(identifier: String) {
    guard let zone = TimeZone(identifier: identifier) else { return nil }
    self.init(timeZone: zone)
  }

  public func day(of date: Date) -> LocalDay {
    let parts = calendar.dateComponents([.year, .month, .day], from: date)
    return LocalDay(year: parts.year!, month: parts.month!, day: parts.day!)
  }

  /// The first instant of `day` in this zone: its midnight, by `WallClock`'s rule (a skipped
  /// midnight moves forward by the gap, to the day's first instant).
  public func start(of day: LocalDay) -> Date {
    WallClock(timeZone: timeZone).instant(of: day, hour: 0, minute: 0)
  }

  /// The instants of `day`: from its start up to the next day's start.
  public func interval(of day: LocalDay) -> Range<Date> {
    start(of: day)..<start(of: adding(1, to: day))
  }

  public func adding(_ days: Int, to day: LocalDay) -> LocalDay {
    let noon = calendar.date(
      from: DateComponents(year: day.year, month: day.month, day: day.day, hour: 12))!
    return self.day(of: calendar.date(byAdding: .day, value: days, to: noon)!)
  }

  /// Whole days from `from` to `to` (negative when `to` comes first).
  public func days(from: LocalDay, to: LocalDay) -> Int {
    let start = calendar.date(
      from: DateComponents(year: from.year, month: from.month, day: from.day, hour: 12))!
    let end = calendar.date(
      from: DateComponents(year: to.year, month: to.month, day: to.day, hour: 12))!
    return calendar.dateComponents([.day], from: start, to: end).day!
  }

  /// The days of a rolling window of `count` days ending with the day of `now`.
  public func window(endingAt now: Date, days count: Int) -> [LocalDay] {
    let today = day(of: now)
    return (0..<count).reversed().map { adding(-$0, to: today) }
  }

  /// 1 = Sunday ... 7 = Saturday, and the hour 0-23, both local.
  public func weekdayAndHour(of date: Date) -> (weekday: Int, hour: Int) {
    let parts = calendar.dateComponents([.weekday, .hour], from: date)
    return (parts.weekday!, parts.hour!)
  }
}
