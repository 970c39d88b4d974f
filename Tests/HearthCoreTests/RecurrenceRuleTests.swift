import Foundation
import HearthCore
import Testing

/// Every expected instant was computed with Python's zoneinfo, reading the wall time with
/// `fold=0` (the offset before a change), which is the DST policy of `RecurrenceRule`.
@Suite struct RecurrenceRuleTests {
  struct Vector: Sendable, CustomTestStringConvertible {
    var name: String
    var rule: RecurrenceRule
    var after: String
    /// The occurrences that follow, in order: local day and UTC instant.
    var expected: [(day: String, instant: String)]

    var testDescription: String { name }
  }

  static func rule(
    _ zone: String, _ hour: Int, _ minute: Int, _ cadence: RecurrenceRule.Cadence = .daily,
    from startDay: String? = nil, to endDay: String? = nil
  ) -> RecurrenceRule {
    RecurrenceRule(
      zone: zone, hour: hour, minute: minute, cadence: cadence,
      startDay: startDay.flatMap(LocalDay.init), endDay: endDay.flatMap(LocalDay.init))
  }

  static func instant(_ iso: String) -> Date { ISO8601DateFormatter().date(from: iso)! }

  static let newYork = "America/New_York"
  static let berlin = "Europe/Berlin"

  static let vectors: [Vector] = [
    Vector(
      name: "New York 02:30 across spring forward: the gap fires at 03:30 EDT",
      rule: rule(newYork, 2, 30), after: "2026-03-07T00:00:00Z",
      expected: [
        ("2026-03-07", "2026-03-07T07:30:00Z"), ("2026-03-08", "2026-03-08T07:30:00Z"),
        ("2026-03-09", "2026-03-09T06:30:00Z"),
      ]),
    Vector(
      name: "New York 08:00 across spring forward", rule: rule(newYork, 8, 0),
      after: "2026-03-07T00:00:00Z",
      expected: [("2026-03-07", "2026-03-07T13:00:00Z"), ("2026-03-08", "2026-03-08T12:00:00Z")]),
    Vector(
      name: "New York 01:30 across fall back: once, at the first instant",
      rule: rule(newYork, 1, 30), after: "2026-10-31T12:00:00Z",
      expected: [("2026-11-01", "2026-11-01T05:30:00Z"), ("2026-11-02", "2026-11-02T06:30:00Z")]),
    Vector(
      name: "Berlin 02:30 across spring forward: the gap fires at 03:30 CEST",
      rule: rule(berlin, 2, 30), after: "2026-03-28T12:00:00Z",
      expected: [("2026-03-29", "2026-03-29T01:30:00Z"), ("2026-03-30", "2026-03-30T00:30:00Z")]),
    Vector(
      name: "Berlin 02:30 across fall back: once, at the first instant",
      rule: rule(berlin, 2, 30), after: "2026-10-24T12:00:00Z",
      expected: [("2026-10-25", "2026-10-25T00:30:00Z"), ("2026-10-26", "2026-10-26T01:30:00Z")]),
    Vector(
      name: "Berlin 08:00 across fall back", rule: rule(berlin, 8, 0),
      after: "2026-10-24T00:00:00Z",
      expected: [("2026-10-24", "2026-10-24T06:00:00Z"), ("2026-10-25", "2026-10-25T07:00:00Z")]),
    Vector(
      name: "An occurrence at the given instant is not after it", rule: rule(newYork, 8, 0),
      after: "2026-03-08T12:00:00Z", expected: [("2026-03-09", "2026-03-09T12:00:00Z")]),
    Vector(
      name: "Mondays, Wednesdays and Fridays in New York",
      rule: rule(newYork, 8, 0, .weekdays([2, 4, 6])), after: "2026-03-05T00:00:00Z",
      expected: [
        ("2026-03-06", "2026-03-06T13:00:00Z"), ("2026-03-09", "2026-03-09T12:00:00Z"),
        ("2026-03-11", "2026-03-11T12:00:00Z"),
      ]),
    Vector(
      name: "Every three days in Berlin, from a start day after the instant",
      rule: rule(berlin, 2, 30, .everyDays(3, start: LocalDay("2026-03-26")!)),
      after: "2026-03-20T00:00:00Z",
      expected: [
        ("2026-03-26", "2026-03-26T01:30:00Z"), ("2026-03-29", "2026-03-29T01:30:00Z"),
        ("2026-04-01", "2026-04-01T00:30:00Z"),
      ]),
    Vector(
      name: "Every three days, counted from the start even when asked much later",
      rule: rule(berlin, 2, 30, .everyDays(3, start: LocalDay("2026-03-20")!)),
      after: "2026-03-27T00:00:00Z", expected: [("2026-03-29", "2026-03-29T01:30:00Z")]),
    Vector(
      name: "From a start day to an end day, both included",
      rule: rule(newYork, 8, 0, from: "2026-03-08", to: "2026-03-09"),
      after: "2026-03-01T00:00:00Z",
      expected: [("2026-03-08", "2026-03-08T12:00:00Z"), ("2026-03-09", "2026-03-09T12:00:00Z")]),
  ]

  @Test(arguments: vectors)
  func occurrencesFollowTheRuleAndTheDSTPolicy(_ vector: Vector) {
    var after = Self.instant(vector.after)
    for (day, instant) in vector.expected {
      let next = vector.rule.nextOccurrence(after: after)
      #expect(next == .init(day: LocalDay(day)!, instant: Self.instant(instant)))
      guard let next else { return }
      after = next.instant
    }
  }

  @Test func aRuleEndsAfterItsEndDay() {
    let rule = Self.rule(Self.newYork, 8, 0, .weekdays([2]), to: "2026-03-10")
    #expect(
      rule.nextOccurrence(after: Self.instant("2026-03-09T11:00:00Z"))?.day.description
        == "2026-03-09")
    #expect(rule.nextOccurrence(after: Self.instant("2026-03-09T12:00:00Z")) == nil)
  }

  @Test func aRuleThatCannotFireHasNoOccurrence() {
    let now = Self.instant("2026-03-09T12:00:00Z")
    let never = [
      Self.rule(Self.newYork, 8, 0, .weekdays([])),
      Self.rule(Self.newYork, 8, 0, .weekdays([8])),
      Self.rule(Self.newYork, 24, 0),
      Self.rule(Self.newYork, 8, 60),
      Self.rule(Self.newYork, 8, 0, .everyDays(0, start: LocalDay("2026-03-01")!)),
      Self.rule("Mars/Olympus_Mons", 8, 0),
    ]
    for rule in never { #expect(rule.nextOccurrence(after: now) == nil) }
  }

  @Test func storedJSONIsFlatAndStable() throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let rules: [(RecurrenceRule, String)] = [
      (
        Self.rule(Self.berlin, 8, 5, .weekdays([6, 2]), to: "2026-12-31"),
        #"{"cadence":"weekdays","endDay":"2026-12-31","hour":8,"minute":5,"weekdays":[2,6],"zone":"Europe\/Berlin"}"#
      ),
      (
        Self.rule(Self.newYork, 21, 0, .everyDays(2, start: LocalDay("2026-03-01")!)),
        #"{"cadence":"everyDays","every":2,"from":"2026-03-01","hour":21,"minute":0,"zone":"America\/New_York"}"#
      ),
      (
        Self.rule(Self.newYork, 7, 30, from: "2026-01-02"),
        #"{"cadence":"daily","hour":7,"minute":30,"startDay":"2026-01-02","zone":"America\/New_York"}"#
      ),
    ]
    for (rule, json) in rules {
      #expect(String(decoding: try encoder.encode(rule), as: UTF8.self) == json)
      #expect(try JSONDecoder().decode(RecurrenceRule.self, from: Data(json.utf8)) == rule)
    }
    let unknown = #"{"cadence":"hourly","hour":7,"minute":30,"zone":"UTC"}"#
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(RecurrenceRule.self, from: Data(unknown.utf8))
    }
  }
}
