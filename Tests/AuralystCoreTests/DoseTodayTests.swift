import AuralystCore
import Foundation
import Testing

/// Today's doses for the home page: which are logged, in the journal's clock.
struct DoseTodayTests {
  static let zone = TimeZone(identifier: "America/New_York")!
  // 2026-11-30 15:00 in New York (20:00 UTC)
  static let now = Date(timeIntervalSince1970: 1_796_068_800)

  let clock = ZoneClock(
    timeZone: zone, span: now.addingTimeInterval(-86_400)...now.addingTimeInterval(86_400))
  let medication = Medication(
    id: "m", journalID: "j", name: "Ibuprofen",
    schedules: [
      MedicationSchedule(id: "morning", hour: 8, minute: 0, cadence: .weekdays(Set(1...7))),
      MedicationSchedule(id: "noon", hour: 12, minute: 0, cadence: .weekdays(Set(1...7))),
      MedicationSchedule(id: "evening", hour: 20, minute: 0, cadence: .weekdays(Set(1...7))),
    ], authorID: "a")

  func intake(_ schedule: String?, at hour: Int, status: MedicationIntake.Status? = nil)
    -> MedicationIntake
  {
    MedicationIntake(
      id: "i-\(hour)", medicationID: "m", scheduleID: schedule,
      origin: schedule == nil ? .asNeeded : .scheduled,
      timestamp: clock.instant(day: clock.local(Self.now).day, minute: hour * 60 + 5),
      scheduledDate: schedule == nil ? nil : "2026-11-30", authorID: "a", status: status)
  }

  @Test func dosesOfTodayAreLoggedByCheckOffOrByTime() {
    let doses = DoseToday.list(
      medications: [medication], intakes: [intake("morning", at: 8), intake(nil, at: 12)],
      clock: clock, now: Self.now)
    #expect(doses.map(\.schedule.id) == ["morning", "noon", "evening"])
    #expect(doses.map(\.logged) == [true, true, false])
    let evening = try? #require(doses.last)
    // 20:00 in New York (EST) is 01:00 UTC the next day
    #expect(evening?.instant == Date(timeIntervalSince1970: 1_796_086_800))
  }

  @Test func aSkippedDoseIsAnsweredAndNoLongerWaits() {
    let doses = DoseToday.list(
      medications: [medication], intakes: [intake("morning", at: 9, status: .skipped)],
      clock: clock, now: Self.now)
    #expect(doses.map(\.logged) == [true, false, false])
  }
}
