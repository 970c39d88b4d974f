import Foundation

/// The daily check-in: a reminder at a time of the journal's day to log how the day was, not
/// sent on a day that already has an entry.
public enum CheckIn {
  /// 20:00, offered until the person picks a time.
  public static let defaultMinute = 20 * 60

  /// Minutes after midnight of a 24-hour "HH:MM".
  public static func minute(_ text: String) throws(ValidationError) -> Int {
    let parts = text.split(separator: ":", omittingEmptySubsequences: false)
    guard parts.count == 2, parts.allSatisfy({ $0.count == 2 && $0.allSatisfy(\.isASCII) }),
      let hour = Int(parts[0]), let minute = Int(parts[1]), (0...23).contains(hour),
      (0...59).contains(minute)
    else {
      throw ValidationError(field: "time", "The time is a 24-hour time like 20:00.")
    }
    return hour * 60 + minute
  }

  public static func text(_ minute: Int) -> String {
    String(format: "%02d:%02d", minute / 60, minute % 60)
  }

  /// Whether `day` (in the journal's zone) still wants its check-in: no entry counts on it,
  /// each entry on its own day, in the zone it was written in.
  public static func isDue(day: CalendarDay, entries: [SymptomEntry], timeZone: TimeZone)
    -> Bool
  {
    guard let first = entries.map(\.timestamp).min(), let last = entries.map(\.timestamp).max()
    else { return true }
    let clocks = RecordClocks(
      journal: timeZone, recordZones: entries.map(\.timeZone), span: first...last)
    return !entries.contains { $0.day(in: clocks) == day.daysSince1970 }
  }
}
