import Foundation

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
