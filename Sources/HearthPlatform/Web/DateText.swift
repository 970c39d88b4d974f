import Foundation
import HearthHTML

/// Dates as people read them, always in the zone they are given.
public enum DateText {
  /// For example "Mar 5, 2025, 2:07 PM".
  public static func readable(_ date: Date, in timeZone: TimeZone) -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = timeZone
    formatter.dateFormat = "MMM d, yyyy, h:mm a"
    return formatter.string(from: date)
  }

  /// Short, for lists: "2:07 PM" today, "Mar 5" this year, "Mar 5, 2024" before.
  public static func short(_ date: Date, in timeZone: TimeZone, now: Date) -> String {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = timeZone
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = timeZone
    formatter.dateFormat =
      calendar.isDate(date, inSameDayAs: now)
      ? "h:mm a"
      : calendar.component(.year, from: date) == calendar.component(.year, from: now)
        ? "MMM d" : "MMM d, yyyy"
    return formatter.string(from: date)
  }

  /// As people say it, for what just happened: "Just now", "5 minutes ago", "3 hours ago",
  /// "Yesterday, 8:03 AM", "Monday, 8:03 AM" within a week, then as `short` says it.
  public static func spoken(_ date: Date, in timeZone: TimeZone, now: Date) -> String {
    let seconds = now.timeIntervalSince(date)
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = timeZone
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = timeZone
    formatter.dateFormat = "h:mm a"
    let days =
      calendar.dateComponents(
        [.day], from: calendar.startOfDay(for: date), to: calendar.startOfDay(for: now)
      ).day ?? 0
    switch seconds {
    case ..<60 where seconds >= -60: return "Just now"
    case 60..<3_600: return seconds < 120 ? "A minute ago" : "\(Int(seconds / 60)) minutes ago"
    case 3_600..<(6 * 3_600) where days == 0:
      return seconds < 7_200 ? "An hour ago" : "\(Int(seconds / 3_600)) hours ago"
    default: break
    }
    switch days {
    case 0: return "Today, " + formatter.string(from: date)
    case 1: return "Yesterday, " + formatter.string(from: date)
    case 2..<7:
      formatter.dateFormat = "EEEE, h:mm a"
      return formatter.string(from: date)
    default: return short(date, in: timeZone, now: now)
    }
  }

  /// A `<time>` element saying the date as people say it, the full date as its title.
  public static func spokenNode(_ date: Date, in timeZone: TimeZone, now: Date) -> Node {
    .time(
      [.datetime(iso(date)), .title(readable(date, in: timeZone))],
      .text(spoken(date, in: timeZone, now: now)))
  }

  /// A machine-readable instant for `<time datetime>`.
  public static func iso(_ date: Date) -> String {
    let formatter = ISO8601DateFormatter()
    formatter.timeZone = TimeZone(identifier: "UTC")
    return formatter.string(from: date)
  }

  /// A `<time>` element showing the date in `timeZone`.
  public static func node(_ date: Date, in timeZone: TimeZone) -> Node {
    .time([.datetime(iso(date))], .text(readable(date, in: timeZone)))
  }
}
