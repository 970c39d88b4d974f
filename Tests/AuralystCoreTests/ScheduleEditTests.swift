import Foundation
import Testing

@testable import AuralystCore

/// An edit that sends schedules without ids continues the doses it describes.
@Suite struct ScheduleEditTests {
  static let everyDay = MedicationSchedule.Cadence.weekdays(Set(1...7))

  static func medication(_ schedules: [MedicationSchedule]) -> Medication {
    Medication(id: "m", journalID: "j", name: "Magnesium", schedules: schedules, authorID: "a")
  }

  static func slot(
    _ hour: Int, _ cadence: MedicationSchedule.Cadence, label: String? = nil
  ) -> MedicationSchedule {
    MedicationSchedule(id: "", label: label, hour: hour, minute: 0, cadence: cadence)
  }

  /// Numbers new ids in order, as the server's would be unique.
  final class Counter {
    var count = 0
    func next() -> String {
      count += 1
      return "new\(count)"
    }
  }

  @Test func slotsWithoutIdsKeepTheIdsOfTheDosesAtTheirTimeAndCadence() {
    // Given a morning dose every day and an evening dose on weekdays
    let morning = MedicationSchedule(id: "am", hour: 8, minute: 0, cadence: Self.everyDay)
    let evening = MedicationSchedule(
      id: "pm", hour: 20, minute: 0, cadence: .weekdays([2, 3, 4, 5, 6]))
    let medication = Self.medication([morning, evening])
    let ids = Counter()
    // When both come back without ids, in the other order, the morning one relabelled, and a
    // noon dose added
    let after = medication.schedules(
      after: [
        ScheduleEdit(
          id: nil, schedule: Self.slot(20, .weekdays([2, 3, 4, 5, 6])), startGiven: false),
        ScheduleEdit(id: nil, schedule: Self.slot(12, Self.everyDay), startGiven: false),
        ScheduleEdit(
          id: nil, schedule: Self.slot(8, Self.everyDay, label: "Breakfast"), startGiven: false),
      ], newID: ids.next)
    // Then the evening and morning doses keep their ids and only noon is new
    #expect(after.map(\.id) == ["pm", "new1", "am"])
    #expect(after[2].label == "Breakfast")
  }

  @Test func aChangedTimeOrWeekdaysIsANewDoseUnlessItsIdIsSent() {
    let morning = MedicationSchedule(id: "am", hour: 8, minute: 0, cadence: Self.everyDay)
    let medication = Self.medication([morning])
    let moved = medication.schedules(
      after: [ScheduleEdit(id: nil, schedule: Self.slot(9, Self.everyDay), startGiven: false)],
      newID: Counter().next)
    #expect(moved.map(\.id) == ["new1"])
    let weekends = medication.schedules(
      after: [ScheduleEdit(id: nil, schedule: Self.slot(8, .weekdays([1, 7])), startGiven: false)],
      newID: Counter().next)
    #expect(weekends.map(\.id) == ["new1"])
    let named = medication.schedules(
      after: [
        ScheduleEdit(id: "am", schedule: Self.slot(9, .weekdays([1, 7])), startGiven: false)
      ],
      newID: Counter().next)
    #expect(named.map(\.id) == ["am"] && named[0].hour == 9)
  }

  /// Two identical doses (twice the same pill at 08:00) stay two, each with its own id; a slot
  /// that names an id takes it first, so the one without takes the other.
  @Test func eachExistingDoseIsContinuedOnce() {
    let first = MedicationSchedule(id: "a", hour: 8, minute: 0, cadence: Self.everyDay)
    var second = first
    second.id = "b"
    let medication = Self.medication([first, second])
    let after = medication.schedules(
      after: [
        ScheduleEdit(id: nil, schedule: Self.slot(8, Self.everyDay), startGiven: false),
        ScheduleEdit(id: "a", schedule: Self.slot(8, Self.everyDay), startGiven: false),
        ScheduleEdit(id: nil, schedule: Self.slot(8, Self.everyDay), startGiven: false),
      ], newID: Counter().next)
    #expect(after.map(\.id) == ["b", "a", "new1"])
  }

  /// Every-N-days doses match by time and interval; one sent without its first day keeps the
  /// first day it had (a new one starts where the edit says), and one sent with its own first
  /// day goes to the dose that had that day.
  @Test func everyNDaysDosesKeepTheirFirstDay() {
    let odd = MedicationSchedule(
      id: "odd", hour: 21, minute: 0, cadence: .everyDays(2, start: "2026-11-01"))
    let even = MedicationSchedule(
      id: "even", hour: 21, minute: 0, cadence: .everyDays(2, start: "2026-11-02"))
    let medication = Self.medication([odd, even])
    let after = medication.schedules(
      after: [
        ScheduleEdit(
          id: nil, schedule: Self.slot(21, .everyDays(2, start: "2026-11-27")), startGiven: false),
        ScheduleEdit(
          id: nil, schedule: Self.slot(21, .everyDays(2, start: "2026-11-01")), startGiven: true),
        ScheduleEdit(
          id: nil, schedule: Self.slot(21, .everyDays(3, start: "2026-11-27")), startGiven: false),
      ], newID: Counter().next)
    #expect(after.map(\.id) == ["even", "odd", "new1"])
    #expect(after[0].cadence == .everyDays(2, start: "2026-11-02"))
    #expect(after[1].cadence == .everyDays(2, start: "2026-11-01"))
    #expect(after[2].cadence == .everyDays(3, start: "2026-11-27"))
  }

  @Test func aWeekdayDoseAddedLaterStartsTheDayItIsAdded() {
    var morning = MedicationSchedule(id: "am", hour: 8, minute: 0, cadence: Self.everyDay)
    morning.startDay = "2026-11-01"
    let medication = Self.medication([morning])
    var dated = Self.slot(12, Self.everyDay)
    dated.startDay = "2026-11-10"
    let after = medication.schedules(
      after: [
        ScheduleEdit(id: nil, schedule: Self.slot(8, Self.everyDay), startGiven: false),
        ScheduleEdit(id: nil, schedule: Self.slot(20, Self.everyDay), startGiven: false),
        ScheduleEdit(id: nil, schedule: dated, startGiven: true),
      ], newID: Counter().next, addedOn: "2026-11-22")
    // The morning dose keeps its first day, the evening one starts today, the noon one as sent
    #expect(after.map(\.id) == ["am", "new1", "new2"])
    #expect(after.map(\.startDay) == ["2026-11-01", "2026-11-22", "2026-11-10"])
    // Doses sent with a new medication start with it
    let first = Self.medication([]).schedules(
      after: [ScheduleEdit(id: nil, schedule: Self.slot(8, Self.everyDay), startGiven: false)],
      newID: Counter().next)
    #expect(first[0].startDay == nil)
  }

  @Test func twoDosesWithOneIdAreRefused() {
    let dose = MedicationSchedule(id: "x", hour: 8, minute: 0, cadence: Self.everyDay)
    var medication = Self.medication([dose, dose])
    medication.schedules[1].hour = 20
    #expect(throws: ValidationError(field: "schedules[1].id", "Two doses have this id.")) {
      try medication.validated()
    }
  }
}
