import Foundation
import HearthCore
import Testing

/// `WallClock` on both change days of 2027 in four zones, one with a 30-minute change. The
/// expected instants were worked out with Python's `zoneinfo` at `fold=0`.
struct WallClockTests {
  struct Case: CustomTestStringConvertible, Sendable {
    var zone: String
    var day: String
    var hour: Int
    var minute: Int
    var utc: String
    var testDescription: String { "\(zone) \(day) \(hour):\(minute)" }
  }

  /// A time each change skips (moved forward by the gap) and one each repeats (the first).
  static let cases = [
    Case(
      zone: "America/New_York", day: "2027-03-14", hour: 2, minute: 30, utc: "2027-03-14T07:30:00Z"),
    Case(
      zone: "America/New_York", day: "2027-11-07", hour: 1, minute: 30, utc: "2027-11-07T05:30:00Z"),
    Case(
      zone: "Europe/Berlin", day: "2027-03-28", hour: 2, minute: 30, utc: "2027-03-28T01:30:00Z"),
    Case(
      zone: "Europe/Berlin", day: "2027-10-31", hour: 2, minute: 30, utc: "2027-10-31T00:30:00Z"),
    Case(
      zone: "Pacific/Auckland", day: "2027-09-26", hour: 2, minute: 30, utc: "2027-09-25T14:30:00Z"),
    Case(
      zone: "Pacific/Auckland", day: "2027-04-04", hour: 2, minute: 30, utc: "2027-04-03T13:30:00Z"),
    Case(
      zone: "Australia/Lord_Howe", day: "2027-10-03", hour: 2, minute: 15,
      utc: "2027-10-02T15:45:00Z"),
    Case(
      zone: "Australia/Lord_Howe", day: "2027-04-04", hour: 1, minute: 45,
      utc: "2027-04-03T14:45:00Z"),
  ]

  static func instant(_ iso: String) -> Date { ISO8601DateFormatter().date(from: iso)! }

  @Test(arguments: cases)
  func skippedTimesMoveForwardAndRepeatedOnesAreTheFirst(_ vector: Case) throws {
    let clock = try #require(WallClock(identifier: vector.zone))
    let day = try #require(LocalDay(vector.day))
    #expect(
      clock.instant(of: day, hour: vector.hour, minute: vector.minute) == Self.instant(vector.utc))
  }

  /// Foundation's calendar, asked for the next such wall time with the policies the doc comment
  /// names, lands on the same instant. (Not in Lord Howe's half-hour gap, where Foundation on
  /// Linux answers the next day's 02:15: it looks for an hour 2 that is not half gone.)
  @Test(arguments: cases.filter { !($0.zone == "Australia/Lord_Howe" && $0.hour == 2) })
  func foundationsCalendarAgrees(_ vector: Case) throws {
    let clock = try #require(WallClock(identifier: vector.zone))
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = clock.timeZone
    let day = try #require(LocalDay(vector.day))
    let dayBefore = clock.instant(of: day, hour: 0, minute: 0) - 6 * 3600
    let found = calendar.nextDate(
      after: dayBefore, matching: DateComponents(hour: vector.hour, minute: vector.minute),
      matchingPolicy: .nextTimePreservingSmallerComponents, repeatedTimePolicy: .first,
      direction: .forward)
    #expect(found == Self.instant(vector.utc))
  }

  @Test func ordinaryTimesAndOffsetsAreUnchanged() throws {
    let lordHowe = try #require(WallClock(identifier: "Australia/Lord_Howe"))
    let day = try #require(LocalDay("2027-10-03"))
    // 03:00 after the half-hour jump is +11:00
    #expect(lordHowe.instant(of: day, hour: 3, minute: 0) == Self.instant("2027-10-02T16:00:00Z"))
    #expect(lordHowe.instant(of: day, hour: 1, minute: 0) == Self.instant("2027-10-02T14:30:00Z"))
    #expect(try #require(LocalDay("1970-01-01")).daysSince1970 == 0)
    #expect(try #require(LocalDay("2027-03-14")).daysSince1970 == 20_891)
  }
}
