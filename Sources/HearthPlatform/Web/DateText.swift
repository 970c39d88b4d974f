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
