import Foundation
import HTTPTypes
import HearthCore
import HearthTesting
import HummingbirdTesting
import Testing

@testable import AuralystApp
@testable import HearthPlatform

/// The reference app's export files, in each of its formats, imported over HTTP into a journal
/// in Tokyo, exported, and imported again.
@Suite struct AuralystReferenceImportTests {
  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../Fixtures/auralyst-reference").standardized

  @Test(arguments: [
    "auralyst-0.1.json", "auralyst-0.1.csv", "auralyst-0.2.json", "auralyst-0.2.csv",
  ])
  func aReferenceFileImportsAndSurvivesARoundTrip(name: String) async throws {
    let server = try await TestServer()
    let file = try Data(contentsOf: Self.fixtures.appendingPathComponent(name))
    let format = name.hasSuffix(".json") ? "json" : "csv"
    let withNotes = name.contains("0.2")
    try await server.run { client in
      let owner = try await client.signup("ann@example.com", name: "Ann")
      func journal(_ title: String) async throws -> String {
        let created = try await client.json(
          .post, "/api/auralyst/journals", ["title": title, "timeZone": "Asia/Tokyo"],
          token: owner.access)
        return try #require((created["journal"] as? [String: Any])?["id"] as? String)
      }
      func importing(_ body: Data, format: String, into id: String) async throws -> JSONReply {
        try await client.raw(
          .post, "/api/auralyst/journals/\(id)/import?format=\(format)", body: body,
          headers: [.authorization: "Bearer \(owner.access)"])
      }
      // Given the reference's file, imported into a journal in Tokyo
      let first = try await journal("From the reference")
      let imported = try await importing(file, format: format, into: first)
      #expect(imported.status == 200, "\(imported.text)")
      #expect(
        imported["imported"] as? [String: Int] == [
          "entries": 3, "medications": 3, "schedules": 2, "intakes": 4,
          "notes": withNotes ? 2 : 0,
        ])
      #expect(
        imported["repairs"] as? [String] == (withNotes ? ["1 note without text was left out."] : [])
      )

      // Then the ratings, the doses' days in Tokyo and the notes are in the journal
      let export = try await client.json(
        .get, "/api/auralyst/journals/\(first)/export?format=json", token: owner.access)
      let entries = try #require(export["entries"] as? [[String: Any]])
      let ratings = Set(entries.compactMap { $0["symptoms"] as? [String: Int] })
      #expect(ratings == [["Headache": 6, "Anxiety": 3], ["Headache": 8, "Nausea": 5]])
      let intakes = try #require(export["intakes"] as? [[String: Any]])
      let days = intakes.compactMap { $0["scheduledDate"] as? String }.sorted()
      #expect(days == ["2026-01-26", "2026-01-26", "2026-01-27"])
      let notes = try #require(export["collaboratorNotes"] as? [[String: Any]])
      #expect(
        Set(notes.compactMap { $0["text"] as? String })
          == (withNotes ? ["Slept badly", "Called the clinic, all fine"] : []))

      // and what the journal exports imports into another journal as the same journal
      for format in ["json", "csv"] {
        let exported = try await client.json(
          .get, "/api/auralyst/journals/\(first)/export?format=\(format)", token: owner.access)
        let second = try await journal("Copy")
        let again = try await importing(Data(exported.text.utf8), format: format, into: second)
        #expect(again.status == 200 && (again["repairs"] as? [String])?.isEmpty == true)
        let copy = try await client.json(
          .get, "/api/auralyst/journals/\(second)/export?format=json", token: owner.access)
        let left = try AuralystExportTests.normalized(export.text) as! NSDictionary
        let right = try AuralystExportTests.normalized(copy.text) as! NSDictionary
        #expect(left == right, "\(format)")
      }
    }
  }
}
