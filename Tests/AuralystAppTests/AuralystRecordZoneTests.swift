import Foundation
import HearthCore
import HearthTesting
import HummingbirdTesting
import Testing

@testable import AuralystApp

/// An entry and a dose stay on the day, and at the time, they were logged on after their
/// journal moves.
struct AuralystRecordZoneTests {
  @Test func aDayKeepsItsEntriesAndDosesAfterTheJournalMoves() async throws {
    let server = try await TestServer(apps: testedApps)
    try await server.run { client in
      let ann = try await client.signup("ann@example.com", name: "Ann")
      let created = try await client.json(
        .post, "/api/auralyst/journals", ["title": "Mine", "timeZone": "Europe/Berlin"],
        token: ann.access)
      let journal = try #require((created["journal"] as? [String: Any])?["id"] as? String)
      let base = "/api/auralyst/journals/\(journal)"
      // 00:30 on the 3rd in Berlin, 18:30 on the 2nd in New York
      let entry = try await client.json(
        .post, "\(base)/entries",
        ["severity": 7, "timestamp": "2026-11-02T23:30:00Z", "note": "After midnight"],
        token: ann.access)
      #expect(entry.status == 201)
      let medication = try await client.json(
        .post, "\(base)/medications", ["name": "Ibuprofen", "isAsNeeded": true], token: ann.access)
      let medicationID = try #require(
        (medication["medication"] as? [String: Any])?["id"] as? String)
      let intake = try await client.json(
        .post, "\(base)/intakes",
        ["medicationId": medicationID, "timestamp": "2026-11-02T23:40:00Z"], token: ann.access)
      #expect(intake.status == 201)
      let moved = try await client.json(
        .patch, base, ["timeZone": "America/New_York"], token: ann.access)
      #expect(moved.status == 200)

      func page(_ day: String) async throws -> String {
        let reply = try await client.raw(
          .get, "/auralyst/journals/\(journal)/days/\(day)",
          headers: [.authorization: "Bearer \(ann.access)"])
        #expect(reply.status == 200)
        return reply.text
      }
      let third = try await page("2026-11-03")
      #expect(third.contains("After midnight"))
      #expect(third.contains("00:30 "))
      #expect(!(try await page("2026-11-02")).contains("After midnight"))
      func intakes(_ day: String) async throws -> Int {
        let reply = try await client.json(
          .get, "\(base)/intakes?day=\(day)", token: ann.access)
        return (reply["intakes"] as? [Any])?.count ?? -1
      }
      #expect(try await intakes("2026-11-03") == 1)
      #expect(try await intakes("2026-11-02") == 0)
    }
  }
}
