import Foundation
import Testing

@testable import AuralystCore

/// The reference app's own export files (Tests/Fixtures/auralyst-reference) import whole, and
/// what they hold survives an export and import here.
@Suite struct ReferenceImportTests {
  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../Fixtures/auralyst-reference").standardized

  static let files = [
    "auralyst-0.1.json", "auralyst-0.1.csv", "auralyst-0.2.json", "auralyst-0.2.csv",
  ]

  static func parse(_ name: String, timeZone: String) throws -> JournalImport {
    let data = try Data(contentsOf: fixtures.appendingPathComponent(name))
    return name.hasSuffix(".json")
      ? try JournalImport.parse(json: data, timeZone: timeZone)
      : try JournalImport.parse(csv: String(decoding: data, as: UTF8.self), timeZone: timeZone)
  }

  static func utc(_ text: String) -> Date { ISO8601DateFormatter().date(from: text)! }

  /// The fixture's ids: A1… entries, B2… notes, C3… medications, D4… schedules, E5… intakes.
  static func id(_ prefix: String, _ number: Int) -> String {
    "\(prefix)000000-0000-4000-8000-00000000000\(number)"
  }

  @Test(arguments: files)
  func aReferenceFileImportsWhole(name: String) throws {
    // Given a file the reference app wrote in Tokyo (+0900), imported into a Tokyo journal
    let imported = try Self.parse(name, timeZone: "Asia/Tokyo")
    let export = imported.export
    #expect(export.journal.id == "5B0E6C1E-2F4A-4C8B-9D3E-1A2B3C4D5E6F")
    #expect(export.journal.timeZone == "Asia/Tokyo")

    // Then the top-level headache, nausea and anxiety are the entries' ratings, named as the
    // journal's list names them, listed in the order they first appear
    #expect(export.journal.symptoms == ["Headache", "Nausea", "Anxiety"])
    let entries = Dictionary(uniqueKeysWithValues: export.entries.map { ($0.id, $0) })
    let first = try #require(entries[Self.id("A1", 1)])
    #expect(first.symptomSeverities == ["Headache": 6, "Anxiety": 3])
    #expect(first.severity == 0 && first.insightSeverity == 4.5)
    #expect(first.isMenstruating == true)
    #expect(first.note == "Woke up with it, \"foggy\"\nthen better")
    // 07:30 in Tokyo is 22:30 UTC the day before
    #expect(first.timestamp == Self.utc("2026-01-25T22:30:00Z"))
    #expect(entries[Self.id("A1", 2)]?.symptomSeverities == [:])
    #expect(entries[Self.id("A1", 3)]?.symptomSeverities == ["Headache": 8, "Nausea": 5])

    // and medications keep their kind, amounts and doses (the reference's dose with no cadence
    // and no days is every day)
    #expect(export.medications.map(\.name) == ["Ibuprofen", "Magnesium", "Vitamin D"])
    #expect(export.medications[0].isAsNeeded && export.medications[0].useCase == "pain")
    let magnesium = export.medications[1]
    #expect(!magnesium.isAsNeeded && magnesium.notes == "with dinner")
    #expect(magnesium.schedules.map(\.id) == [Self.id("D4", 1), Self.id("D4", 2)])
    #expect(magnesium.schedules.map(\.label) == ["Morning", "Evening"])
    #expect(magnesium.schedules.map(\.hour) == [8, 20])
    #expect(magnesium.schedules.allSatisfy { $0.cadence == .weekdays(Set(1...7)) && $0.isActive })
    #expect(!export.medications[2].isAsNeeded && export.medications[2].schedules.isEmpty)

    // and each scheduled dose's day is its day in Tokyo; the synthetic daily dose has no schedule
    let intakes = Dictionary(uniqueKeysWithValues: export.intakes.map { ($0.id, $0) })
    #expect(intakes[Self.id("E5", 1)]?.scheduledDate == "2026-01-27")
    #expect(intakes[Self.id("E5", 1)]?.scheduleID == Self.id("D4", 1))
    #expect(intakes[Self.id("E5", 4)]?.scheduledDate == "2026-01-26")
    #expect(intakes[Self.id("E5", 2)]?.scheduleID == nil)
    #expect(intakes[Self.id("E5", 2)]?.scheduledDate == "2026-01-26")
    let asNeeded = try #require(intakes[Self.id("E5", 3)])
    #expect(asNeeded.origin == .asNeeded && asNeeded.scheduledDate == nil)
    #expect(asNeeded.amount == 400 && asNeeded.note == "with food, then rest")

    // and notes (from 0.2 on) come in, but the one saved without text is left out, and said so
    if name.contains("0.2") {
      #expect(export.notes.map(\.id) == [Self.id("B2", 1), Self.id("B2", 3)])
      #expect(export.notes[0].entryID == Self.id("A1", 1) && export.notes[0].authorName == "Sam")
      #expect(
        export.notes[1].entryID == nil && export.notes[1].text == "Called the clinic, all fine")
      #expect(imported.repairs == ["1 note without text was left out."])
    } else {
      #expect(export.notes.isEmpty && imported.repairs.isEmpty)
    }
  }

  /// The file's days are midnights in Tokyo: read in UTC they would fall on the day before.
  @Test func theReferencesDaysAreReadInTheJournalsZone() throws {
    for name in Self.files {
      let inUTC = try Self.parse(name, timeZone: "UTC").export
      #expect(inUTC.intakes.first { $0.id == Self.id("E5", 1) }?.scheduledDate == "2026-01-26")
      let inTokyo = try Self.parse(name, timeZone: "Asia/Tokyo").export
      #expect(inTokyo.intakes.first { $0.id == Self.id("E5", 1) }?.scheduledDate == "2026-01-27")
    }
  }

  @Test(arguments: files)
  func anImportedReferenceFileSurvivesAnExportAndImport(name: String) throws {
    let imported = try Self.parse(name, timeZone: "Asia/Tokyo").export
    let viaJSON = try JournalImport.parse(json: imported.json(), timeZone: "UTC")
    let viaCSV = try JournalImport.parse(csv: imported.csv(), timeZone: "UTC")
    #expect(viaJSON.repairs.isEmpty && viaCSV.repairs.isEmpty)
    #expect(viaJSON.export == imported)
    #expect(viaCSV.export == imported)
  }

  /// The reference's offsets have no colon; both spellings are the same instant.
  @Test func offsetsWithoutAColonAreRead() {
    let instant = Self.utc("2026-01-25T23:30:00Z")
    #expect(ISOTime.date("2026-01-26T08:30:00.000+0900") == instant)
    #expect(ISOTime.date("2026-01-26T08:30:00+09:00") == instant)
    #expect(ISOTime.date("2026-01-25T18:30:00.000-0500") == instant)
    #expect(ISOTime.date("2026-01-26T08:30:00.000+090") == nil)
    #expect(ISOTime.date("2026-01-26T08:30:00.000+09:0") == nil)
  }

  /// A note whose text the reference wrote as null, rather than leaving it out.
  @Test func aNoteWithNullTextIsLeftOut() throws {
    let data = try Data(contentsOf: Self.fixtures.appendingPathComponent("auralyst-0.2.json"))
    var json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    var notes = try #require(json["collaboratorNotes"] as? [[String: Any]])
    notes[0]["text"] = NSNull()
    json["collaboratorNotes"] = notes
    let imported = try JournalImport.parse(
      json: JSONSerialization.data(withJSONObject: json), timeZone: "Asia/Tokyo")
    #expect(imported.export.notes.map(\.id) == [Self.id("B2", 3)])
    #expect(imported.repairs == ["2 notes without text were left out."])
  }
}
