import Foundation

/// How many days of one calendar month, in the journal's zone, had any acute medication taken:
/// an as-needed dose, or any dose of an as-needed medication (a skipped dose is none). Each dose
/// counts on its own day, in the zone it was logged in. Frequent acute use can itself keep
/// headaches going, which is why clinicians count these days.
public struct MedicationMonth: Hashable, Codable, Sendable {
  /// "2026-11".
  public var month: String
  public var days: Int
  /// The month that holds today in the journal's zone; its count is so far.
  public var isCurrent: Bool

  /// Days a month from which the page says a gentle word: the usual line for triptans, ergots,
  /// opioids and combination painkillers (simple painkillers: `simplePainkillerDays`).
  public static let attentionDays = 10
  public static let simplePainkillerDays = 15

  public var needsAttention: Bool { days >= Self.attentionDays }

  /// The current month and the `count - 1` before it, newest first.
  public static func months(
    _ count: Int, intakes: [MedicationIntake], medications: [Medication], timeZone: TimeZone,
    now: Date
  ) -> [MedicationMonth] {
    let earliest = since(count, timeZone: timeZone, now: now)
    let clocks = RecordClocks(
      journal: timeZone, recordZones: intakes.map(\.timeZone), span: min(earliest, now)...now)
    let today = CalendarDay(daysSince1970: clocks.journal.local(now).day)
    let acute = Set(medications.filter(\.isAsNeeded).map(\.id))
    var days: [Int: Set<Int>] = [:]
    for intake in intakes
    where intake.timestamp <= now && intake.status != .skipped
      && (intake.origin == .asNeeded || acute.contains(intake.medicationID))
    {
      let day = intake.day(in: clocks)
      days[Self.index(CalendarDay(daysSince1970: day)), default: []].insert(day)
    }
    let current = index(today)
    return (0..<max(1, count)).map { back in
      let month = current - back
      return MedicationMonth(
        month: SeverityMonth.name(month / 12, month % 12 + 1), days: days[month]?.count ?? 0,
        isCurrent: back == 0)
    }
  }

  /// A moment before the first day of the oldest of the `count` months, in any zone a dose
  /// may have been logged in: where to start reading doses.
  public static func since(_ count: Int, timeZone: TimeZone, now: Date) -> Date {
    let clock = ZoneClock(timeZone: timeZone, span: now...now)
    let today = CalendarDay(daysSince1970: clock.local(now).day)
    let month = index(today) - max(1, count) + 1
    let first = CalendarDay(year: month / 12, month: month % 12 + 1, day: 1).daysSince1970
    return clock.instant(day: first - 1, minute: 0)
  }

  /// Months since year 0, so that stepping back across a new year is subtraction.
  private static func index(_ day: CalendarDay) -> Int { day.year * 12 + day.month - 1 }
}
