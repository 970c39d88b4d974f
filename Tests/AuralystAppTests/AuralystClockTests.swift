import Foundation
import HearthCore
import Testing

@testable import AuralystApp
@testable import AuralystCore

/// One clock: on both change days of 2027 in four zones, a dose at a time the clocks skip or
/// repeat is reminded at the instant adherence expects it, and a dose logged when the reminder
/// fires counts as taken on time.
struct AuralystClockTests {
  struct Case: CustomTestStringConvertible, Sendable {
    var zone: String
    var day: String
    var hour: Int
    var minute: Int
    /// Worked out with Python's `zoneinfo`: skipped times move forward, repeated ones are first.
    var utc: String
    var testDescription: String { "\(zone) \(day) \(hour):\(minute)" }
  }

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

  @Test(arguments: cases)
  func theReminderTheExpectedDoseAndAdherenceAgree(_ vector: Case) throws {
    let expected = try #require(ISO8601DateFormatter().date(from: vector.utc))
    let zone = try #require(TimeZone(identifier: vector.zone))
    let schedule = MedicationSchedule(
      id: "s", hour: vector.hour, minute: vector.minute, cadence: .weekdays(Set(1...7)))
    let medication = Medication(
      id: "m", journalID: "j", name: "Dose", schedules: [schedule], authorID: "a",
      createdAt: expected - 30 * 86_400)

    // The reminder
    let rule = try #require(
      AuralystDoseReminders.rule(for: schedule, of: medication, zone: vector.zone))
    let reminder = try #require(rule.nextOccurrence(after: expected - 12 * 3600))
    #expect(reminder.day.description == vector.day)
    #expect(reminder.instant == expected)

    // The dose's expected time
    let day = try #require(CalendarDay(vector.day)).daysSince1970
    let clock = ZoneClock(timeZone: zone, span: (expected - 86_400)...(expected + 86_400))
    let doses = DoseOccurrence.all(
      of: medication, clock: clock, days: day...day, until: expected + 3600)
    #expect(doses.map(\.instant) == [reminder.instant])

    // The verdict: logged when the reminder fired, without saying which day it was for
    let intake = MedicationIntake(
      id: "i", medicationID: "m", scheduleID: "s", origin: .scheduled,
      timestamp: reminder.instant, authorID: "a")
    let insights = Insights(
      journal: Journal(
        id: "j", ownerID: "a", title: "J", timeZone: vector.zone, createdAt: expected - 30 * 86_400),
      entries: [], medications: [medication], intakes: [intake], window: .week,
      now: reminder.instant + 1800)
    let adherence = try #require(insights.adherence.first)
    #expect(adherence.scheduled == 7)
    #expect(adherence.taken == 1)
  }
}
