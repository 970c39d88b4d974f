import Foundation

/// How Onpu schedules study: FSRS-6 with its defaults (90% retention, steps of 1 and 10
/// minutes, 10 minutes to relearn). Review intervals are fuzzed in the product, as fsrs does by
/// default, so the words of one song added together do not all fall due on the same day.
public enum StudyPlan {
  public static let scheduler = FSRSScheduler()

  /// What each grade would do to the card now, unfuzzed: the intervals the buttons show.
  public static func previews(_ card: FSRSCard, at date: Date) -> [(grade: FSRSGrade, due: Date)] {
    FSRSGrade.allCases.map { ($0, scheduler.review(card, grade: $0, at: date).due) }
  }

  /// An interval as a button says it: "1 min", "10 min", "3 h", "4 d", "2 mo", "1.5 y".
  public static func label(_ interval: TimeInterval) -> String {
    let minutes = max(1, Int((interval / 60).rounded()))
    if minutes < 60 { return "\(minutes) min" }
    let hours = Int((interval / 3600).rounded())
    if hours < 24 { return "\(hours) h" }
    let days = Int((interval / 86_400).rounded())
    if days < 30 { return "\(days) d" }
    if days < 365 { return "\(Int((Double(days) / 30).rounded())) mo" }
    let years = (Double(days) / 365 * 10).rounded() / 10
    return years == years.rounded() ? "\(Int(years)) y" : "\(years) y"
  }

  /// Midnight at the start of the day after `date`'s, in the learner's zone: when a buried
  /// card comes back.
  public static func startOfNextDay(after date: Date, in zone: TimeZone) -> Date {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = zone
    let today = calendar.startOfDay(for: date)
    return calendar.date(byAdding: .day, value: 1, to: today) ?? date.addingTimeInterval(86_400)
  }

  /// A day as "2026-11-27" in the learner's zone.
  public static func dayKey(_ date: Date, in zone: TimeZone) -> String {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = zone
    let parts = calendar.dateComponents([.year, .month, .day], from: date)
    return String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
  }
}
