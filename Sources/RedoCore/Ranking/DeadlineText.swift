import Foundation
import HearthCore

/// "Due today", "Due in 3 days", "2 days overdue": counted in calendar days of the person's zone.
public enum DeadlineText {
  public static func describe(deadline: WallTime, now: WallTime, calendar: DayCalendar) -> String {
    let today = calendar.day(of: Date(timeIntervalSince1970: now.secondsSince1970))
    let due = calendar.day(of: Date(timeIntervalSince1970: deadline.secondsSince1970))
    let days = calendar.days(from: today, to: due)
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
}
