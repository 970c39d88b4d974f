import Foundation
import Testing

@testable import AuralystCore

@Suite struct ValidationTests {
  let now = Date(timeIntervalSince1970: 1_800_000_000)

  func entry(severity: Int = 4, ratings: [String: Int] = [:], note: String? = nil) -> SymptomEntry {
    SymptomEntry(
      id: "e1", journalID: "j1", timestamp: now, severity: severity, symptomSeverities: ratings,
      note: note, authorID: "u1")
  }

  @Test func severityIsFromZeroToTen() throws {
    #expect(try entry(severity: 0).validated(symptoms: []).severity == 0)
    #expect(try entry(severity: 10).validated(symptoms: []).severity == 10)
    for bad in [-1, 11] {
      #expect(
        throws: ValidationError(
          field: "severity", "Severity is from 0 (none) to 10 (worst), not \(bad).")
      ) { try entry(severity: bad).validated(symptoms: []) }
    }
  }

  @Test func ratingsMustNameTheJournalsSymptoms() throws {
    let symptoms = ["Headache", "Brain fog"]
    let valid = try entry(ratings: ["brain FOG": 3, "Headache": 0]).validated(symptoms: symptoms)
    #expect(valid.symptomSeverities == ["Brain fog": 3, "Headache": 0])
    #expect(
      throws: ValidationError(
        field: "symptoms.Nausea",
        "Nausea is not in this journal's symptom list; add it there first.")
    ) {
      try entry(ratings: ["Nausea": 2]).validated(symptoms: symptoms)
    }
    #expect(
      throws: ValidationError(field: "symptoms.Headache", "Headache is rated from 0 to 10, not 12.")
    ) {
      try entry(ratings: ["Headache": 12]).validated(symptoms: symptoms)
    }
  }

  @Test func notesAreTrimmedAndAnEmptyNoteIsNone() throws {
    #expect(try entry(note: "  slept badly \n").validated(symptoms: []).note == "slept badly")
    #expect(try entry(note: "   ").validated(symptoms: []).note == nil)
  }

  @Test func theSymptomListIsCheckedAsTheOwnerEditsIt() throws {
    #expect(try Journal.validSymptoms([" Headache ", "Fatigue"]) == ["Headache", "Fatigue"])
    #expect(throws: ValidationError(field: "symptoms[1]", "A symptom needs a name.")) {
      try Journal.validSymptoms(["Headache", " "])
    }
    #expect(throws: ValidationError(field: "symptoms[1]", "headache is in the list twice.")) {
      try Journal.validSymptoms(["Headache", "headache"])
    }
  }

  @Test func aMedicationNeedsANameAndValidSchedules() throws {
    let daily = MedicationSchedule(
      id: "s1", label: " Morning ", hour: 8, minute: 0, cadence: .weekdays([1, 2, 3, 4, 5, 6, 7]))
    let medication = Medication(
      id: "m1", journalID: "j1", name: "  Ibuprofen ", defaultAmount: 200, defaultUnit: "mg",
      schedules: [daily], authorID: "u1")
    let valid = try medication.validated()
    #expect(valid.name == "Ibuprofen" && valid.schedules[0].label == "Morning")

    var unnamed = medication
    unnamed.name = "  "
    #expect(throws: ValidationError(field: "name", "A medication needs a name.")) {
      try unnamed.validated()
    }

    var noDays = medication
    noDays.schedules = [MedicationSchedule(id: "s2", hour: 8, minute: 0, cadence: .weekdays([]))]
    #expect(
      throws: ValidationError(
        field: "schedules[0].days", "Choose at least one day for this schedule.")
    ) {
      try noDays.validated()
    }
    var badInterval = medication
    badInterval.schedules = [
      MedicationSchedule(id: "s3", hour: 8, minute: 0, cadence: .everyDays(0, start: "2026-11-22"))
    ]
    #expect(
      throws: ValidationError(field: "schedules[0].interval", "Repeat every 1 to 365 days, not 0.")
    ) {
      try badInterval.validated()
    }
    var badTime = medication
    badTime.schedules = [MedicationSchedule(id: "s4", hour: 24, minute: 0, cadence: .weekdays([2]))]
    #expect(
      throws: ValidationError(field: "schedules[0].time", "A dose time is between 00:00 and 23:59.")
    ) {
      try badTime.validated()
    }
    for amount in [0, -1, 1e19, .infinity, .nan] {
      var odd = medication
      odd.defaultAmount = amount
      #expect(
        throws: ValidationError(
          field: "defaultAmount", "The default amount is more than 0 and at most 1,000,000.")
      ) {
        try odd.validated()
      }
    }
    var many = medication
    many.schedules = (0..<25).map {
      MedicationSchedule(id: "s\($0)", hour: 8, minute: 0, cadence: .weekdays([2]))
    }
    #expect(throws: ValidationError(field: "schedules", "A medication has at most 24 doses a day."))
    {
      try many.validated()
    }
  }

  @Test func symptomNamesCannotBeExportColumns() {
    #expect(
      throws: ValidationError(
        field: "symptoms[1]", "Note names a column of the export; call it something else.")
    ) {
      try Journal.validSymptoms(["Headache", "Note"])
    }
  }

  @Test func intakesReferToTheirMedicationsSchedules() throws {
    let medication = Medication(
      id: "m1", journalID: "j1", name: "Magnesium",
      schedules: [
        MedicationSchedule(
          id: "s1", hour: 21, minute: 30, cadence: .everyDays(2, start: "2026-11-01"))
      ],
      authorID: "u1")
    let intake = MedicationIntake(
      id: "i1", medicationID: "m1", scheduleID: "s1", origin: .scheduled, timestamp: now,
      scheduledDate: "2026-11-22", authorID: "u1")
    #expect(try intake.validated(for: medication) == intake)
    var stray = intake
    stray.scheduleID = "nope"
    #expect(throws: ValidationError(field: "scheduleId", "Magnesium has no such schedule.")) {
      try stray.validated(for: medication)
    }
    var badDay = intake
    badDay.scheduledDate = "2026-02-30"
    #expect(
      throws: ValidationError(field: "scheduledDate", "The scheduled day looks like 2026-11-22.")
    ) { try badDay.validated(for: medication) }
  }

  @Test func calendarDaysAreReal() {
    #expect(CalendarDay("2024-02-29") != nil)
    #expect(CalendarDay("2023-02-29") == nil)
    #expect(CalendarDay("2026-13-01") == nil)
    #expect(CalendarDay("2026-1-01") == nil)
    #expect(CalendarDay("2026-11-22")! < CalendarDay("2026-12-01")!)
  }

  @Test func notesNeedText() throws {
    let note = CollaboratorNote(
      id: "n1", journalID: "j1", authorID: "u2", authorName: "Sam", text: "  Call the clinic  ",
      timestamp: now)
    #expect(try note.validated().text == "Call the clinic")
    var empty = note
    empty.text = "\n"
    #expect(throws: ValidationError(field: "text", "Write something first.")) {
      try empty.validated()
    }
  }
}
