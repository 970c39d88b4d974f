import Foundation
import HTTPTypes
import HearthCore
import HearthTesting
import HummingbirdTesting
import Testing

@testable import AuralystApp
@testable import HearthPlatform

/// Factors on the pages: defined on their page, logged on a day's page, related in insights.
@Suite struct AuralystFactorPagesTests {
  @Test func factorsAreDefinedLoggedAndComparedOnThePages() async throws {
    let server = try await TestServer(apps: testedApps, now: { AuralystFactorAPITests.now })
    try await server.run { client in
      let owner = try await client.signup("ann@example.com", name: "Ann")
      let reader = try await client.signup("cal@example.com", name: "Cal")
      let stranger = try await client.signup("eve@example.com", name: "Eve")
      let created = try await client.json(
        .post, "/api/auralyst/journals", ["timeZone": "UTC"], token: owner.access)
      let journal = try #require((created["journal"] as? [String: Any])?["id"] as? String)
      let base = "/api/auralyst/journals/\(journal)"
      _ = try await client.json(
        .post, "\(base)/shares", ["email": "cal@example.com", "permission": "read-only"],
        token: owner.access)
      _ = try await client.json(
        .post, "/api/invitations/respond",
        ["app": "auralyst", "kind": "journal", "resourceId": journal, "decision": "accept"],
        token: reader.access)
      let sleep = try await AuralystExportTests.post(
        client, "\(base)/factors", ["name": "Sleep", "kind": "number", "unit": "hours"],
        owner.access)
      _ = try await AuralystExportTests.post(
        client, "\(base)/factors", ["name": "Triggers", "kind": "tags"], owner.access)
      for (day, hours, severity) in AuralystFactorAPITests.days.prefix(4) {
        _ = try await AuralystExportTests.post(
          client, "\(base)/entries", ["severity": severity, "timestamp": "\(day)T09:00:00Z"],
          owner.access)
        _ = try await client.json(
          .put, "\(base)/factors/\(sleep["id"]!)/days/\(day)", ["number": hours],
          token: owner.access)
      }
      let pages = "/auralyst/journals/\(journal)"

      // The factors page: the owner can add and rename, the reader only reads
      let mine = try await client.json(.get, "\(pages)/factors", token: owner.access)
      #expect(mine.status == 200 && mine.text.contains("Add factor"))
      #expect(
        mine.text.contains("Rename") && mine.text.contains("Number (e.g., sleep hours), in hours"))
      let theirs = try await client.json(.get, "\(pages)/factors", token: reader.access)
      #expect(theirs.status == 200 && theirs.text.contains("Sleep"))
      #expect(!theirs.text.contains("Add factor") && !theirs.text.contains("Rename"))
      let none = try await client.json(.get, "\(pages)/factors", token: stranger.access)
      #expect(none.status == 404 && !none.text.contains("Sleep"))

      // A day's page shows its values: a form for the owner, the value for the reader
      let day = try await client.json(.get, "\(pages)/days/2026-11-13", token: owner.access)
      #expect(day.text.contains(#"data-api="\#(base)/factors/\#(sleep["id"]!)/days/2026-11-13""#))
      #expect(day.text.contains(#"value="6.5""#) && day.text.contains("Clear"))
      #expect(day.text.contains(#"<label for="factor-"#))
      let read = try await client.json(.get, "\(pages)/days/2026-11-13", token: reader.access)
      #expect(read.text.contains("Sleep</strong>: 6.5 hours") && !read.text.contains("Clear"))
      #expect(read.text.contains("Triggers</strong>: Not logged"))

      // The quick-add takes the day's factors with the entry
      let home = try await client.json(.get, pages, token: owner.access)
      #expect(home.text.contains("Factors for this day"))
      #expect(home.text.contains(#"name="factor.\#(sleep["id"]!).number""#))
      #expect(
        home.text.contains(#"<label for="quick-factor-\#(sleep["id"]!)">Sleep (hours)</label>"#))

      // Insights: four paired days are not enough for a cue, and the page says so
      let insights = try await client.json(
        .get, "\(pages)/insights?window=30d", token: owner.access)
      #expect(insights.text.contains("4 days with both a value and entries"))
      #expect(insights.text.contains("Not enough yet: a cue needs at least 10 days, 6 more."))
      #expect(!insights.text.contains("tended to be"))
    }
  }
}
