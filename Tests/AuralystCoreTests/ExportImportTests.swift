import Foundation
import Testing

@testable import AuralystCore

@Suite struct ExportImportTests {
  static var journal: JournalExport {
    var medications = InsightsTests.medications
    medications[2].schedules.append(
      MedicationSchedule(
        id: "s3", label: "Every other day, \"evening\"", hour: 21, minute: 30, amount: 2.5,
        unit: "ml", cadence: .everyDays(2, start: "2026-11-01")))
    var intakes = InsightsTests.intakes
    intakes[0].entryID = "e3"
    intakes[0].note = "with food,\nafter lunch"
    return JournalExport(
      journal: InsightsTests.journal,
      entries: InsightsTests.entries.map { entry in
        var entry = entry
        entry.note = entry.id == "e2" ? "Line one\r\nline \"two\", with a comma" : nil
        return entry
      },
      medications: medications, intakes: intakes,
      notes: [
        CollaboratorNote(
          id: "n1", journalID: "j", entryID: "e1", authorID: "carer", authorName: "Sam",
          text: "Slept badly, 日本語 too", timestamp: InsightsTests.local("2026-11-16 07:10")),
        CollaboratorNote(
          id: "n2", journalID: "j", authorID: "owner", authorName: "", text: "General",
          timestamp: InsightsTests.local("2026-11-17 09:00")),
      ])
  }

  @Test func jsonRoundTripsEveryField() throws {
    let original = Self.journal
    let imported = try JournalImport.parse(json: original.json())
    #expect(imported.repairs.isEmpty)
    #expect(imported.export.json() == original.json())
    #expect(imported.export.entries == original.entries)
    #expect(imported.export.medications == original.medications)
    #expect(imported.export.intakes == original.intakes)
    #expect(imported.export.notes == original.notes)
  }

  @Test func startDatesRoundTrip() throws {
    var original = Self.journal
    original.medications[2].startDay = "2026-11-10"
    original.medications[2].schedules[0].startDay = "2026-11-12"
    for imported in [
      try JournalImport.parse(json: original.json()), try JournalImport.parse(csv: original.csv()),
    ] {
      #expect(imported.export.medications[2].startDay == "2026-11-10")
      #expect(imported.export.medications[2].schedules[0].startDay == "2026-11-12")
      #expect(imported.export.medications == original.medications)
    }
  }

  @Test func csvRoundTripsEveryField() throws {
    let original = Self.journal
    let text = original.csv()
    #expect(text.hasPrefix("journal\nid,createdAt,title,timeZone,symptoms\n"))
    #expect(
      text.contains(
        "symptom_entries\nid,journal_id,timestamp,severity,Headache,Nausea,Anxiety,isMenstruating,note,author_id\n"
      ))
    #expect(text.contains("e1,j,2026-11-16T06:00:00.000-05:00,8,,,,true,,owner\n"))
    let imported = try JournalImport.parse(csv: text)
    #expect(imported.export.csv() == text)
    #expect(imported.export.json() == original.json())
  }

  @Test func timesAreWrittenInTheJournalsZoneToTheMillisecond() throws {
    let clock = ZoneClock(
      timeZone: TimeZone(identifier: "America/New_York")!,
      span: Date(timeIntervalSince1970: 1_750_000_000)...Date(timeIntervalSince1970: 1_770_000_000))
    // 2025-06-15T15:06:40.123Z is daylight time in New York.
    let summer = Date(timeIntervalSince1970: 1_750_000_000.1234)
    #expect(ISOTime.string(summer, clock: clock) == "2025-06-15T11:06:40.123-04:00")
    #expect(ISOTime.date("2025-06-15T11:06:40.123-04:00") == ISOTime.rounded(summer))
    #expect(ISOTime.date("2025-06-15T15:06:40Z") == Date(timeIntervalSince1970: 1_750_000_000))
    #expect(
      ISOTime.date("2025-06-15T15:06:40.5+00:00") == Date(timeIntervalSince1970: 1_750_000_000.5))
    #expect(ISOTime.date("2025-02-30T00:00:00Z") == nil)
    #expect(ISOTime.date("2025-06-15T15:06:40") == nil)
  }

  @Test func theFirstBadRowIsNamedAndNothingIsReturned() throws {
    let text = Self.journal.csv()
    let broken = text.replacingOccurrences(
      of: "e5,j,2026-11-19T10:59:00.000-05:00,9,", with: "e5,j,2026-11-19T10:59:00.000-05:00,12,")
    #expect(
      throws: ImportProblem(
        // Line 20: e2's quoted note spans two lines.
        row: "symptom_entries row 5 (line 20)", field: "severity",
        "Severity is from 0 (none) to 10 (worst), not 12.")
    ) {
      try JournalImport.parse(csv: broken)
    }
    var json = try JSONSerialization.jsonObject(with: Self.journal.json()) as! [String: Any]
    var intakes = json["intakes"] as! [[String: Any]]
    intakes[3]["medicationID"] = "gone"
    json["intakes"] = intakes
    #expect(
      throws: ImportProblem(
        row: "intakes[3]", field: "medicationID", "Medication gone is not in the file.")
    ) {
      try JournalImport.parse(json: JSONSerialization.data(withJSONObject: json))
    }
    intakes[3]["medicationID"] = "suma"
    intakes[3]["timestamp"] = 12
    json["intakes"] = intakes
    #expect(
      throws: ImportProblem(row: "intakes[3]", field: "timestamp", "timestamp has the wrong type.")
    ) {
      try JournalImport.parse(json: JSONSerialization.data(withJSONObject: json))
    }
    #expect(throws: ImportProblem(row: "file", "The file is not valid JSON.")) {
      try JournalImport.parse(json: Data("{\"journal\":".utf8))
    }
  }

  @Test func danglingReferencesAreFoundAndRepaired() {
    var journal = Self.journal
    journal.intakes[0].entryID = "gone"
    journal.intakes[4].scheduleID = "s9"
    journal.notes[0].entryID = "gone"
    journal.intakes.append(
      MedicationIntake(
        id: "orphan", medicationID: "gone", origin: .asNeeded, timestamp: InsightsTests.now,
        authorID: "owner"))
    let health = JournalHealth(journal)
    #expect(health.intakesWithMissingEntry == ["i1"])
    #expect(health.intakesWithMissingSchedule == ["i5"])
    #expect(health.notesWithMissingEntry == ["n1"])
    #expect(health.intakesWithMissingMedication == ["orphan"])
    #expect(
      health.problems == [
        "1 logged dose refers to a dose time that was removed.",
        "1 logged dose refers to an entry that was deleted.",
        "1 note refers to an entry that was deleted.",
        "1 logged dose belongs to a medication that was deleted.",
      ])
    let repaired = health.repaired(journal)
    #expect(JournalHealth(repaired).isHealthy)
    #expect(repaired.intakes.count == journal.intakes.count - 1)
    #expect(repaired.intakes[0].entryID == nil && repaired.intakes[4].scheduleID == nil)
    #expect(repaired.notes[0].entryID == nil && repaired.notes[1] == journal.notes[1])
  }

  @Test func aReferenceAppExportImports() throws {
    // The reference app's CSV: no title, zone or symptom list; fixed symptom columns; sentiment
    // columns; a synthetic daily dose id; scheduledDate as a time; a dose with no days.
    let text = #"""
      journal
      id,createdAt
      J1,2026-01-25T10:00:00.000Z

      summary
      metric,value
      exportedEntries,1

      symptom_entries
      id,journal_id,timestamp,severity,headache,nausea,anxiety,isMenstruating,note,sentimentLabel,sentimentScore
      E1,J1,2026-01-26T08:00:00Z,0,4,,2,false,"Woke up, ""foggy""",,

      collaborator_notes
      id,journal_id,entry_id,author_name,text,timestamp
      N1,J1,E1,Pat,Checked in,2026-01-26T09:00:00Z

      medications
      id,journal_id,name,defaultAmount,defaultUnit,isAsNeeded,useCase,notes,createdAt,updatedAt
      M1,J1,Vitamin D,1000,IU,false,,,2026-01-25T10:00:00Z,2026-01-25T10:00:00Z

      medication_intakes
      id,medication_id,entry_id,schedule_id,amount,unit,timestamp,scheduledDate,origin,notes
      I1,M1,,M1,1000,IU,2026-01-26T08:05:00Z,2026-01-26T00:00:00Z,scheduled,
      I2,M1,MISSING,S1,,,2026-01-27T08:00:00Z,,scheduled,

      medication_schedules
      id,medication_id,label,amount,unit,cadence,interval,daysOfWeekMask,hour,minute,timeZoneIdentifier,startDate,isActive,sortOrder
      S2,M1,Morning,1000,IU,,1,0,8,0,,,,0
      """#
    let imported = try JournalImport.parse(csv: text)
    let export = imported.export
    #expect(export.journal.symptoms == ["Anxiety", "Headache"])
    #expect(export.entries[0].symptomSeverities == ["Anxiety": 2, "Headache": 4])
    #expect(export.entries[0].insightSeverity == 3)
    #expect(export.entries[0].note == "Woke up, \"foggy\"")
    #expect(export.notes[0].entryID == "E1" && export.notes[0].authorName == "Pat")
    #expect(export.medications[0].schedules[0].cadence == .weekdays(Set(1...7)))
    #expect(export.intakes[0].scheduleID == nil && export.intakes[0].scheduledDate == "2026-01-26")
    #expect(export.intakes[1].scheduleID == nil && export.intakes[1].entryID == nil)
    #expect(
      imported.repairs == [
        "1 logged dose refers to a dose time that was removed.",
        "1 logged dose refers to an entry that was deleted.",
      ])
  }

  @Test func copiesGetNewIdsAndKeepTheirReferences() {
    var counter = 0
    let copy = Self.journal.copies(into: "k", authorID: "me") {
      counter += 1
      return "id\(counter)"
    }
    let ids = copy.entries.map(\.id) + copy.medications.map(\.id) + copy.intakes.map(\.id)
    #expect(Set(ids).count == ids.count && !ids.contains("e1"))
    let entry = copy.entries.first { $0.timestamp == InsightsTests.local("2026-11-17 07:30") }!
    #expect(copy.intakes[0].entryID == entry.id)
    let magnesium = copy.medications.first { $0.name == "Magnesium" }!
    #expect(copy.intakes[4].medicationID == magnesium.id)
    #expect(copy.intakes[4].scheduleID == magnesium.schedules[0].id)
    #expect(copy.notes.allSatisfy { $0.journalID == "k" && $0.authorID == "me" })
  }
}
