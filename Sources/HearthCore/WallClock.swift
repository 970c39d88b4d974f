import Foundation

/// The one rule by which a wall-clock time in a time zone becomes an instant. Reminders, dose
/// schedules, adherence, the start of a day and imported local times all go through it, so a
/// reminder fires at the instant its dose is expected.
///
/// Most wall times name one instant. Around a change of offset some name none, some two; both
/// are read with the offset in force before the change:
/// - a skipped time (02:30 in New York on 2027-03-14, when 02:00 jumps to 03:00) is the instant
///   the wall clock would have shown it had it not jumped, so it moves forward by the gap: 03:30
///   EDT, 07:30 UTC. Foundation's `Calendar` resolves it the same way with
///   `.nextTimePreservingSmallerComponents`; a dose is never pulled back into the hour before,
///   and stays a day from the day before's.
/// - a repeated time (01:30 in New York on 2027-11-07) is its first occurrence, 01:30 EDT,
///   05:30 UTC: a reminder fires once, and at the earlier of the two, not an hour late.
public struct WallClock: Sendable {
  public let timeZone: TimeZone

  public init(timeZone: TimeZone) {
    self.timeZone = timeZone
  }

  public init?(identifier: String) {
    guard let zone = TimeZone(identifier: identifier) else { return nil }
    self.init(timeZone: zone)
  }

  /// The instant `hour:minute` of `day` names in this zone.
  public func instant(of day: LocalDay, hour: Int, minute: Int) -> Date {
    let wall = Double(day.daysSince1970 * 86_400 + hour * 3600 + minute * 60)
    return Self.instant(wall: wall) { timeZone.secondsFromGMT(for: $0) }
  }

  /// The instant a wall time names, by the rule above. `wall` is the wall time's seconds since
  /// 1970 as if it were UTC; `offset` is the zone's offset from UTC at an instant, so that a
  /// caller with a faster lookup of the same zone (`ZoneClock`) gets the same answer.
  public static func instant(wall: TimeInterval, offset: (Date) -> Int) -> Date {
    // A zone's offset changes at most once in the two days around a wall time.
    let offsets = Set(
      [-86_400.0, 0, 86_400].map { offset(Date(timeIntervalSince1970: wall + $0)) })
    let readings = offsets.map { wall - Double($0) }.sorted()
    if let first = readings.first(where: {
      wall - Double(offset(Date(timeIntervalSince1970: $0))) == $0
    }) {
      return Date(timeIntervalSince1970: first)
    }
    // Skipped: the earliest reading lies before the change, so its offset is the one before.
    return Date(
      timeIntervalSince1970: wall - Double(offset(Date(timeIntervalSince1970: readings[0]))))
  }
}

extension LocalDay {
  /// Days since 1970-01-01 (negative before), on the proleptic Gregorian calendar.
  public var daysSince1970: Int {
    let shiftedYear = month <= 2 ? year - 1 : year
    let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
    let yearOfEra = shiftedYear - era * 400
    let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }
}
