import Foundation
import HTTPTypes
import HearthCore
import HearthTesting
import HummingbirdTesting
import Testing

@testable import AuralystApp
@testable import HearthPlatform

/// A note about no entry is shown on its day's page and in the timeline; a note about an entry
/// stays on the entry's page.
@Suite struct AuralystNotePagesTests {
  /// 2026-11-20 10:00 UTC.
  static let now = Date(timeIntervalSince1970: 1_795_168_800)

  @Test func aNoteAboutNoEntryIsOnItsDayAndInTheTimeline() async throws {
    let server = try await TestServer(apps: testedApps, now: { Self.now })
    try await server.run { client in
      // Given an entry the day before, and today a note about it and a note about no entry
      let owner = try await client.signup("ann@example.com", name: "Ann")
      let reader = try await client.signup("cal@example.com", name: "Cal")
      let created = try await client.json(
        .post, "/api/auralyst/journals", ["title": "Ann's journal", "timeZone": "UTC"],
        token: owner.access)
      let journal = try #require((created["journal"] as? [String: Any])?["id"] as? String)
      let base = "/api/auralyst/journals/\(journal)"
      _ = try await client.json(
        .post, "\(base)/shares", ["email": "cal@example.com", "permission": "read-only"],
        token: owner.access)
      _ = try await client.json(
        .post, "/api/invitations/respond",
        ["app": "auralyst", "kind": "journal", "resourceId": journal, "decision": "accept"],
        token: reader.access)
      let entry = try await AuralystExportTests.post(
        client, "\(base)/entries", ["severity": 5, "timestamp": "2026-11-19T08:00:00Z"],
        owner.access)
      _ = try await AuralystExportTests.post(
        client, "\(base)/notes", ["text": "About the entry", "entryId": entry["id"]!],
        owner.access)
      _ = try await AuralystExportTests.post(
        client, "\(base)/notes", ["text": "Called the clinic", "id": "day-note"], owner.access)
      let pages = "/auralyst/journals/\(journal)"

      for person in [owner, reader] {
        // Then the day's page shows the note about no entry, and not the other
        let today = try await client.json(.get, "\(pages)/days/2026-11-20", token: person.access)
        #expect(today.status == 200)
        #expect(today.text.contains("<h2>Notes</h2>"))
        #expect(today.text.contains("Called the clinic"))
        #expect(!today.text.contains("About the entry"))
        let before = try await client.json(.get, "\(pages)/days/2026-11-19", token: person.access)
        #expect(before.text.contains("No notes this day."))
        #expect(!before.text.contains("Called the clinic"))

        // and the timeline has a row for today, which has nothing but the note
        let home = try await client.json(.get, pages, token: person.access)
        #expect(home.text.contains("href=\"\(pages)/days/2026-11-20\""))
        #expect(home.text.contains("1 note"))
        #expect(home.text.contains("Note: Called the clinic"))
        #expect(!home.text.contains("About the entry"))

        // and the note about the entry is on the entry's page
        let entryPage = try await client.json(
          .get, "\(pages)/entries/\(entry["id"]!)", token: person.access)
        #expect(entryPage.text.contains("About the entry"))
      }
      // Only its author may delete it from the day's page
      let mine = try await client.json(.get, "\(pages)/days/2026-11-20", token: owner.access)
      let theirs = try await client.json(.get, "\(pages)/days/2026-11-20", token: reader.access)
      #expect(mine.text.contains("\(base)/notes/day-note"))
      #expect(!theirs.text.contains("\(base)/notes/day-note"))
    }
  }
}
