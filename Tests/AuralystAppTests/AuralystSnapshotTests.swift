import HearthTesting
import SnapshotTesting
import Testing

/// Whole responses against the snapshots in __Snapshots__: a page and a JSON body.
@Suite struct AuralystSnapshotTests {
  @Test func newJournalAndItsPage() async throws {
    let server = try await TestServer(apps: testedApps, pinned: true)
    try await server.run { client in
      let ann = try await client.signup("ann@example.com", name: "Ann")
      let created = try await client.json(
        .post, "/api/auralyst/journals", ["title": "Ann's journal", "timeZone": "Europe/Paris"],
        token: ann.access)
      assertSnapshot(of: ResponseSnapshot.text(created), as: .lines, named: "journal")
      let page = try await client.raw(
        .get, "/auralyst", headers: [.authorization: "Bearer \(ann.access)"])
      assertSnapshot(of: ResponseSnapshot.text(page), as: .lines, named: "page")
    }
  }
}
