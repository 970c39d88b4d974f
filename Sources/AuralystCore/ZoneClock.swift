import Foundation
import HearthCore

/// Local days and times in one time zone, fast enough for years of rows: the zone's offsets
/// over a span are looked up once, so each conversion there is arithmetic; outside the span the
/// zone itself answers.
public struct ZoneClock: Sendable {
  /// Seconds since 1970 at which an offset starts, in order; the first covers the span's start.
  private var starts: [Double] = []
  private var offsets: [Int] = []
  private let covered: ClosedRange<Double>
  private let timeZone: TimeZone

  public init(timeZone: TimeZone, span: ClosedRange<Date>) {
    self.timeZone = timeZone
    let first = span.lowerBound.addingTimeInterval(-2 * 86_400)
    let last = span.upperBound.addingTimeInterval(2 * 86_400)
    covered = first.timeIntervalSince1970...last.timeIntervalSince1970
    starts.append(-.infinity)
    offsets.append(timeZone.secondsFromGMT(for: first))
    var cursor = first
    while let next = timeZone.nextDaylightSavingTimeTransition(after: cursor), next <= last {
      starts.append(next.timeIntervalSince1970)
      offsets.append(timeZone.secondsFromGMT(for: next))
      cursor = next
    }
  }

  public func offset(at date: Date) -> Int {
    let seconds = date.timeIntervalSince1970
    guard covered.contains(seconds) else { return timeZone.secondsFromGMT(for: date) }
    var low = 0
    var high = starts.count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if starts[middle] <= seconds { low = middle } else { high = middle - 1 }
    }
    return offsets[low]
  }

  /// The local day (days since 1970) and minute of that day.
  public func local(_ date: Date) -> (day: Int, minute: Int) {
    let local = Int((date.timeIntervalSince1970).rounded(.down)) + offset(at: date)
    let day = local >= 0 ? local / 86_400 : (local - 86_399) / 86_400
    return (day, (local - day * 86_400) / 60)
  }

  public func day(of date: Date) -> CalendarDay { CalendarDay(daysSince1970: local(date).day) }

  /// The instant a local wall-clock time names, by `WallClock`'s rule (the one reminders use):
  /// a time the clocks skip moves forward by the gap, one they repeat is its first occurrence.
  public func instant(day: Int, minute: Int) -> Date {
    WallClock.instant(wall: Double(day * 86_400 + minute * 60)) { offset(at: $0) }
  }
}

extension CalendarDay: CustomStringConvertible {
  public init(daysSince1970 days: Int) {
    let shifted = days + 719_468
    let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
    let dayOfEra = shifted - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let shiftedMonth = (5 * dayOfYear + 2) / 153
    day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
    month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
    year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
  }

  public var description: String {
    func pad(_ value: Int, _ width: Int) -> String {
      let text = String(value)
      return String(repeating: "0", count: max(0, width - text.count)) + text
    }
    return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))"
  }
}
