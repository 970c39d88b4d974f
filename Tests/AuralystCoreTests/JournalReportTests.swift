import Foundation
import Testing

@testable import AuralystCore

/// The report's period, its dose log (taken, late, skipped, missed, still due) and its FHIR
/// bundle, on a New York journal at noon on 22 November 2026.
@Suite struct JournalReportTests {
  static let local = InsightsTests.local
  static let now = InsightsTests.now
  static let today = CalendarDay("2026-11-22")!.daysSince1970

  @Test(
    arguments: [
      (nil, nil, "2026-10-24", "2026-11-22"),
      ("", "", "2026-10-24", "2026-11-22"),
      ("2026-11-01", nil, "2026-11-01", "2026-11-22"),
      (nil, "2026-11-10", "2026-10-12", "2026-11-10"),
      ("2026-11-20", "2026-11-20", "2026-11-20", "2026-11-20"),
    ] as [(String?, String?, String, String)])
  func aPeriodDefaultsToTheThirtyDaysToItsEnd(
    from: String?, to: String?, first: String, last: String
  ) throws {
    let period = try ReportPeriod(from: from, to: to, today: Self.today)
    #expect(period.firstDay.description == first && period.lastDay.description == last)
  }

  @Test(
    arguments: [
      ("2026-13-01", nil, "from"), (nil, "22/11/2026", "to"), ("2026-11-21", "2026-11-20", "from"),
      ("2024-11-19", "2026-11-20", "from"),
    ] as [(String?, String?, String)])
  func aPeriodThatCannotBeIsRefusedNamingItsField(from: String?, to: String?, field: String) {
    #expect(throws: ValidationError.self) {
      try ReportPeriod(from: from, to: to, today: Self.today)
    }
    do {
      _ = try ReportPeriod(from: from, to: to, today: Self.today)
    } catch {
      #expect(error.field == field)
    }
  }

  static let magnesium = Medication(
    id: "mag", journalID: "j", name: "Magnesium", defaultAmount: 400, defaultUnit: "mg",
    schedules: [
      MedicationSchedule(
        id: "am", label: "Morning", hour: 8, minute: 0, cadence: .weekdays(Set(1...7)))
    ], authorID: "owner", createdAt: local("2026-11-01 07:00"))
  static let ibuprofen = Medication(
    id: "ibu", journalID: "j", name: "Ibuprofen", defaultAmount: 200, defaultUnit: "mg",
    useCase: "pain", isAsNeeded: true, authorID: "owner")

  static func intake(
    _ id: String, _ day: String, at time: String, status: MedicationIntake.Status? = nil
  ) -> MedicationIntake {
    MedicationIntake(
      id: id, medicationID: "mag", scheduleID: "am", origin: .scheduled,
      timestamp: local("\(day) \(time)"), scheduledDate: day, authorID: "owner", status: status)
  }

  /// The 18th taken, the 19th taken late, the 20th skipped, the 21st nobody logged, and the
  /// 22nd's 08:00 dose logged loose at 08:10; an Ibuprofen as needed on the 21st. The grace
  /// period is 60 minutes.
  static let intakes = [
    intake("t18", "2026-11-18", at: "08:02"),
    intake("t19", "2026-11-19", at: "11:30", status: .late),
    intake("t20", "2026-11-20", at: "09:30", status: .skipped),
    MedicationIntake(
      id: "loose", medicationID: "mag", origin: .scheduled, timestamp: local("2026-11-22 08:10"),
      authorID: "owner"),
    MedicationIntake(
      id: "pain", medicationID: "ibu", origin: .asNeeded, timestamp: local("2026-11-21 15:00"),
      note: "Headache at work", authorID: "owner"),
  ]

  static func report(now: Date = now) -> JournalReport {
    JournalReport(
      journal: InsightsTests.journal, ownerName: "Ann",
      period: ReportPeriod(first: today - 4, last: today), now: now,
      entries: [
        InsightsTests.entry(
          "e1", "2026-11-19 09:00", 6, symptoms: ["Headache": 7], menstruating: true),
        InsightsTests.entry("old", "2026-11-10 09:00", 2),
      ],
      medications: [magnesium, ibuprofen], intakes: intakes,
      factors: [
        Factor(
          id: "sleep", journalID: "j", name: "Sleep", kind: .number, unit: "hours",
          authorID: "owner", createdAt: local("2026-11-01 07:00")),
        Factor(
          id: "wine", journalID: "j", name: "Red wine", kind: .yesNo, authorID: "owner",
          createdAt: local("2026-11-01 07:00")),
      ],
      factorValues: [
        FactorValue(factorID: "sleep", day: "2026-11-19", number: 6.5, authorID: "owner"),
        FactorValue(factorID: "wine", day: "2026-11-20", number: 1, authorID: "owner"),
        FactorValue(factorID: "sleep", day: "2026-11-01", number: 8, authorID: "owner"),
      ],
      notes: [
        CollaboratorNote(
          id: "n1", journalID: "j", entryID: "e1", authorID: "bob", authorName: "Bob",
          text: "Called the doctor", timestamp: local("2026-11-23 09:00"))
      ])
  }

  @Test func theDoseLogSaysHowEachDoseWent() {
    let log = Self.report().doseLog
    #expect(
      log.doses.map { "\($0.day) \($0.state.rawValue) \($0.intake?.id ?? "-")" } == [
        "2026-11-18 taken t18", "2026-11-19 late t19", "2026-11-20 skipped t20",
        "2026-11-21 missed -", "2026-11-22 taken loose",
      ])
    #expect(log.unscheduled.map(\.id) == ["pain"])
    #expect(log.count(.missed, of: "mag") == 1)
    // At 08:30 the 22nd's dose, not logged yet, is within its grace period: due, not missed.
    let early = JournalReport(
      journal: InsightsTests.journal, ownerName: "Ann",
      period: ReportPeriod(first: Self.today, last: Self.today),
      now: Self.local("2026-11-22 08:30"),
      entries: [], medications: [Self.magnesium], intakes: [], factors: [], factorValues: [],
      notes: [])
    #expect(early.doseLog.doses.map(\.state) == [.due])
  }

  @Test func theReportKeepsItsPeriodsRecords() {
    let report = Self.report()
    #expect(report.entries.map(\.id) == ["e1"])
    #expect(report.factorValues.map(\.day) == ["2026-11-19", "2026-11-20"])
    // A note written after the period about one of its entries is kept.
    #expect(report.notes.map(\.id) == ["n1"])
  }

  static func resources(_ bundle: FHIRJSON) throws -> [[String: Any]] {
    let object = try #require(
      try JSONSerialization.jsonObject(with: bundle.data) as? [String: Any])
    #expect(
      object["resourceType"] as? String == "Bundle" && object["type"] as? String == "collection")
    let entries = try #require(object["entry"] as? [[String: Any]])
    return try entries.map { entry in
      let resource = try #require(entry["resource"] as? [String: Any])
      #expect(entry["fullUrl"] as? String == "urn:uuid:\(resource["id"] as? String ?? "")")
      return resource
    }
  }

  @Test func theBundleHoldsEveryRecordAndEveryDoseWithItsStatus() throws {
    let bundle = Self.report().fhir { "\($0.label ?? "Dose") at 08:00, every day" }
    let resources = try Self.resources(bundle)
    let types = resources.map { $0["resourceType"] as? String ?? "" }
    #expect(types.count { $0 == "Patient" } == 1)
    #expect(types.count { $0 == "Observation" } == 3, "one entry, two factor values")
    #expect(
      types.count { $0 == "Medication" } == 2 && types.count { $0 == "MedicationStatement" } == 2)
    let administrations = resources.filter {
      $0["resourceType"] as? String == "MedicationAdministration"
    }
    let statuses = administrations.map { item in
      let reason = (item["statusReason"] as? [[String: Any]])?.first?["text"] as? String
      return
        "\(item["status"] as? String ?? "") \(item["effectiveDateTime"] as? String ?? "") \(reason ?? "")"
    }
    #expect(
      statuses == [
        "completed 2026-11-18T08:02:00.000-05:00 ",
        "completed 2026-11-19T11:30:00.000-05:00 ",
        "not-done 2026-11-20T08:00:00.000-05:00 Skipped",
        "not-done 2026-11-21T08:00:00.000-05:00 Missed: not logged within 60 minutes of its time",
        "completed 2026-11-22T08:10:00.000-05:00 ",
        "completed 2026-11-21T15:00:00.000-05:00 ",
      ])
    let lateNote =
      ((administrations[1]["note"] as? [[String: Any]])?.first?["text"] as? String) ?? ""
    #expect(lateNote.hasPrefix("Taken late, after the journal's grace period of 60 minutes"))

    // Every reference points at a resource of the bundle
    let ids = Set(resources.compactMap { $0["id"] as? String })
    let text = bundle.text
    let references = text.ranges(of: /"reference":"urn:uuid:([0-9a-f-]{36})"/).map {
      String(text[$0].dropFirst(22).dropLast())
    }
    #expect(!references.isEmpty && references.allSatisfy(ids.contains))

    // The entry: its severity, each symptom's rating, menstruation and notes, in its zone
    let entry = try #require(resources.first { ($0["valueInteger"] as? Int) == 6 })
    #expect(entry["effectiveDateTime"] as? String == "2026-11-19T09:00:00.000-05:00")
    let components = (entry["component"] as? [[String: Any]]) ?? []
    #expect(components.compactMap { $0["valueInteger"] as? Int } == [7])
    #expect(components.compactMap { $0["valueBoolean"] as? Bool } == [true])
    let notes = (entry["note"] as? [[String: Any]])?.compactMap { $0["authorString"] as? String }
    #expect(notes == ["Bob"])
    // A factor's value is for its day
    let sleep = try #require(resources.first { $0["valueQuantity"] != nil })
    #expect(sleep["effectiveDateTime"] as? String == "2026-11-19")
    #expect((sleep["valueQuantity"] as? [String: Any])?["unit"] as? String == "hours")

    // The same journal gives the same ids
    let again = try Self.resources(Self.report().fhir { _ in "" })
    #expect(again.map { $0["id"] as? String } == resources.map { $0["id"] as? String })
  }

  @Test func namedIDsAreVersionEightUUIDs() {
    let id = FHIRBundle.uuid("j\u{0}Patient\u{0}owner")
    #expect(
      id.wholeMatch(of: /[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}/)
        != nil)
    #expect(id != FHIRBundle.uuid("j\u{0}Patient\u{0}other"))
  }

  @Test func textIsEscapedAsJSON() throws {
    let value: FHIRJSON = [
      "text": "A \"quote\", a \\ and a\nline\u{1}", "n": .decimal(6.5), "i": 7,
    ]
    #expect(value.text == #"{"text":"A \"quote\", a \\ and a\nline\u0001","n":6.5,"i":7}"#)
  }
}
