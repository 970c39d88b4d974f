import Foundation
import HearthCore

/// "Due today", "Due in 3 days", "2 days overdue": counted in calendar days of the person's zone.
/// One value describes many deadlines against the same moment, finding today once.
public struct DeadlineText: Sendable {
  public let now: WallTime
  public let zone: TimeZone
  private let today: Int64

  public init(now: WallTime, calendar: DayCalendar) {
    self.now = now
    zone = calendar.timeZone
    today = Self.localDay(now, zone)
  }

  public static func describe(deadline: WallTime, now: WallTime, calendar: DayCalendar) -> String {
    DeadlineText(now: now, calendar: calendar).describe(deadline)
  }

  public func describe(_ deadline: WallTime) -> String {
    let days = Self.localDay(deadline, zone) - today
    switch days {
    case ..<0: return "\(-days) \(-days == 1 ? "day" : "days") overdue"
    case 0: return deadline < now ? "Overdue today" : "Due today"
    case 1: return "Due tomorrow"
    case 2..<7: return "Due in \(days) days"
    default:
      let weeks = days / 7
      return "Due in \(weeks) \(weeks == 1 ? "week" : "weeks")"
    }
  }

  /// Days since 1970-01-01 on the zone's wall clock: whole local days, 23 or 25 hours long or not.
  static func localDay(_ instant: WallTime, _ zone: TimeZone) -> Int64 {
    let seconds = instant.milliseconds.dividedRoundingDown(by: 1000)
    let offset = Int64(zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(seconds))))
    return (seconds + offset).dividedRoundingDown(by: 86_400)
  }
}

extension Int64 {
  fileprivate func dividedRoundingDown(by divisor: Int64) -> Int64 {
    let quotient = self / divisor
    return self % divisor < 0 ? quotient - 1 : quotient
  }
}
