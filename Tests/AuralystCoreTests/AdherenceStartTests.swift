import Foundation
import Testing

@testable import AuralystCore

/// Adherence counts a medication's doses from when it was added, not from the window's start.
@Suite struct AdherenceStartTests {
  static func medication(createdAt: Date?) -> Medication {
    Medication(
      id: "mag", journalID: "j", name: "Magnesium",
      schedules: [
        MedicationSchedule(id: "s1", hour: 8, minute: 0, cadence: .weekdays(Set(1...7))),
        MedicationSchedule(id: "s2", hour: 20, minute: 0, cadence: .weekdays(Set(1...7))),
      ], authorID: "owner", createdAt: createdAt)
  }

  static func adherence(
    _ medication: Medication, intakes: [MedicationIntake] = [], window: InsightWindow = .quarter
  ) -> Insights.Adherence {
    Insights(
      journal: InsightsTests.journal, entries: [], medications: [medication], intakes: intakes,
      window: window, now: InsightsTests.now
    ).adherence[0]
  }

  @Test func aMedicationAddedTodayCountsOnlyTodaysDosesSinceIt() {
    // Added at 07:00 on the 22nd; it is noon: the 08:00 dose is due, the 20:00 one is not.
    let early = Self.adherence(Self.medication(createdAt: InsightsTests.local("2026-11-22 07:00")))
    #expect(early.scheduled == 1 && early.taken == 0 && early.startedOn == "2026-11-22")
    // Added at 11:00, after the morning dose: nothing is due yet (not 0 of 180).
    let late = Self.adherence(Self.medication(createdAt: InsightsTests.local("2026-11-22 11:00")))
    #expect(late.scheduled == 0 && late.rate == nil && late.startedOn == "2026-11-22")
  }

  @Test func aDoseCheckedOffBeforeItWasAddedMovesItsStartBack() {
    let medication = Self.medication(createdAt: InsightsTests.local("2026-11-22 11:00"))
    let checked = MedicationIntake(
      id: "i", medicationID: "mag", scheduleID: "s1", origin: .scheduled,
      timestamp: InsightsTests.local("2026-11-21 08:00"), scheduledDate: "2026-11-21",
      authorID: "owner")
    let adherence = Self.adherence(medication, intakes: [checked])
    // The 21st at 08:00 and 20:00, the 22nd at 08:00: one of three taken.
    #expect(adherence.scheduled == 3 && adherence.taken == 1)
    #expect(adherence.startedOn == "2026-11-21")
  }

  @Test func anOlderOrUndatedMedicationCountsTheWholeWindow() {
    // Added long before the 7-day window: 7 days x 2 doses, less tonight's = 13.
    let old = Self.adherence(
      Self.medication(createdAt: InsightsTests.local("2026-01-01 00:00")), window: .week)
    #expect(old.scheduled == 13 && old.startedOn == nil)
    let undated = Self.adherence(Self.medication(createdAt: nil), window: .week)
    #expect(undated.scheduled == 13 && undated.startedOn == nil)
  }
}
