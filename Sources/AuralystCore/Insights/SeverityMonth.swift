import Foundation

/// One calendar month of daily severity, weeks from Monday, each day with the mean of its
/// entries (as insights count them) in the journal's time zone.
public struct SeverityMonth: Hashable, Sendable {
  public struct Day: Hashable, Sendable {
    /// "2026-11-05".
    public var date: String
    public var dayOfMonth: Int
    /// 1 = Sunday ... 7 = Saturday.
    public var weekday: Int
    public var average: Double?
    public var entries: Int
    /// Nil without entries; else 0 (none) to 4 (9 or 10), see `levels`.
    public var level: Int?
    public var isToday: Bool
  }

  /// The words for each level, from "none" (below 0.5) to "very severe" (8.5 and above).
  public static let levels = ["none", "mild", "moderate", "severe", "very severe"]

  public var year: Int
  public var month: Int
  /// Seven cells a week, Monday first; nil before the 1st and after the last day.
  public var weeks: [[Day?]]

  public static func level(_ average: Double) -> Int {
    switch average {
    case ..<0.5: 0
    case ..<3.5: 1
    case ..<6.5: 2
    case ..<8.5: 3
    default: 4
    }
  }

  /// "2026-11" as (2026, 11); nil for anything else.
  public static func parse(_ text: String) -> (year: Int, month: Int)? {
    guard let day = CalendarDay(text + "-01") else { return nil }
    return (day.year, day.month)
  }

  public init(year: Int, month: Int, entries: [SymptomEntry], timeZone: TimeZone, now: Date) {
    self.year = year
    self.month = month
    let first = CalendarDay(year: year, month: month, day: 1).daysSince1970
    let count = CalendarDay.days(inMonth: month, year: year)
    let clocks = RecordClocks(
      journal: timeZone, recordZones: entries.map(\.timeZone),
      span: Date(
        timeIntervalSince1970: Double(first) * 86_400)...Date(
          timeIntervalSince1970: Double(first + count) * 86_400))
    let clock = clocks.journal
    var means: [Int: Mean] = [:]
    for entry in entries {
      let day = entry.day(in: clocks)
      if (first..<first + count).contains(day) {
        means[day, default: Mean()].add(entry.insightSeverity)
      }
    }
    let today = clock.local(now).day
    var cells: [Day?] = Array(
      repeating: nil, count: (CalendarDay.weekday(daysSince1970: first) + 5) % 7)
    for day in first..<first + count {
      let mean = means[day]
      cells.append(
        Day(
          date: CalendarDay(daysSince1970: day).description, dayOfMonth: day - first + 1,
          weekday: CalendarDay.weekday(daysSince1970: day), average: mean?.value,
          entries: mean?.count ?? 0, level: mean.map { Self.level($0.value) },
          isToday: day == today))
    }
    while cells.count % 7 != 0 { cells.append(nil) }
    weeks = stride(from: 0, to: cells.count, by: 7).map { Array(cells[$0..<$0 + 7]) }
  }

  /// The month before and after, as "YYYY-MM".
  public var previous: String {
    Self.name(month == 1 ? year - 1 : year, month == 1 ? 12 : month - 1)
  }
  public var next: String { Self.name(month == 12 ? year + 1 : year, month == 12 ? 1 : month + 1) }
  public var name: String { Self.name(year, month) }

  static func name(_ year: Int, _ month: Int) -> String {
    String(CalendarDay(year: year, month: month, day: 1).description.prefix(7))
  }
}

extension CalendarDay {
  init(year: Int, month: Int, day: Int) {
    self.year = year
    self.month = month
    self.day = day
  }
}
