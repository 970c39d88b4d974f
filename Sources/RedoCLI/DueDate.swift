import Foundation
import HearthCore
import RedoCore

/// Dates people type: today, tomorrow, +3d, 2w, 2026-12-01 (the end of that day here), or RFC 3339.
enum DueDate {
  static func parse(_ text: String, now: WallTime, calendar: DayCalendar) -> WallTime? {
    let lowered = text.lowercased().trimmingCharacters(in: .whitespaces)
    let today = calendar.day(of: Date(timeIntervalSince1970: now.secondsSince1970))
    switch lowered {
    case "today": return endOf(today, calendar)
    case "tomorrow": return endOf(calendar.adding(1, to: today), calendar)
    default: break
    }
    var digits = lowered.hasPrefix("+") ? String(lowered.dropFirst()) : lowered
    let unit = digits.last.flatMap { "dw".contains($0) ? $0 : nil }
    if unit != nil { digits.removeLast() }
    if let count = Int(digits), count >= 0, count <= 36_500, unit != nil || lowered.hasPrefix("+") {
      return endOf(calendar.adding(unit == "w" ? count * 7 : count, to: today), calendar)
    }
    if let day = LocalDay(lowered), lowered.count == 10 { return endOf(day, calendar) }
    return WallTime(rfc3339: text)
  }

  private static func endOf(_ day: LocalDay, _ calendar: DayCalendar) -> WallTime {
    let end = calendar.interval(of: day).upperBound.timeIntervalSince1970
    return WallTime(milliseconds: Int64(end * 1000) - 1)
  }
}
