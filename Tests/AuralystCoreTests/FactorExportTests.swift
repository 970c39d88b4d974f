import Foundation
import Testing

@testable import AuralystCore

/// Factors travel in the journal's own files, JSON and CSV, and come back whole.
@Suite struct FactorExportTests {
  static var journal: JournalExport {
    var export = ExportImportTests.journal
    export.factors = [
      Factor(
        id: "f1", journalID: "j", name: "Sleep", kind: .number, unit: "hours",
        authorID: "owner", createdAt: InsightsTests.local("2026-11-01 08:00")),
      Factor(
        id: "f2", journalID: "j", name: "Triggers, \"mostly\"", kind: .tags, authorID: "carer",
        createdAt: InsightsTests.local("2026-11-02 08:00")),
      Factor(
        id: "f3", journalID: "j", name: "Red wine", kind: .yesNo, authorID: "owner",
        createdAt: InsightsTests.local("2026-11-02 09:00")),
    ]
    export.factorValues = [
      FactorValue(factorID: "f1", day: "2026-11-20", number: 6.5, authorID: "owner"),
      FactorValue(
        factorID: "f2", day: "2026-11-20", tags: ["rain, heavy", "stress"], authorID: "carer"),
      FactorValue(factorID: "f3", day: "2026-11-21", number: 0, authorID: "owner"),
    ]
    return export
  }

  @Test func factorsRoundTripInJSONAndCSV() throws {
    let original = Self.journal
    let json = try JournalImport.parse(json: original.json())
    #expect(json.export.factors == original.factors)
    #expect(json.export.factorValues == original.factorValues)
    #expect(json.export.json() == original.json())
    let text = original.csv()
    #expect(text.contains("factors\nid,journal_id,name,kind,unit,author_id,createdAt\n"))
    #expect(text.contains("factor_values\nfactor_id,day,number,tags,author_id\n"))
    let csv = try JournalImport.parse(csv: text)
    #expect(csv.export.factors == original.factors)
    #expect(csv.export.factorValues == original.factorValues)
    #expect(csv.export.csv() == text)
    // A journal without factors writes no factor sections, so its files stay as they were
    #expect(!ExportImportTests.journal.csv().contains("factors"))
    #expect(!String(decoding: ExportImportTests.journal.json(), as: UTF8.self).contains("factor"))
  }

  @Test func copiesFollowTheirFactorsNewIds() {
    var counter = 0
    let copy = Self.journal.copies(into: "k", authorID: "me") {
      counter += 1
      return "new\(counter)"
    }
    let ids = Set(copy.factors.map(\.id))
    #expect(ids.isDisjoint(with: ["f1", "f2", "f3"]) && ids.count == 3)
    #expect(copy.factorValues.allSatisfy { ids.contains($0.factorID) && $0.authorID == "me" })
    #expect(copy.factors.allSatisfy { $0.journalID == "k" && $0.authorID == "me" })
  }

  @Test func aBadFactorRowIsNamedAndNothingImports() throws {
    func problem(_ edit: (inout JournalExport) -> Void) -> ImportProblem? {
      var export = Self.journal
      edit(&export)
      do {
        _ = try JournalImport.parse(json: export.json())
        return nil
      } catch { return error }
    }
    #expect(
      problem { $0.factorValues[0].factorID = "gone" }
        == ImportProblem(
          row: "factorValues[0]", field: "factorID", "Factor gone is not in the file."))
    #expect(
      problem { $0.factorValues[2].number = 2 }
        == ImportProblem(row: "factorValues[2]", field: "present", "Red wine is yes or no."))
    #expect(
      problem { $0.factorValues.append($0.factorValues[0]) }
        == ImportProblem(
          row: "factorValues[3]", field: "day", "Sleep has two values for 2026-11-20."))
    #expect(
      problem { $0.factors[2].name = "SLEEP" }
        == ImportProblem(row: "factors[2]", field: "name", "SLEEP appears twice in the file."))
  }
}
