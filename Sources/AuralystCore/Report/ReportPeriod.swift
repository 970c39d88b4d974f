import Foundation

/// The days a report covers, first and last included, in the journal's zone: by default the 30
/// days to today, at most two years.
public struct ReportPeriod: Hashable, Sendable {
  public static let defaultDays = 30
  public static let longestDays = 731

  /// Days since 1970.
  public var first: Int
  public var last: Int

  public init(first: Int, last: Int) {
    self.first = first
    self.last = last
  }

  /// The period `from` and `to` name ("2026-11-22"); either may be missing, or empty as an
  /// unfilled form field sends it.
  public init(from: String?, to: String?, today: Int) throws(ValidationError) {
    func day(_ text: String?, field: String) throws(ValidationError) -> Int? {
      guard let text, !text.isEmpty else { return nil }
      guard let day = CalendarDay(text) else {
        throw ValidationError(field: field, "The \(field) day looks like 2026-11-22.")
      }
      return day.daysSince1970
    }
    let last = try day(to, field: "to") ?? today
    let first = try day(from, field: "from") ?? last - Self.defaultDays + 1
    guard first <= last else {
      throw ValidationError(field: "from", "The period starts after it ends.")
    }
    guard last - first < Self.longestDays else {
      throw ValidationError(
        field: "from", "A report covers at most \(Self.longestDays) days (two years).")
    }
    self.init(first: first, last: last)
  }

  public var days: ClosedRange<Int> { first...last }
  public var firstDay: CalendarDay { CalendarDay(daysSince1970: first) }
  public var lastDay: CalendarDay { CalendarDay(daysSince1970: last) }
}
