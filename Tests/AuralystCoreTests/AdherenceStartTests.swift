import Foundation
import Testing

@testable import AuralystCore

/// Adherence counts a medication's doses from its start day (and a schedule's, when later),
/// never from before it existed.
@Suite struct AdherenceStartTests {
  static func medication(
    createdAt: Date?, startDay: String? = nil, evening: String? = nil
  ) -> Medication {
    Medication(
      id: "mag", journalID: "j", name: "Magnesium",
      schedules: [
        MedicationSchedule(id: "s1", hour: 8, minute: 0, cadence: .weekdays(Set(1...7))),
        MedicationSchedule(
          id: "s2", hour: 20, minute: 0, cadence: .weekdays(Set(1...7)), startDay: evening),
      ], authorID: "owner", createdAt: createdAt, startDay: startDay)
  }

  static func adherence(
    _ medication: Medication, intakes: [MedicationIntake] = [], window: InsightWindow = .quarter
  ) -> Insights.Adherence {
    Insights(
      journal: InsightsTests.journal, entries: [], medications: [medication], intakes: intakes,
      window: window, now: InsightsTests.now
    ).adherence[0]
  }

  static func checkOff(_ schedule: String, _ day: String, at time: String) -> MedicationIntake {
    MedicationIntake(
      id: "\(schedule)-\(day)", medicationID: "mag", scheduleID: schedule, origin: .scheduled,
      timestamp: InsightsTests.local("\(day) \(time)"), scheduledDate: day, authorID: "owner")
  }

  @Test func aMedicationAddedTodayCountsOnlyTodaysDosesSinceIt() {
    // Started today, added at 07:00; it is noon: the 08:00 dose is due, the 20:00 one is not.
    let early = Self.adherence(
      Self.medication(createdAt: InsightsTests.local("2026-11-22 07:00"), startDay: "2026-11-22"))
    #expect(early.scheduled == 1 && early.taken == 0 && early.startedOn == "2026-11-22")
    // Added at 11:00, after the morning dose: nothing is due yet (not 0 of 180).
    let late = Self.adherence(
      Self.medication(createdAt: InsightsTests.local("2026-11-22 11:00"), startDay: "2026-11-22"))
    #expect(late.scheduled == 0 && late.rate == nil && late.startedOn == "2026-11-22")
  }

  @Test func aStartDayMovedBackCountsEveryDoseFromIt() {
    // Added today at 11:00, its start edited to the 18th. Due: 08:00 and 20:00 on the 18th,
    // 19th, 20th and 21st (4 x 2 = 8), and 08:00 on the 22nd (20:00 is tonight): 9.
    // Checked off: the 19th's 08:00, the 20th's 08:00 and 20:00, and the 17th's 08:00 (before
    // the start, so it fills no due dose): 3 of 9.
    let medication = Self.medication(
      createdAt: InsightsTests.local("2026-11-22 11:00"), startDay: "2026-11-18")
    let intakes = [
      Self.checkOff("s1", "2026-11-17", at: "08:00"),
      Self.checkOff("s1", "2026-11-19", at: "08:05"),
      Self.checkOff("s1", "2026-11-20", at: "08:00"),
      Self.checkOff("s2", "2026-11-20", at: "20:10"),
    ]
    let adherence = Self.adherence(medication, intakes: intakes)
    #expect(adherence.scheduled == 9 && adherence.taken == 3)
    #expect(adherence.rate == 3.0 / 9.0 && adherence.startedOn == "2026-11-18")
  }

  @Test func aScheduleStartingLaterCountsFromItsOwnStart() {
    // The medication from the 18th, its evening dose added on the 21st. Due: 08:00 on the 18th
    // to the 22nd (5), 20:00 on the 21st only (the 22nd's is tonight): 6.
    let medication = Self.medication(
      createdAt: InsightsTests.local("2026-11-18 07:00"), startDay: "2026-11-18",
      evening: "2026-11-21")
    let adherence = Self.adherence(
      medication, intakes: [Self.checkOff("s2", "2026-11-21", at: "20:00")])
    #expect(adherence.scheduled == 6 && adherence.taken == 1)
    // A schedule that starts before its medication is due from the medication's start: the
    // 20th to the 22nd, 3 mornings and 2 evenings = 5.
    let earlier = Self.medication(createdAt: nil, startDay: "2026-11-20", evening: "2026-11-01")
    #expect(Self.adherence(earlier).scheduled == 5)
  }

  @Test func aStartAfterTodayHasNothingDueYet() {
    let medication = Self.medication(
      createdAt: InsightsTests.local("2026-11-22 07:00"), startDay: "2026-11-25")
    let adherence = Self.adherence(medication)
    #expect(adherence.scheduled == 0 && adherence.rate == nil)
  }

  @Test func anOldMedicationStartsOnTheDayItWasAddedOrCountsTheWholeWindow() {
    // Added long before the 7-day window: 7 days x 2 doses, less tonight's = 13.
    let old = Self.adherence(
      Self.medication(createdAt: InsightsTests.local("2026-01-01 00:00")), window: .week)
    #expect(old.scheduled == 13 && old.startedOn == nil)
    let undated = Self.adherence(Self.medication(createdAt: nil), window: .week)
    #expect(undated.scheduled == 13 && undated.startedOn == nil)
    // Kept before start days were (no start day): from the day it was added, the 20th at
    // 21:00 (New York): the 21st's two doses and the 22nd's morning dose = 3.
    let unstarted = Self.adherence(
      Self.medication(createdAt: InsightsTests.local("2026-11-20 21:00")), window: .week)
    #expect(unstarted.scheduled == 3 && unstarted.startedOn == "2026-11-20")
  }

  @Test func aStartDayIsAValidDay() {
    let bad = Self.medication(createdAt: nil, startDay: "2026-11-31")
    #expect(throws: ValidationError(field: "startDate", "The start date looks like 2026-11-22.")) {
      try bad.validated()
    }
    let badDose = Self.medication(createdAt: nil, evening: "22/11/2026")
    #expect {
      try badDose.validated()
    } throws: { error in
      (error as? ValidationError)?.field == "schedules[1].startDate"
    }
  }
}
