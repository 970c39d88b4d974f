import Foundation

/// When a reminder fires: a local wall time in one IANA zone, on the days its cadence picks.
///
/// A wall time the clocks skip or repeat is resolved by `WallClock`: a skipped one fires moved
/// forward by the gap (02:30 becomes 03:30 new time), a repeated one once, at its first instant.
public struct RecurrenceRule: Equatable, Hashable, Sendable {
  public enum Cadence: Equatable, Hashable, Sendable {
    case daily
    /// The weekdays as `Calendar` numbers them: 1 = Sunday ... 7 = Saturday.
    case weekdays(Set<Int>)
    /// Every `n` days, counted from `start` (the first day that fires).
    case everyDays(Int, start: LocalDay)
  }

  /// One firing: the local day it belongs to and the instant it happens.
  public struct Occurrence: Equatable, Hashable, Sendable {
    public var day: LocalDay
    public var instant: Date

    public init(day: LocalDay, instant: Date) {
      self.day = day
      self.instant = instant
    }
  }

  public var zone: String
  public var hour: Int
  public var minute: Int
  public var cadence: Cadence
  /// The first and last days that may fire, both included.
  public var startDay: LocalDay?
  public var endDay: LocalDay?

  public init(
    zone: String, hour: Int, minute: Int, cadence: Cadence = .daily, startDay: LocalDay? = nil,
    endDay: LocalDay? = nil
  ) {
    self.zone = zone
    self.hour = hour
    self.minute = minute
    self.cadence = cadence
    self.startDay = startDay
    self.endDay = endDay
  }

  /// The first occurrence strictly after `date`; nil when the rule has ended, can never fire
  /// (no weekdays, a bad zone, time or interval), or its zone is unknown.
  public func nextOccurrence(after date: Date) -> Occurrence? {
    guard (0..<24).contains(hour), (0..<60).contains(minute),
      let local = DayCalendar(identifier: zone)
    else { return nil }
    // The day before: a late wall time shifted by a gap at midnight can fall on the next day.
    var day = Self.days.adding(-1, to: local.day(of: date))
    if let startDay, startDay > day { day = startDay }
    for _ in 0..<16 {
      guard let candidate = firingDay(onOrAfter: day) else { return nil }
      if let endDay, candidate > endDay { return nil }
      let instant = Self.instant(of: candidate, hour: hour, minute: minute, in: local.timeZone)
      if instant > date { return Occurrence(day: candidate, instant: instant) }
      day = Self.days.adding(1, to: candidate)
    }
    return nil
  }

  /// The first day from `day` on that the cadence picks.
  private func firingDay(onOrAfter day: LocalDay) -> LocalDay? {
    switch cadence {
    case .daily:
      return day
    case .weekdays(let weekdays):
      guard !weekdays.isEmpty, weekdays.allSatisfy((1...7).contains) else { return nil }
      let weekday = Self.days.weekdayAndHour(of: Self.days.start(of: day)).weekday
      let ahead = (0..<7).first { weekdays.contains((weekday - 1 + $0) % 7 + 1) } ?? 0
      return Self.days.adding(ahead, to: day)
    case .everyDays(let interval, let start):
      guard interval > 0 else { return nil }
      guard day > start else { return start }
      let remainder = Self.days.days(from: start, to: day) % interval
      return Self.days.adding(remainder == 0 ? 0 : interval - remainder, to: day)
    }
  }

  /// Day arithmetic, which no zone changes.
  private static let days = DayCalendar(timeZone: TimeZone(identifier: "UTC")!)

  /// The instant the wall time `hour:minute` of `day` names in `zone`, by `WallClock`'s rule.
  static func instant(of day: LocalDay, hour: Int, minute: Int, in zone: TimeZone) -> Date {
    WallClock(timeZone: zone).instant(of: day, hour: hour, minute: minute)
  }
}
